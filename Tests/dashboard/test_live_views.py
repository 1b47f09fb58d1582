"""The live views (outbox, requests, time and faults), users and sessions and the one-time link,
after test_dashboard.py has logged the tab in (pytest runs files in name order; the Custom
routes view is test_routes_view.py)."""
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from page import act, all_css, css, log_in, log_out, open_view, text_appears, visible, wait
from conftest import console_errors


def test_aCaptchaAppearsInTheOutbox_withItsPicture(browser, emulator, screenshots):
    open_view(browser, emulator, "outbox")
    status, captcha = emulator.request("GET", "/1.1/requestCaptcha", master=False)
    assert status == 200
    _, outbox = emulator.request("GET", f"/__admin/outbox?token={captcha['captcha_token']}")
    answer = outbox["results"][0]["code"]
    item = visible(browser, "#outbox-list li[data-kind=captcha]")
    text_appears(browser, "#outbox-list li[data-kind=captcha] .code", answer)
    picture = item.find_element("css selector", "img.captcha")
    wait(browser, lambda b: b.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", picture))
    screenshots(browser, "outbox")


def test_aPushAppearsInTheOutbox_withTheDevicesItReached(browser, emulator):
    open_view(browser, emulator, "outbox")
    installation = {"deviceType": "android", "installationId": "dashboard-device", "channels": ["news"]}
    assert emulator.request("POST", "/1.1/installations", installation, master=False)[0] in (200, 201)
    status, _ = emulator.request("POST", "/1.1/push", {"channels": ["news"], "data": {"alert": "Extra!"}}, master=False)
    assert status == 200
    visible(browser, "#outbox-list li[data-kind=push]")
    text_appears(browser, "#outbox-list li[data-kind=push] .push", "dashboard-device")
    text_appears(browser, "#outbox-list li[data-kind=push] .push", 'channel "news"')


def test_advancesTheClock(browser, emulator, screenshots):
    open_view(browser, emulator, "time")
    visible(browser, "#clock-now code")
    advance = css(browser, "#clock-advance")
    advance.clear()
    advance.send_keys("16m")
    css(browser, "#clock-advance-button").click()
    wait(browser, lambda b: emulator.request("GET", "/__admin/clock")[1]["offsetMs"] >= 16 * 60 * 1000)
    text_appears(browser, "#clock-now", "offset")
    screenshots(browser, "time")


def test_setsAFunctionStub_andSeesItsCall(browser, emulator):
    open_view(browser, emulator, "time")
    visible(browser, "#stub-name").send_keys("hello")
    css(browser, "#stub-add").click()
    text_appears(browser, "#stubs", "hello")
    status, body = emulator.request("POST", "/1.1/functions/hello", {"who": "dashboard"}, master=False)
    assert status == 200 and body == {"result": "Hello"}
    css(browser, "#function-calls + button").click()
    text_appears(browser, "#function-calls", '"who":"dashboard"')


def test_injectsAFault_andSeesItInTheJournal(browser, emulator, screenshots):
    open_view(browser, emulator, "time")
    css(browser, "#fault-path").send_keys("/1.1/classes/Post*")
    css(browser, "#fault-status").send_keys("503")
    css(browser, "#fault-add").click()
    text_appears(browser, "#fault-list", "/1.1/classes/Post*")
    status, body = emulator.request("GET", "/1.1/classes/Post?limit=1", master=False)
    assert status == 503 and body["code"] == 503
    journal_status, _ = emulator.request("GET", "/__admin/requests?limit=1")
    assert journal_status == 200, "GET /__admin/requests: the request journal is missing"
    open_view(browser, emulator, "requests")
    visible(browser, "#journal tr[data-status='503']")
    row = css(browser, "#journal tr[data-status='503']")
    assert "/1.1/classes/Post" in row.text
    row.find_element("css selector", "button.link").click()
    text_appears(browser, "#request-detail", "503")
    assert "lcemu-dev-app-key" not in css(browser, "#request-detail").text
    screenshots(browser, "requests")
    css(browser, "#filter-status").send_keys("2xx")
    css(browser, "#filter-status").submit()
    wait(browser, lambda b: not all_css(b, "#journal tr[data-status='503']"))


def test_showsUsersSessions_andRevokesOne(browser, emulator, screenshots):
    status, user = emulator.request("POST", "/1.1/login", {"username": "testuser", "password": "lcemu-test-password"}, master=False)
    assert status == 200
    open_view(browser, emulator, "users")
    row = f"tr[data-user-id='{user['objectId']}']"
    text_appears(browser, row, user["sessionToken"][-4:])
    screenshots(browser, "users")
    act(browser, f"{row} td[data-label=Session] button.danger", lambda button: button.click())
    wait(browser, lambda b: emulator.request("GET", "/1.1/users/me", master=False,
                                            headers={"X-LC-Session": user["sessionToken"]})[0] != 200)


def test_setsAVerifiedFlag_andAPassword(browser, emulator):
    open_view(browser, emulator, "users")
    user_id = "64b7f0c2e4b0a1d2c3f40001"  # the seeded testuser
    row = f"tr[data-user-id='{user_id}']"
    visible(browser, f"{row} td[data-label=Email] input[type=checkbox]")
    act(browser, f"{row} td[data-label=Email] input[type=checkbox]", lambda box: box.click())
    wait(browser, lambda b: emulator.request("GET", f"/1.1/users/{user_id}")[1].get("emailVerified") is True)
    wait(browser, lambda b: css(b, f"{row} td[data-label=Email] input[type=checkbox]").is_selected())
    act(browser, f"{row} input[type=password]", lambda field: field.send_keys("a-new-password", Keys.ENTER))
    wait(browser, lambda b: emulator.request("POST", "/1.1/login", {"username": "testuser", "password": "a-new-password"},
                                            master=False)[0] == 200)


def test_oneTimeLink_logsInOnce(browser, emulator):
    log_out(browser, emulator)
    browser.get(emulator.login_link)
    visible(browser, "#nav")
    assert "login=" not in browser.current_url
    log_out(browser, emulator)
    browser.get(emulator.login_link)
    text_appears(browser, "#login-error", "already used or expired")
    assert all("/__admin/ui-login" in error and "401" in error for error in console_errors(browser, emulator))
    log_in(browser, emulator)


def test_everyViewIsKeyboardReachable(browser, emulator):
    open_view(browser, emulator, "data")
    browser.refresh()  # focus starts from the top of a freshly loaded page
    visible(browser, "#nav")
    reached = set()
    for _ in range(10):
        ActionChains(browser).send_keys(Keys.TAB).perform()
        reached.add(browser.switch_to.active_element.get_attribute("href") or "")
    assert {f"#/{view}" for view in ["data", "users", "outbox", "requests", "time", "routes"]} <= {
        href[href.find("#"):] for href in reached if "#/" in href}
