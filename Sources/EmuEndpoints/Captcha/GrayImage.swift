import EmuData
import EmuRouting

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
