"""Fixtures of the dashboard's browser suite: one lcemu (the repository's seed and the example
route files of docs/custom-backends.md), one headless Chromium, and a check after every test
that the browser logged no error at all."""
import json
import os
import shutil
import tempfile

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

from lcemu_process import Emulator, binary_path

REPOSITORY = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# Relative to the repository, as the Custom routes view shows each route's source.
ROUTES = "docs/examples/custom-backends/routes"
WIDE, NARROW = (1440, 900), (390, 844)
# A name Chromium resolves to this machine, as DNS rebinding would (test_cross_origin.py).
REBOUND_NAME = "rebound.example"


@pytest.fixture(scope="session")
def emulator():
    data_dir = tempfile.mkdtemp(prefix="lcemu-dashboard-")
    # The default seed (seed/: Post, _User) from the repository; the routes' Feedback resource is
    # only listed here, never called, so its seed is not needed.
    running = Emulator(binary_path(), data_dir, ["--routes", ROUTES], cwd=REPOSITORY)
    yield running
    running.stop()
    shutil.rmtree(data_dir, ignore_errors=True)


@pytest.fixture(scope="session")
def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     f"--window-size={WIDE[0]},{WIDE[1]}", "--no-first-run", "--disable-extensions",
                     f"--host-resolver-rules=MAP {REBOUND_NAME} 127.0.0.1"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(executable_path=shutil.which("chromedriver") or "/usr/bin/chromedriver")
    driver = webdriver.Chrome(options=options, service=service)
    driver.set_window_size(*WIDE)
    yield driver
    driver.quit()


@pytest.fixture(autouse=True)
def no_console_errors(browser, emulator):
    yield
    errors = console_errors(browser, emulator)
    assert not errors, "the browser logged errors:\n" + "\n".join(errors)


def console_errors(browser, emulator):
    """The SEVERE browser log entries since the last call."""
    return [entry["message"] for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]


@pytest.fixture(scope="session")
def screenshots():
    folder = os.environ.get("LCEMU_SCREENSHOTS") or tempfile.mkdtemp(prefix="lcemu-screens-")
    os.makedirs(folder, exist_ok=True)

    def save(browser, name, scroll_to=None):
        """Saves the current view wide and narrow: <name>-wide.png, <name>-narrow.png; with
        `scroll_to` (a CSS selector), that element scrolled into sight in each."""
        # The last action's toast belongs to the previous step, not to the view.
        browser.execute_script("const t = document.getElementById('toast'); if (t) { t.style.transition = 'none'; t.classList.remove('shown'); }")
        reveal = "document.querySelector(arguments[0]).scrollIntoView({block: 'start'})"
        if scroll_to:
            browser.execute_script(reveal, scroll_to)
        browser.save_screenshot(os.path.join(folder, f"{name}-wide.png"))
        browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": NARROW[0], "height": NARROW[1], "deviceScaleFactor": 1, "mobile": True})
        try:
            if scroll_to:
                browser.execute_script(reveal, scroll_to)
            browser.save_screenshot(os.path.join(folder, f"{name}-narrow.png"))
        finally:
            browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    return save


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """On a failure, a screenshot of the page as it was (failed-<test>.png) beside the others,
    and what the page and its server were doing then, in the report (a rare failure explains
    itself): the page's live mode, banner, view and last requests; the server's live state."""
    outcome = yield
    report = outcome.get_result()
    browser = item.funcargs.get("browser")
    if report.when == "call" and report.failed and browser is not None:
        folder = os.environ.get("LCEMU_SCREENSHOTS") or tempfile.gettempdir()
        browser.save_screenshot(os.path.join(folder, f"failed-{item.name}.png"))
        # A module's own server fixture (test_restarts.py's `server`) before the session's.
        server = item.funcargs.get("server") or item.funcargs.get("emulator")
        report.sections.append(("the page and the server at the failure", state_at_failure(browser, server)))


# The page's side of `state_at_failure`: what a test waits on, and the last calls it made
# (PerformanceResourceTiming, with the answer's status; a stream is listed once it has ended).
PAGE_STATE = r"""
const view = document.getElementById("view");
const calls = performance.getEntriesByType("resource").slice(-15).map((entry) =>
  `${Math.round(entry.startTime)}-${Math.round(entry.responseEnd)} ms ${entry.responseStatus ?? "?"} ` +
  entry.name.replace(location.origin, ""));
return {
  now: Math.round(performance.now()), url: location.href, live: document.documentElement.dataset.live ?? null,
  banner: !document.getElementById("connection")?.hidden, busy: view?.hasAttribute("aria-busy") ?? null,
  current: document.querySelector("#nav a[aria-current='page']")?.getAttribute("href") ?? null,
  view: (view?.innerText ?? "").slice(0, 400), outbox: [...document.querySelectorAll("#outbox-list li")].map((li) => li.dataset.id),
  toast: document.getElementById("toast")?.textContent ?? null, calls,
};
"""


def state_at_failure(browser, server):
    lines = []
    try:
        page = browser.execute_script(PAGE_STATE)
        calls = page.pop("calls")
        lines += [f"page: {json.dumps(page)}", "page's last calls (start-end since load, status, path):"]
        lines += [f"  {call}" for call in calls]
    except Exception as error:  # the failure may be the browser's own
        lines.append(f"page: unreadable ({error!r})")
    try:
        lines += [f"browser log: {entry['level']} {entry['message']}" for entry in browser.get_log("browser")]
    except Exception as error:
        lines.append(f"browser log: unreadable ({error!r})")
    if server is not None:
        alive = server.process.poll() is None
        lines.append(f"server: {server.base_url}, process {'running' if alive else f'exited {server.process.returncode}'}")
        if alive:
            try:
                lines.append(f"server state: {json.dumps(server.request('GET', '/__admin/status', headers={'X-LCEmu-Dashboard': '1'}))}")
            except Exception as error:
                lines.append(f"server state: no answer ({error!r})")
    return "\n".join(lines)
