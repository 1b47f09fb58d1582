"""Fixtures of the dashboard's browser suite: one lcemu, one headless Chromium, and a check after
every test that the browser logged no error (network errors of endpoints this build may not
have yet are named one by one in ALLOWED_MISSING)."""
import os
import shutil
import tempfile

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

from lcemu_process import Emulator, binary_path

# Endpoints of features built beside the dashboard (custom routes); the page shows a friendly
# note when they answer 404, but Chromium still logs the 404 as an error.
ALLOWED_MISSING = ["/__admin/routes", "/__admin/scenarios"]
WIDE, NARROW = (1280, 800), (390, 844)


@pytest.fixture(scope="session")
def emulator():
    data_dir = tempfile.mkdtemp(prefix="lcemu-dashboard-")
    running = Emulator(binary_path(), data_dir)
    yield running
    running.stop()
    shutil.rmtree(data_dir, ignore_errors=True)


@pytest.fixture(scope="session")
def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     f"--window-size={WIDE[0]},{WIDE[1]}", "--no-first-run", "--disable-extensions"]:
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
    """The SEVERE browser log entries since the last call, bar the allowed missing endpoints."""
    found = []
    for entry in browser.get_log("browser"):
        if entry["level"] != "SEVERE":
            continue
        message = entry["message"]
        if any(f"{emulator.base_url}{path}" in message and " 404 " in message for path in ALLOWED_MISSING):
            continue
        found.append(message)
    return found


@pytest.fixture(scope="session")
def screenshots():
    folder = os.environ.get("LCEMU_SCREENSHOTS") or tempfile.mkdtemp(prefix="lcemu-screens-")
    os.makedirs(folder, exist_ok=True)

    def save(browser, name):
        """Saves the current view wide and narrow: <name>-wide.png, <name>-narrow.png."""
        # The last action's toast belongs to the previous step, not to the view.
        browser.execute_script("const t = document.getElementById('toast'); if (t) { t.style.transition = 'none'; t.classList.remove('shown'); }")
        browser.save_screenshot(os.path.join(folder, f"{name}-wide.png"))
        browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": NARROW[0], "height": NARROW[1], "deviceScaleFactor": 1, "mobile": True})
        try:
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
