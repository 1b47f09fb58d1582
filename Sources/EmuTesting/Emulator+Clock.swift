import EmuAPI

extension Emulator {
    /// Moves the emulator's clock, which every expiry follows: sessions, captchas, SMS codes,
    /// upload tokens. It never sleeps.
    public struct Clock: Sendable {
        let clock: EmulatorClock

        init(_ clock: EmulatorClock) { self.clock = clock }

        /// Emulator time, milliseconds since 1970.
        public var nowMilliseconds: Int64 { clock.nowMilliseconds }

        public func advance(milliseconds: Int64) { clock.advance(milliseconds: milliseconds) }

        public func advance(seconds: Double) { clock.advance(milliseconds: Int64((seconds * 1000).rounded())) }

        /// `emulator.clock.advance(by: .seconds(3600))`.
        public func advance(by duration: Duration) {
            let (seconds, attoseconds) = duration.components
            clock.advance(milliseconds: seconds * 1000 + attoseconds / 1_000_000_000_000_000)
        }

        /// Pins the clock to an instant (it then stands still until advanced).
        public func set(milliseconds: Int64) { clock.set(milliseconds: milliseconds) }

        /// Stops the clock where it is: captchas (60 s), SMS codes and sessions then expire only
        /// when the test moves the clock, never because a loaded CI machine held the test back.
        public func freeze() { clock.set(milliseconds: clock.nowMilliseconds) }

        /// Back to real time: no offset, not pinned (`Emulator.reset()` does this too).
        public func reset() { clock.reset() }
    }
}
