"""Small helpers over Selenium for the dashboard: open a view, wait for a condition with a
deadline (never a fixed sleep), find elements."""
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from lcemu_process import APP_ID, MASTER_KEY

DEADLINE_S = 10


def wait(browser, condition, deadline_s=DEADLINE_S, message=""):
    # Live views redraw: an element found a moment ago may be gone; the next try finds the new one.
    return WebDriverWait(browser, deadline_s, poll_frequency=0.05,
                         ignored_exceptions=[StaleElementReferenceException]).until(condition, message)


def css(browser, selector):
    return browser.find_element(By.CSS_SELECTOR, selector)


def all_css(browser, selector):
    return browser.find_elements(By.CSS_SELECTOR, selector)


def visible(browser, selector, deadline_s=DEADLINE_S):
    return wait(browser, EC.visibility_of_element_located((By.CSS_SELECTOR, selector)), deadline_s,
                f"{selector} never became visible")


def text_appears(browser, selector, text, deadline_s=DEADLINE_S):
    wait(browser, EC.text_to_be_present_in_element((By.CSS_SELECTOR, selector), text), deadline_s,
         f"'{text}' never appeared in {selector}")


def open_view(browser, emulator, view):
    """Goes to #/<view> (the page stays loaded when it is already open) and waits for it."""
    if not browser.current_url.startswith(emulator.dashboard_url):
        browser.get(emulator.dashboard_url)
    if not browser.execute_script("return sessionStorage.getItem('lcemu.dashboard.credentials')"):
        log_in(browser, emulator)  # so that any one test also runs alone (pytest -k)
    browser.execute_script("location.hash = arguments[0]", f"#/{view}")
    section = view.split("/")[0]
    wait(browser, lambda b: b.execute_script(
        "return document.querySelector(`#nav a[aria-current='page']`)?.getAttribute('href')") == f"#/{section}")
    # ...and has read what it shows: what the test does next is news to the view.
    wait(browser, lambda b: b.execute_script("return !document.getElementById('view').hasAttribute('aria-busy')"),
         message=f"the {view} view never finished loading")


def log_in(browser, emulator):
    browser.get(emulator.dashboard_url)
    visible(browser, "#login-app").send_keys(APP_ID)
    css(browser, "#login-key").send_keys(MASTER_KEY)
    css(browser, "#login button[type=submit]").click()
    visible(browser, "#nav")


def log_out(browser, emulator):
    """Forgets the tab's key (sessionStorage belongs to the page's origin: open it first)."""
    if not browser.current_url.startswith(emulator.base_url):
        browser.get(emulator.dashboard_url)
    browser.execute_script("sessionStorage.clear()")


def act(browser, selector, action):
    """Runs `action(element)` on a fresh find of `selector`, again if a live view redrew it meanwhile."""
    wait(browser, lambda b: action(css(b, selector)) or True, message=f"could not act on {selector}")
