// Re-exported so that `import LCWire` also brings MD5, SHA-1, hex, constant-time compare and
// the locks: LCClient, which apps ship, then needs no module beyond LCWire, and code that
// called LCWire's own MD5 before it moved to Primitives still compiles.
@_exported import Primitives
