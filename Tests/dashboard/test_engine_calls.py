"""The engine calls in the dashboard (docs/dashboard.md; docs/cloud-code.md, "Seeing the engine
calls"): an emulator of its own calling a fake LeanEngine app (fake_engine.py). The overview
shows the engine's URL, whether it answers and what it defines; the Requests view marks each
request that called the engine and its detail lists the calls, an after-hook joining them live
once it ran; the page's own reads are never journaled."""
import shutil
import tempfile

import pytest

from conftest import REPOSITORY, console_errors
from fake_engine import FakeEngine
from lcemu_process import Emulator, binary_path
from page import all_css, css, log_in, text_appears, visible, wait

MARKER = {"X-LCEmu-Dashboard": "1"}


@pytest.fixture(scope="module")
def engine():
    running = FakeEngine()
    yield running
    running.stop()


@pytest.fixture(scope="module")
def server(browser, engine):
    data_dir = tempfile.mkdtemp(prefix="lcemu-dashboard-engine-")
    # A long limit: the held afterSave must not time out while a test looks at its request.
    running = Emulator(binary_path(), data_dir, ["--no-seed", "--engine", engine.url, "--hook-key", "dashboard-hook-key",
                                                 "--engine-timeout", "30"], cwd=REPOSITORY)
    yield running
    browser.get("about:blank")  # the page leaves before its server stops
    console_errors(browser, running)
    running.stop()
    shutil.rmtree(data_dir, ignore_errors=True)


@pytest.fixture(autouse=True)
def released(engine):
    engine.release.clear()
    yield
    engine.release.set()  # a failed test never leaves an after-hook waiting


def go(browser, server, view):
    if not browser.current_url.startswith(server.dashboard_url):
        log_in(browser, server)
    browser.execute_script("location.hash = arguments[0]", f"#/{view}")
    wait(browser, lambda b: b.execute_script("return document.documentElement.dataset.live") == "stream")


def journal_row(browser, method, path):
    """The newest Requests row of `method path`, or None."""
    for row in all_css(browser, "#journal tr"):
        cells = row.find_elements("css selector", "td")
        if cells[1].text == method and cells[2].find_element("css selector", "button").text == path:
            return row
    return None


def mark(browser, method, path):
    row = journal_row(browser, method, path)
    marks = row.find_elements("css selector", ".engine-mark") if row else []
    return marks[0] if marks else None


def test_the_overview_shows_the_engine_what_it_defines_and_whether_it_answers(browser, server, engine, screenshots):
    go(browser, server, "overview")
    text_appears(browser, "#overview-engine-url", engine.url)
    text_appears(browser, "#overview-engine-functions", "hello")
    wait(browser, lambda b: [li.text for li in all_css(b, "#overview-engine-hooks li")]
         == ["Item afterSave", "Item beforeSave", "onVerified sms"], message="the hooks were not listed")
    assert "fail" in css(browser, "#overview-engine-functions").text
    # Live: the app's call is the engine's newest, without a click.
    assert server.request("POST", "/1.1/functions/hello", {}, master=False) == (200, {"result": "hello"})
    text_appears(browser, "#overview-engine-state", "answering")
    text_appears(browser, "#overview-engine-state", "POST /1.1/functions/hello → 200")
    screenshots(browser, "overview-engine", scroll_to="#overview-engine")
    engine.stop()
    try:
        status, body = server.request("POST", "/1.1/functions/hello", {}, master=False)
        assert status == 502 and body["code"] == 1
        text_appears(browser, "#overview-engine-state", "not answering")
        assert "cannot be reached" in css(browser, "#overview-engine-state").text
    finally:
        engine.start()
    assert server.request("POST", "/1.1/functions/hello", {}, master=False)[0] == 200
    wait(browser, lambda b: css(b, "#overview-engine-state").text.startswith("answering"), message="the engine stayed down")


def test_each_request_shows_its_engine_calls_and_an_after_hook_joins_them_live(browser, server, engine, screenshots):
    go(browser, server, "requests")
    assert server.request("POST", "/1.1/functions/hello", {}, master=False)[0] == 200
    assert server.request("POST", "/1.1/functions/fail", {}, master=False)[0] == 400
    status, item = server.request("POST", "/1.1/classes/Item", {"name": "Lamp"}, master=False)
    assert status == 201
    assert server.request("GET", "/1.1/classes/Item/" + item["objectId"], master=False)[0] == 200

    wait(browser, lambda b: mark(b, "POST", "/1.1/classes/Item") is not None, message="no marker on the save")
    assert mark(browser, "POST", "/1.1/classes/Item").text == "⚙ 1"  # beforeSave; afterSave is held
    assert mark(browser, "POST", "/1.1/functions/hello").text == "⚙ 1"
    assert "bad" in mark(browser, "POST", "/1.1/functions/fail").get_attribute("class")
    assert mark(browser, "GET", "/1.1/classes/Item/" + item["objectId"]) is None

    journal_row(browser, "POST", "/1.1/classes/Item").find_element("css selector", "td button").click()
    visible(browser, "#engine-calls li")
    calls = [li.text for li in all_css(browser, "#engine-calls li")]
    assert len(calls) == 1 and calls[0].startswith("POST /1.1/functions/Item/beforeSave → 200")

    engine.release.set()
    # The after-hook ran after the answer: it joins the detail and the marker without a click.
    wait(browser, lambda b: len(all_css(b, "#engine-calls li")) == 2, message="the afterSave never joined the detail")
    assert all_css(browser, "#engine-calls li")[1].text.startswith("POST /1.1/functions/Item/afterSave → 200")
    wait(browser, lambda b: mark(b, "POST", "/1.1/classes/Item").text == "⚙ 2", message="the marker stayed at 1")
    screenshots(browser, "requests-engine", scroll_to="#request-detail")

    journal_row(browser, "GET", "/1.1/classes/Item/" + item["objectId"]).find_element("css selector", "td button").click()
    text_appears(browser, "#engine-calls", "called the engine for nothing")
    # Watching changed nothing: none of the page's reads is in the journal.
    status, body = server.request("GET", "/__admin/requests?path=/__admin&limit=1000", headers=MARKER)
    assert status == 200 and [r["path"] for r in body["results"] if r["path"].startswith("/__admin/engine")] == []
