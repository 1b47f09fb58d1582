import EmuData
import EmuRouting
import LCWire

/// The text of an export: `{"results":[…]}`, the shape of a LeanCloud query answer, so the file
/// imports back here, into the seed, or anywhere that reads query results.
///
/// One object per line: valid JSON that also diffs and greps well.
public enum ExportDocument {
    public static func serialize(_ records: [ObjectRecord]) -> [UInt8] {
        guard !records.isEmpty else { return Array("{\"results\":[]}\n".utf8) }
        var bytes = Array("{\"results\":[\n".utf8)
        for (index, record) in records.enumerated() {
            if index > 0 { bytes += Array(",\n".utf8) }
            bytes += JSON.object(record.json(includeACL: true)).serialized()
        }
        bytes += Array("\n]}\n".utf8)
        return bytes
    }
}
