// Re-exported so that `import LCWire` also brings MD5, SHA-1, hex, constant-time compare and
// the locks: LCClient, which apps ship, then needs no module beyond LCWire, and code that
// imports LCWire alone can name them.
@_exported import Primitives
