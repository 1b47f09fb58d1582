"""No view overflows the page sideways, wide or at 390 px (issue 28): tables scroll within their
card, everything else wraps."""
import pytest

from conftest import NARROW
from page import open_view, visible, wait

OVERFLOW = """
const width = document.documentElement.clientWidth;
return [...document.querySelectorAll('body *')].filter((e) => {
  const r = e.getBoundingClientRect();
  return r.width > 0 && r.right > width + 1 && !e.closest('.table-scroll, nav');
}).slice(0, 5).map((e) => e.tagName + '#' + e.id + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right));
"""


@pytest.mark.parametrize("view", ["overview", "data/Post", "data/_User", "users", "outbox", "requests", "time", "routes"])
def test_noViewOverflowsThePage(browser, emulator, view):
    open_view(browser, emulator, "users" if view != "users" else "outbox")  # a fresh render of the view
    open_view(browser, emulator, view)
    visible(browser, "#view .card")
    for metrics in [None, NARROW]:
        if metrics:
            browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                "width": metrics[0], "height": metrics[1], "deviceScaleFactor": 1, "mobile": True})
        try:
            wait(browser, lambda b: b.execute_script(
                "return document.documentElement.scrollWidth <= document.documentElement.clientWidth"),
                deadline_s=3, message=f"{view} overflows at {metrics or 'wide'}: {browser.execute_script(OVERFLOW)}")
        finally:
            if metrics:
                browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
