import EmuData
import EmuRouting
import Primitives

/// Draws a captcha code as a picture a person reads easily and a naive script does not:
/// scaled bitmap glyphs with a little slant and bounce, over a speckled background crossed by
/// a few light lines. Lines and speckles stay light, glyphs dark, so contrast keeps it readable.
enum CaptchaRenderer {
    static func render(code: String, width: Int, height: Int, seed: String) -> GrayImage {
        var random = SeededRandom(seed: seed)  // one token always draws the same picture
        var image = GrayImage(width: width, height: height)
        for index in image.pixels.indices { image.pixels[index] = UInt8.random(in: 228...255, using: &random) }
        for _ in 0..<3 {
            let start = (x: 0, y: Int.random(in: 0..<height, using: &random))
            let end = (x: width - 1, y: Int.random(in: 0..<height, using: &random))
            image.line(from: start, to: end, value: UInt8.random(in: 150...190, using: &random))
        }
        let characters = Array(code)
        guard !characters.isEmpty else { return image }
        // Each character gets a cell; the glyph fills most of it, at most 1.7 times as tall as wide.
        let cellWidth = Double(width) * 0.9 / Double(characters.count)
        let glyphWidth = max(5, cellWidth * 0.72)
        let glyphHeight = max(7, min(Double(height) * 0.72, glyphWidth * 1.7))
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

    /// Samples of each pixel per axis: ink coverage is measured on a 4×4 grid, so thin strokes
    /// of small glyphs come out grey instead of vanishing between pixels.
    private static let samples = 4

    /// Maps sample points of every pixel in the glyph's box back into the 5×7 bitmap and blends
    /// the ink over the background by the share of samples that hit it.
    private static func draw(_ character: Character, at box: GlyphPlacement, ink: UInt8, into image: inout GrayImage) {
        let middle = box.y + box.height / 2
        let reach = Int((box.height / 2 * abs(box.slant)).rounded(.up))
        for py in Int(box.y.rounded(.down))...Int((box.y + box.height).rounded(.up)) {
            for px in (Int(box.x.rounded(.down)) - reach)...(Int((box.x + box.width).rounded(.up)) + reach) {
                guard px >= 0, py >= 0, px < image.width, py < image.height else { continue }
                var hits = 0
                for sy in 0..<samples {
                    for sx in 0..<samples {
                        let x = Double(px) + (Double(sx) + 0.5) / Double(samples)
                        let y = Double(py) + (Double(sy) + 0.5) / Double(samples)
                        let u = (x - box.x - box.slant * (y - middle)) / box.width
                        let v = (y - box.y) / box.height
                        guard u >= 0, u < 1, v >= 0, v < 1 else { continue }
                        if CaptchaFont.ink(character, column: Int(u * Double(CaptchaFont.columns)), row: Int(v * Double(CaptchaFont.rows))) {
                            hits += 1
                        }
                    }
                }
                guard hits > 0 else { continue }
                let coverage = Double(hits) / Double(samples * samples)
                let blended = Double(image[px, py]) * (1 - coverage) + Double(ink) * coverage
                image[px, py] = UInt8(blended.rounded())
            }
        }
    }
}

// MARK: - The picture it draws into

/// A greyscale picture in memory, one byte per pixel (0 black, 255 white), rows top to bottom.
struct GrayImage {
    let width: Int
    let height: Int
    var pixels: [UInt8]

    init(width: Int, height: Int, fill: UInt8 = 255) {
        self.width = width
        self.height = height
        pixels = [UInt8](repeating: fill, count: width * height)
    }

    subscript(x: Int, y: Int) -> UInt8 {
        get { pixels[y * width + x] }
        set { pixels[y * width + x] = newValue }
    }

    /// Sets a pixel when it is inside the picture; drawing may run off the edges.
    mutating func plot(_ x: Int, _ y: Int, _ value: UInt8) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        self[x, y] = value
    }

    /// A one-pixel line (Bresenham).
    mutating func line(from start: (x: Int, y: Int), to end: (x: Int, y: Int), value: UInt8) {
        var (x, y) = start
        let dx = abs(end.x - x), dy = -abs(end.y - y)
        let sx = x < end.x ? 1 : -1, sy = y < end.y ? 1 : -1
        var error = dx + dy
        while true {
            plot(x, y, value)
            if x == end.x && y == end.y { return }
            let doubled = 2 * error
            if doubled >= dy { error += dy; x += sx }
            if doubled <= dx { error += dx; y += sy }
        }
    }
}
