import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Primitives

/// Resolution of an option: command line, else environment variable, else default.
enum Environment {
    static func string(_ cli: String?, _ variable: String, default fallback: String) -> String {
        cli ?? value(variable) ?? fallback
    }

    static func optionalString(_ cli: String?, _ variable: String) -> String? {
        cli ?? value(variable)
    }

    /// A comma-separated list from the option or its variable, items trimmed, empty ones dropped.
    static func list(_ cli: String?, _ variable: String) -> [String] {
        (optionalString(cli, variable) ?? "").split(separator: ",")
            .map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
    }

    /// A `:`-separated list of paths from the variable, empty items dropped; nil when unset.
    static func paths(_ variable: String) -> [String]? {
        value(variable).map { $0.split(separator: ":").map(String.init).filter { !$0.isEmpty } }
    }

    static func int(_ cli: Int?, _ variable: String, default fallback: Int, range: ClosedRange<Int>) throws -> Int {
        let resolved = try parsed(cli, variable, expecting: "an integer") ?? fallback
        guard range.contains(resolved) else {
            throw ValidationError("\(variable.lowercasedOptionName) must be in \(range.lowerBound)...\(range.upperBound), got \(resolved)")
        }
        return resolved
    }

    static func seconds(_ cli: Double?, _ variable: String, default fallback: Double) throws -> Double {
        let resolved = try parsed(cli, variable, expecting: "a number of seconds") ?? fallback
        guard resolved > 0, resolved.isFinite, resolved <= 86_400 else {
            throw ValidationError("\(variable.lowercasedOptionName) must be between 0 and 86400 seconds, got \(resolved)")
        }
        return resolved
    }

    /// Seconds where 0 is allowed (it means "off"); nil when neither option nor variable is set.
    static func optionalSeconds(_ cli: Double?, _ variable: String, range: ClosedRange<Double>) throws -> Double? {
        guard let resolved = try parsed(cli, variable, expecting: "a number of seconds") else { return nil }
        guard resolved.isFinite, range.contains(resolved) else {
            throw ValidationError("\(variable.lowercasedOptionName) must be between \(Int(range.lowerBound)) and \(Int(range.upperBound)) seconds, got \(resolved)")
        }
        return resolved
    }

    /// The command-line value, else the variable parsed as `T`; nil when neither is set.
    private static func parsed<T: LosslessStringConvertible>(_ cli: T?, _ variable: String, expecting kind: String) throws -> T? {
        if let cli { return cli }
        guard let raw = value(variable) else { return nil }
        guard let parsed = T(raw) else { throw ValidationError("\(variable)='\(raw)' is not \(kind)") }
        return parsed
    }

    static func flag(_ cli: Bool, _ variable: String) -> Bool {
        cli || optionalFlag(nil, variable) == true
    }

    /// The command-line value, else the variable as a yes/no word (`1 true yes on`,
    /// `0 false no off`); nil when neither is set or the word is neither.
    static func optionalFlag(_ cli: Bool?, _ variable: String) -> Bool? {
        if let cli { return cli }
        guard let raw = value(variable)?.lowercased() else { return nil }
        if ["1", "true", "yes", "on"].contains(raw) { return true }
        if ["0", "false", "no", "off"].contains(raw) { return false }
        return nil
    }

    static func value(_ variable: String) -> String? {
        guard let raw = getenv(variable) else { return nil }
        let text = String(cString: raw)
        return text.isEmpty ? nil : text
    }
}

extension String {
    /// `LCEMU_MAX_BODY_BYTES` → `--max-body-bytes`, for messages that name the option.
    var lowercasedOptionName: String {
        "--" + dropFirst("LCEMU_".count).lowercased().replacing("_", with: "-")
    }
}
