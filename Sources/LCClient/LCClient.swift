// LCClient: a Swift client for the LeanCloud Storage REST API 1.1 (and LCEmu).
// It re-exports LCWire for the wire vocabulary (JSON, JSONObject, LCPointer, LCGeoPoint, LCDate)
// and never imports the emulator's server modules.
@_exported import LCWire
