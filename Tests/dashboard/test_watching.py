"""Watching changes nothing, live without polling storms (docs/dashboard.md): every view stays
open beside an app, follows it through the event stream, and leaves the request journal and
the injected faults exactly as the app left them."""
import http.client
from urllib.parse import urlparse

from page import all_css, css, open_view, text_appears, visible, wait
from lcemu_process import APP_ID, MASTER_KEY

MARKER = {"X-LCEmu-Dashboard": "1"}


def journal(emulator):
    """The journal as (method, path) pairs, newest first, read without adding to it."""
    status, body = emulator.request("GET", "/__admin/requests?limit=1000", headers=MARKER)
    assert status == 200
    return [(entry["method"], entry["path"]) for entry in body["results"]]


def streaming(browser):
    wait(browser, lambda b: b.execute_script("return document.documentElement.dataset.live") == "stream",
         message="the page never opened its event stream")


def test_everyViewOpenBesideAnApp_leavesTheJournalAndTheFaultsAsTheAppLeftThem(browser, emulator):
    open_view(browser, emulator, "data/Post")
    emulator.request("DELETE", "/__admin/requests")
    status, fault = emulator.request("POST", "/__admin/faults", {"path": "/1.1/classes/Post*", "status": 503, "times": 2})
    assert status == 200
    app_requests = list(reversed(journal(emulator)))  # what the test itself did: its two admin calls
    for view in ["data/Post", "users", "outbox", "requests", "time", "routes"]:
        open_view(browser, emulator, view)
        streaming(browser)
        # The app acts while the view is open, and the view follows it.
        if view == "data/Post":
            assert emulator.request("POST", "/1.1/classes/Comment", {"text": "hi"}, master=False)[0] == 201
            app_requests.append(("POST", "/1.1/classes/Comment"))
            visible(browser, "#class-list .count[data-class-name='Comment']")
            text_appears(browser, "#class-list .count[data-class-name='Comment']", "1")
        elif view == "outbox":
            assert emulator.request("GET", "/1.1/requestCaptcha", master=False)[0] == 200
            app_requests.append(("GET", "/1.1/requestCaptcha"))
            visible(browser, "#outbox-list li[data-kind=captcha] img.captcha[src^='data:image/png']")
        elif view == "requests":
            assert emulator.request("GET", "/1.1/date", master=False)[0] == 200
            app_requests.append(("GET", "/1.1/date"))
            text_appears(browser, "#journal", "/1.1/date")
        elif view == "time":
            visible(browser, f"#fault-list tr[data-id='{fault['id']}']")
        else:
            visible(browser, "#view section, #view .card")
    assert journal(emulator) == list(reversed(app_requests))
    status, faults = emulator.request("GET", "/__admin/faults", headers=MARKER)
    assert [(f["path"], f["times"]) for f in faults["results"]] == [("/1.1/classes/Post*", 2)]
    # The app meets both uses of its fault.
    assert [emulator.request("GET", "/1.1/classes/Post", master=False)[0] for _ in range(3)] == [503, 503, 200]


def test_withEveryStreamTaken_thePagePolls_andStillFollows(browser, emulator):
    address = urlparse(emulator.base_url)
    held = []
    try:
        # The page's own stream is one of the eight: leave the page first, then take them all.
        browser.get("about:blank")
        def take_one(_):
            # A stream of the page just left may still be closing: then this one is refused; again.
            connection = http.client.HTTPConnection(address.hostname, address.port, timeout=10)
            connection.request("GET", "/__admin/events", headers={
                "X-LC-Id": APP_ID, "X-LC-Key": f"{MASTER_KEY},master", **MARKER})
            response = connection.getresponse()
            # Taken only once its first state arrived: a stream that lost a race ends at once.
            # The response is kept: it holds the socket (http.client lets go of it on a close-delimited answer).
            if response.status == 200 and response.fp.readline().startswith(b"event: state"):
                held.append(response)
            else:
                connection.close()
            return len(held) == 8
        wait(browser, take_one, message="could not take the eight event streams")
        open_view(browser, emulator, "requests")
        wait(browser, lambda b: b.execute_script("return document.documentElement.dataset.live") == "poll",
             message=f"the page did not fall back to polling ({len(held)} streams held)")
        assert emulator.request("GET", "/1.1/date?polled=1", master=False)[0] == 200
        text_appears(browser, "#journal", "polled=1")
    finally:
        for response in held:
            response.close()
    # The refused stream is the one console error this test causes.
    from conftest import console_errors
    assert all("/__admin/events" in error and "503" in error for error in console_errors(browser, emulator))
