#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What `stat` says of a path. `FileManager.fileExists(atPath:isDirectory:)` takes a `Bool` in
/// FoundationEssentials and an `ObjCBool` in Foundation; this reads the same on both.
public enum FileStatus {
    /// Whether a directory is at `path` (following links); nil when nothing is.
    public static func isDirectory(_ path: String) -> Bool? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// The size in bytes of what is at `path`; nil when nothing is.
    public static func size(_ path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Int(info.st_size)
    }

    /// The last modification time of what is at `path`, in nanoseconds since 1970; nil when
    /// nothing is.
    public static func modificationNanoseconds(_ path: String) -> Int64? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        let time = info.st_mtimespec
        #else
        let time = info.st_mtim
        #endif
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}
