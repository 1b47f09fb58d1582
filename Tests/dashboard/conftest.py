"""Fixtures of the dashboard's browser suite: one lcemu (the repository's seed and the example
route files of docs/custom-backends.md), one headless Chromium, and a check after every test
that the browser logged no error at all."""
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
    """On a failure, a screenshot of the page as it was (failed-<test>.png) beside the others."""
    outcome = yield
    report = outcome.get_result()
    browser = item.funcargs.get("browser")
    if report.when == "call" and report.failed and browser is not None:
        folder = os.environ.get("LCEMU_SCREENSHOTS") or tempfile.gettempdir()
        browser.save_screenshot(os.path.join(folder, f"failed-{item.name}.png"))
