extension JSONSerializer {
    /// Appends a number as JavaScript's `Number.prototype.toString` prints it
    /// (ECMA-262 §6.1.6.1.20 `Number::toString`), which is what `JSON.stringify` uses.
    ///
    /// `3` → `3`, `-0` → `0`, `0.1` → `0.1`, `1e21` → `1e+21`, `1e-7` → `1e-7`,
    /// `2^60` → `1152921504606847000`; NaN and ±Infinity → `null`.
    public mutating func appendNumber(_ value: Double) {
        guard value.isFinite else {
            appendASCII("null")
            return
        }
        if value == 0 {
            appendByte(UInt8(ascii: "0"))  // both zeros print "0"
            return
        }
        // Fast path: integers below 2^53 are their own shortest round-trip digits.
        if value.magnitude < 9_007_199_254_740_992, value == value.rounded(.towardZero) {
            appendInteger(Int64(value))
            return
        }
        appendShortestDecimal(value)
    }

    /// Appends an integer's decimal digits without allocating.
    mutating func appendInteger(_ value: Int64) {
        if value < 0 { appendByte(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        let start = bytes.count
        repeat {
            appendByte(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        reverseBytes(from: start)
    }

    /// The general case. Swift's `description` already gives the shortest digits that round-trip
    /// (and the closest such, the same choice ECMA-262 makes); only the layout differs
    /// (`1e-07`, `1e+16`, `100.0`), so we take its digits and exponent and lay them out the JS way.
    private mutating func appendShortestDecimal(_ value: Double) {
        if value < 0 { appendByte(UInt8(ascii: "-")) }
        var digits: [UInt8] = []
        digits.reserveCapacity(20)
        var pointPosition: Int?
        var exponent = 0
        var exponentSign = 1
        var inExponent = false
        for byte in value.magnitude.description.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if inExponent {
                    exponent = exponent * 10 + Int(byte - UInt8(ascii: "0"))
                } else {
                    digits.append(byte)
                }
            case UInt8(ascii: "."): pointPosition = digits.count
            case UInt8(ascii: "e"), UInt8(ascii: "E"): inExponent = true
            case UInt8(ascii: "-"): exponentSign = -1
            default: break  // "+"
            }
        }
        // value = 0.d1d2…dk × 10^n  (ECMA-262's n), with no leading or trailing zero digits.
        var n = (pointPosition ?? digits.count) + exponentSign * exponent
        var leadingZeros = 0
        while leadingZeros < digits.count - 1, digits[leadingZeros] == UInt8(ascii: "0") { leadingZeros += 1 }
        n -= leadingZeros
        var end = digits.count
        while end > leadingZeros + 1, digits[end - 1] == UInt8(ascii: "0") { end -= 1 }
        let significant = digits[leadingZeros..<end]
        layOut(significant, n: n)
    }

    /// Steps 6–10 of `Number::toString` for k = `digits.count`.
    private mutating func layOut(_ digits: ArraySlice<UInt8>, n: Int) {
        let k = digits.count
        if k <= n && n <= 21 {
            bytes.append(contentsOf: digits)
            for _ in 0..<(n - k) { appendByte(UInt8(ascii: "0")) }
        } else if 0 < n && n <= 21 {
            bytes.append(contentsOf: digits.prefix(n))
            appendByte(UInt8(ascii: "."))
            bytes.append(contentsOf: digits.dropFirst(n))
        } else if -6 < n && n <= 0 {
            appendASCII("0.")
            for _ in 0..<(-n) { appendByte(UInt8(ascii: "0")) }
            bytes.append(contentsOf: digits)
        } else {
            appendByte(digits[digits.startIndex])
            if k > 1 {
                appendByte(UInt8(ascii: "."))
                bytes.append(contentsOf: digits.dropFirst())
            }
            appendByte(UInt8(ascii: "e"))
            appendByte(n - 1 >= 0 ? UInt8(ascii: "+") : UInt8(ascii: "-"))
            appendInteger(Int64((n - 1).magnitude))
        }
    }
}
