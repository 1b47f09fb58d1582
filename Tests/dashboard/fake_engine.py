"""A LeanEngine app's HTTP face, faked with the standard library, for the dashboard's engine
tests (the real one, the PyPI `leancloud` package, is the engine tier's): it lists what it
defines at `_ops/metadatas`, answers `hello` and `fail`, `Item`'s beforeSave with the object
as sent, and holds `Item`'s afterSave until the test releases it, so a test sees an after-hook
join its request's calls after the answer. Stopped and started again on the same port, it plays
an engine that went down and came back."""
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

DEFINES = ["hello", "fail", "__before_save_for_Item", "__after_save_for_Item", "__on_verified_sms"]
HOLD_S = 15  # the longest an afterSave waits for its release (the emulator waits longer)


class FakeEngine:
    def __init__(self):
        self.release = threading.Event()
        self.server = None
        self.port = 0
        self.start()

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}"

    def start(self):
        self.server = ThreadingHTTPServer(("127.0.0.1", self.port), self._handler())
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self):
        self.release.set()
        self.server.shutdown()
        self.server.server_close()

    def _handler(self):
        engine = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *arguments):
                pass

            def answer(self, status, body):
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_GET(self):
                if self.path == "/1.1/functions/_ops/metadatas":
                    return self.answer(200, {"result": DEFINES})
                self.answer(404, {"code": 1, "error": "not found"})

            def do_POST(self):
                sent = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)) or b"{}")
                if self.path == "/1.1/functions/hello":
                    return self.answer(200, {"result": "hello"})
                if self.path == "/1.1/functions/fail":
                    return self.answer(400, {"code": 123, "error": "failed on purpose"})
                if self.path == "/1.1/functions/Item/beforeSave":
                    return self.answer(200, sent.get("object", {}))
                if self.path == "/1.1/functions/Item/afterSave":
                    engine.release.wait(HOLD_S)
                    return self.answer(200, {"result": "ok"})
                self.answer(404, {"code": 1, "error": "not found"})
        return Handler
