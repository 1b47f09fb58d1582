import EmuTestSupport
import EmuAPI
import EmuHTTP
import EmuTesting
import LCWire
import Testing

/// A route's HTML is served from the dashboard's origin, and a template may echo the caller's
/// values into it: such a page is sandboxed (an opaque origin, so neither this origin's storage
/// nor `/__admin` is within its reach), while JSON and plain text answers stay as they were.
@Suite struct RoutePageIsolationTests {
    let emulator: TestServer
    let admin: TestClient
    let device: TestClient

    init() throws {
        emulator = try TestServer.start()
        admin = emulator.inProcessClient(credentials: .masterKey)
        device = emulator.inProcessClient(credentials: .none)
    }

    @Test func anHTMLPage_echoingTheCaller_isSandboxed_evenWithARoutesOwnPolicy() throws {
        _ = try admin.post("/__admin/routes", json: [
            "id": "hello", "request": ["method": "GET", "path": "/hello"],
            "response": ["body": "<p>Hello {{request.query.name}}</p>", "contentType": "text/html;charset=utf-8",
                         "headers": ["Content-Security-Policy": "default-src *"]],
        ])
        let page = try device.get("/hello?name=%3Cscript%3Ealert(1)%3C/script%3E")
        #expect(page.status == 200)
        #expect(page.headers["X-Content-Type-Options"] == "nosniff")
        let policies = page.headers.values(for: "Content-Security-Policy")
        #expect(policies.contains("default-src *"))
        #expect(policies.contains { $0.hasPrefix("sandbox") && !$0.contains("allow-same-origin") })
    }

    @Test func anSVGOrAnUnknownType_isSandboxedToo() throws {
        for (id, type) in [("svg", "image/svg+xml"), ("x", "application/x-whatever")] {
            _ = try admin.post("/__admin/routes", json: [
                "id": .string(id), "request": ["method": "GET", "path": .string("/\(id)")],
                "response": ["body": "<svg/>", "contentType": .string(type)],
            ])
            let answer = try device.get("/\(id)")
            #expect(answer.headers["Content-Security-Policy"]?.hasPrefix("sandbox") == true, "\(type)")
        }
    }

    /// Passive types stay unsandboxed, but are `nosniff` too: a JSON or text body echoing the
    /// caller is never guessed to be a page.
    @Test func jsonAndPlainText_areNosniff_withoutASandbox() throws {
        _ = try admin.post("/__admin/routes", json: [
            "id": "j", "request": ["method": "GET", "path": "/j"], "response": ["json": ["code": 0]],
        ])
        _ = try admin.post("/__admin/routes", json: [
            "id": "t", "request": ["method": "GET", "path": "/t"], "response": ["body": "ok"],
        ])
        for path in ["/j", "/t"] {
            let answer = try device.get(path)
            #expect(answer.status == 200)
            #expect(answer.headers["X-Content-Type-Options"] == "nosniff", "\(path)")
            #expect(answer.headers["Content-Security-Policy"] == nil, "\(path)")
        }
    }
}
