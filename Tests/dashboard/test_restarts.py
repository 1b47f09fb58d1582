"""True across restarts and resets (docs/dashboard.md, "Live"): an emulator of its own, stopped
and started again on the same port and data; the page shows a banner while it is gone, comes
back by itself, and starts its views over (the outbox's ids start again at 1, the journal's
too), as it does after a reset."""
import os
import shutil
import tempfile

import pytest

from conftest import REPOSITORY, console_errors
from lcemu_process import Emulator, binary_path, free_port
from page import all_css, css, log_in, text_appears, visible, wait

MARKER = {"X-LCEmu-Dashboard": "1"}


class Restartable:
    def __init__(self):
        self.data_dir = tempfile.mkdtemp(prefix="lcemu-dashboard-restarts-")
        self.port = free_port()
        self.current = None
        self.start()

    def start(self):
        self.current = Emulator(binary_path(), self.data_dir, cwd=REPOSITORY, port=self.port)

    def stop(self):
        self.current.stop()

    def __getattr__(self, name):
        return getattr(self.current, name)


@pytest.fixture(scope="module")
def server(browser):
    running = Restartable()
    yield running
    # The page leaves first: its live connection would retry against the stopped server.
    browser.get("about:blank")
    console_errors(browser, running)
    running.stop()
    shutil.rmtree(running.data_dir, ignore_errors=True)


def go(browser, server, view):
    if not browser.current_url.startswith(server.dashboard_url):
        log_in(browser, server)
    browser.execute_script("location.hash = arguments[0]", f"#/{view}")
    wait(browser, lambda b: b.execute_script("return document.documentElement.dataset.live") in ("stream", "poll"))


def captcha(server):
    status, body = server.request("GET", "/1.1/requestCaptcha", master=False)
    assert status == 200
    _, outbox = server.request("GET", f"/__admin/outbox?token={body['captcha_token']}", headers=MARKER)
    return outbox["results"][0]


def outbox_ids(browser):
    return [item.get_attribute("data-id") for item in all_css(browser, "#outbox-list li")]


def only_connection_errors(browser, server):
    """While the server is gone the page's calls fail: the only errors the browser may log."""
    errors = console_errors(browser, server)
    assert all("net::ERR_" in error for error in errors), errors


def test_aRestart_showsTheBanner_thenStartsTheOutboxOver(browser, server):
    go(browser, server, "outbox")
    first, second = captcha(server), captcha(server)
    wait(browser, lambda b: outbox_ids(b) == [str(second["id"]), str(first["id"])])
    server.stop()
    visible(browser, "#connection")
    server.start()
    wait(browser, lambda b: not css(b, "#connection").is_displayed(), deadline_s=20, message="the banner stayed")
    # The outbox is in memory: empty after the restart, and its ids start again at 1.
    wait(browser, lambda b: outbox_ids(b) == [])
    again = captcha(server)
    assert again["id"] == 1
    wait(browser, lambda b: outbox_ids(b) == ["1"])
    text_appears(browser, "#outbox-list li[data-id='1'] .code", again["code"])
    assert first["code"] not in css(browser, "#outbox-list").text
    only_connection_errors(browser, server)


def test_aRestart_startsTheRequestsOver(browser, server):
    go(browser, server, "requests")
    assert server.request("GET", "/1.1/date?old-instance=1", master=False)[0] == 200
    text_appears(browser, "#journal", "old-instance=1")
    server.stop()
    visible(browser, "#connection")
    server.start()
    wait(browser, lambda b: "old-instance=1" not in css(b, "#journal").text, deadline_s=20)
    assert server.request("GET", "/1.1/date?new-instance=1", master=False)[0] == 200
    text_appears(browser, "#journal", "new-instance=1")
    only_connection_errors(browser, server)


def test_aViewOpenedWhileTheServerIsDown_loadsWhenItIsBack(browser, server, screenshots):
    go(browser, server, "outbox")
    server.stop()
    visible(browser, "#connection")
    browser.execute_script("location.hash = '#/users'")
    visible(browser, "#view-unreachable")
    screenshots(browser, "unreachable")
    server.start()
    visible(browser, "table.users", deadline_s=20)
    wait(browser, lambda b: not css(b, "#connection").is_displayed())
    only_connection_errors(browser, server)


def test_aReset_dropsTheDeadCodes(browser, server):
    go(browser, server, "outbox")
    old = captcha(server)
    wait(browser, lambda b: str(old["id"]) in outbox_ids(b))
    assert server.request("POST", "/__admin/reset")[0] == 200
    wait(browser, lambda b: outbox_ids(b) == [], message="the reset left dead codes")
    new = captcha(server)
    wait(browser, lambda b: outbox_ids(b) == [str(new["id"])])
