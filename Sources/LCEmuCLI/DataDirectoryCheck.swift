import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Primitives

/// `serve`'s check, before anything starts, that `--data` can be a directory at all: a path to
/// a file, or through one (`/dev/null/lcemu`), is a bad option value (exit 64). A directory
/// that could exist but cannot be created or written is found when the databases open (exit 1).
enum DataDirectoryCheck {
    static func validate(_ path: String) throws {
        guard path != ":memory:" else { return }
        // The nearest part of the path that exists must be a directory.
        let absolute = URL(fileURLWithPath: path).path
        var candidate = absolute
        while true {
            if let isDirectory = FileStatus.isDirectory(candidate) {
                guard isDirectory else {
                    throw ValidationError(candidate == absolute ? "--data: '\(path)' is not a directory"
                        : "--data: '\(path)' cannot be a directory: '\(candidate)' is not one")
                }
                return
            }
            let parent = PathText.parent(of: candidate)
            guard !parent.isEmpty, parent != candidate else { return }
            candidate = parent
        }
    }
}
