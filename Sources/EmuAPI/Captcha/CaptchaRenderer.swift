/// Draws a captcha code as a picture a person reads easily and a naive script does not:
/// scaled bitmap glyphs with a little slant and bounce, over a speckled background crossed by
/// a few light lines. Lines and speckles stay light, glyphs dark, so contrast keeps it readable.
enum CaptchaRenderer {
    static func render(code: String, width: Int, height: Int, seed: String) -> GrayImage {
        var random = CaptchaRandom(seed: seed)
        var image = GrayImage(width: width, height: height)
        for index in image.pixels.indices { image.pixels[index] = UInt8.random(in: 228...255, using: &random) }
        for _ in 0..<3 {
            let start = (x: 0, y: Int.random(in: 0..<height, using: &random))
            let end = (x: width - 1, y: Int.random(in: 0..<height, using: &random))
            image.line(from: start, to: end, value: UInt8.random(in: 150...190, using: &random))
        }
        let characters = Array(code)
        guard !characters.isEmpty else { return image }
        // Each character gets a cell; the glyph fills most of it, 5:7 or taller.
        let cellWidth = Double(width) * 0.9 / Double(characters.count)
        let glyphWidth = max(5, cellWidth * 0.72)
        let glyphHeight = max(7, min(Double(height) * 0.72, glyphWidth * 2))
        let left = (Double(width) - cellWidth * Double(characters.count)) / 2
        for (index, character) in characters.enumerated() {
            let slack = max(0, Double(height) - glyphHeight)
            let placement = GlyphPlacement(
                x: left + cellWidth * Double(index) + (cellWidth - glyphWidth) / 2,
                y: slack / 2 + Double.random(in: -slack / 3...slack / 3, using: &random),
                width: glyphWidth, height: glyphHeight,
                slant: Double.random(in: -0.25...0.25, using: &random))
            draw(character, at: placement, ink: UInt8.random(in: 20...70, using: &random), into: &image)
        }
        return image
    }

    struct GlyphPlacement {
        var x, y, width, height: Double
        /// Horizontal shift per pixel of height, around the glyph's middle.
        var slant: Double
    }

    /// Maps every pixel of the glyph's box back into the 5×7 bitmap (nearest neighbour).
    private static func draw(_ character: Character, at box: GlyphPlacement, ink: UInt8, into image: inout GrayImage) {
        let middle = box.y + box.height / 2
        let reach = Int((box.height / 2 * abs(box.slant)).rounded(.up))
        for py in Int(box.y.rounded(.down))...Int((box.y + box.height).rounded(.up)) {
            for px in (Int(box.x.rounded(.down)) - reach)...(Int((box.x + box.width).rounded(.up)) + reach) {
                let u = (Double(px) + 0.5 - box.x - box.slant * (Double(py) + 0.5 - middle)) / box.width
                let v = (Double(py) + 0.5 - box.y) / box.height
                guard u >= 0, u < 1, v >= 0, v < 1 else { continue }
                let column = Int(u * Double(CaptchaFont.columns))
                let row = Int(v * Double(CaptchaFont.rows))
                if CaptchaFont.ink(character, column: column, row: row) { image.plot(px, py, ink) }
            }
        }
    }
}
