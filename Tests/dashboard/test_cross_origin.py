"""A page on another origin, open in the same browser as the dashboard, can neither read nor
change anything under /__admin (issue 25, docs/security.md): a preflighted fetch with the
published master key, a text/plain envelope (a "simple" request, never preflighted), a text/plain
form post, and a page whose name was re-bound to this machine (DNS rebinding, emulated with
Chromium's --host-resolver-rules). What the server holds afterwards is read over plain HTTP."""
import http.server
import json
import threading

import pytest

from conftest import REBOUND_NAME, console_errors
from lcemu_process import APP_ID, MASTER_KEY

ATTACKS = """
const [base, appId, masterKey, done] = arguments;
const keys = {"X-LC-Id": appId, "X-LC-Key": masterKey + ",master"};
const route = (id, extra) => JSON.stringify({...extra, id, request: {path: "/" + id}, response: {json: {stolen: true}}});
const attempt = async (call) => { try { return await call(); } catch (error) { return "blocked"; } };
const results = {};
results.read = await attempt(async () => { const r = await fetch(base + "/__admin/routes", {headers: keys}); return "read " + r.status; });
results.preflighted = await attempt(async () => {
  const r = await fetch(base + "/__admin/routes", {method: "POST", headers: {...keys, "Content-Type": "application/json"}, body: route("xo-preflight")});
  return "answered " + r.status;
});
const envelope = {_ApplicationId: appId, _MasterKey: masterKey};
results.envelope = await attempt(async () => {
  const r = await fetch(base + "/__admin/routes", {method: "POST", mode: "no-cors", headers: {"Content-Type": "text/plain"}, body: route("xo-envelope", envelope)});
  return "sent " + r.type;
});
// A form with enctype text/plain sends `name=value`: the name carries the JSON up to a last
// string, the value closes it, so the body is the same envelope.
const json = route("xo-form", {...envelope, pad: "X"});
const frame = document.createElement("iframe");
frame.name = "sink";
document.body.append(frame);
const form = document.createElement("form");
Object.assign(form, {method: "POST", action: base + "/__admin/routes", enctype: "text/plain", target: "sink"});
const field = Object.assign(document.createElement("input"), {type: "hidden", name: json.slice(0, -3), value: '"}'});
form.append(field);
document.body.append(form);
results.form = await new Promise((resolve) => { frame.onload = () => resolve("submitted"); form.submit(); });
done(results);
"""


@pytest.fixture(scope="module")
def other_origin():
    """A page on another loopback port: an origin the emulator was not told about."""
    class Page(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            body = b"<!doctype html><title>elsewhere</title><body>a page of another origin</body>"
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *arguments):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Page)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def route_ids(emulator):
    status, body = emulator.request("GET", "/__admin/routes")
    assert status == 200, body
    return {route["id"] for route in body["results"]}


def test_aPageOfAnotherOrigin_canNeitherReadNorChangeTheAdminAPI(browser, emulator, other_origin):
    before = route_ids(emulator)
    browser.get(other_origin + "/")
    browser.set_script_timeout(15)
    results = browser.execute_async_script(ATTACKS, emulator.base_url, APP_ID, MASTER_KEY)
    assert results["read"] == "blocked" and results["preflighted"] == "blocked", results
    assert results["envelope"] == "sent opaque" and results["form"] == "submitted", results
    assert route_ids(emulator) == before
    # The simple requests did reach the server (the form's load event is no proof of that) and
    # were refused there, not lost on the way: the journal shows both 403s.
    status, journal = emulator.request("GET", "/__admin/requests?method=POST&path=/__admin/routes&status=403")
    assert status == 200, journal
    refused = json.dumps(journal["results"])
    assert "xo-envelope" in refused and "xo-form" in refused, refused
    for path in ["/xo-preflight", "/xo-envelope", "/xo-form"]:
        assert emulator.request("GET", path, master=False)[0] == 404, path
    # The refusals are all the page logged: blocked fetches and 403s, nothing else.
    errors = console_errors(browser, emulator)
    assert all("CORS" in error or "403" in error or "ERR_FAILED" in error for error in errors), "\n".join(errors)


def test_theSameCalls_fromTheDashboardsOwnOrigin_work(browser, emulator):
    browser.get(emulator.dashboard_url)
    status = browser.execute_async_script(
        "const [appId, key, done] = arguments;"
        "fetch('/__admin/routes', {headers: {'X-LC-Id': appId, 'X-LC-Key': key + ',master'}}).then(r => done(r.status), e => done(String(e)));",
        APP_ID, MASTER_KEY)
    assert status == 200


def test_aPageRebound_toThisMachine_isRefused(browser, emulator):
    port = emulator.base_url.rsplit(":", 1)[1]
    rebound = f"http://{REBOUND_NAME}:{port}"
    # The page now is, for the browser, the emulator itself under the attacker's name.
    browser.get(rebound + "/1.1/date")
    status = browser.execute_async_script(
        "const [appId, key, done] = arguments;"
        "fetch('/__admin/routes', {headers: {'X-LC-Id': appId, 'X-LC-Key': key + ',master'}})"
        ".then(async r => done(r.status + ' ' + (await r.json()).code), e => done(String(e)));",
        APP_ID, MASTER_KEY)
    assert status == "403 119"
    browser.get(rebound + "/__admin/ui/")
    assert "--allowed-hosts" in browser.page_source
    console_errors(browser, emulator)  # the 403s above
