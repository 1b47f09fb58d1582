"""The dashboard in a real browser, against a live lcemu: what issue 18 asks of it, checked
through the page and, behind it, through /1.1 over plain HTTP. The tests run in file order and
share one emulator and one browser tab."""
import json

from selenium.webdriver.common.keys import Keys

from page import act, all_css, css, log_in, log_out, open_view, text_appears, visible, wait
from conftest import console_errors

SEED_POSTS = 40


def test_banner_printsTheDashboard_afterTheListeningLine(emulator):
    assert "listening on" in emulator.banner[0]
    assert emulator.dashboard_url == emulator.base_url + "/__admin/ui/"
    assert "#app=lcemu-dev-app-id&login=" in emulator.login_link
    assert "lcemu-dev-master-key" not in emulator.login_link


def test_pageAsksForTheKey_andRefusesAWrongOne(browser, emulator, screenshots):
    log_out(browser, emulator)
    browser.get(emulator.dashboard_url)
    visible(browser, "#login-app").send_keys("lcemu-dev-app-id")
    css(browser, "#login-key").send_keys("not-the-key", Keys.ENTER)
    text_appears(browser, "#login-error", "Wrong app ID or master key")
    assert not css(browser, "#nav").is_displayed() and not css(browser, "#log-out").is_displayed()
    screenshots(browser, "login")
    # The refused key's 401 is the one error this test expects.
    assert all("/__admin/clock" in error and "401" in error for error in console_errors(browser, emulator))


def test_logsInWithTheMasterKey_andBrowsesTheSeededPosts(browser, emulator, screenshots):
    log_in(browser, emulator)
    assert json.loads(browser.execute_script("return sessionStorage.getItem('lcemu.dashboard.credentials')"))["appId"]
    assert browser.execute_script("return localStorage.length") == 0
    open_view(browser, emulator, "data/Post")
    text_appears(browser, ".class-list a[aria-current=page] .count", str(SEED_POSTS))
    text_appears(browser, "#page-status", f"1–20 of {SEED_POSTS}")
    assert len(all_css(browser, "table.objects tbody tr")) == 20
    css(browser, "#page-status + button").click()  # next page
    text_appears(browser, "#page-status", f"21–40 of {SEED_POSTS}")
    css(browser, "#where").send_keys('{"title":{"$regex":"^\\\\[Members\\\\]"}}', Keys.ENTER)
    text_appears(browser, "#page-status", "of 8")
    screenshots(browser, "data")
    css(browser, "#where").clear()
    css(browser, "#where").send_keys(Keys.ENTER)
    text_appears(browser, "#page-status", f"1–20 of {SEED_POSTS}")
    act(browser, "table.objects th button.sort[data-column=title]", lambda button: button.click())
    wait(browser, lambda b: css(b, "table.objects th[aria-sort=ascending]").text.startswith("title"))
    _, first = emulator.request("GET", "/1.1/classes/Post?order=title&limit=1")
    text_appears(browser, "table.objects tbody tr:first-child", first["results"][0]["objectId"])
    css(browser, "#where").send_keys("{not json", Keys.ENTER)
    text_appears(browser, "#where-error", "Not a where object")
    css(browser, "#where").clear()
    css(browser, "#where").send_keys(Keys.ENTER)
    text_appears(browser, "#page-status", f"1–20 of {SEED_POSTS}")


def test_editsAnObject_andTheAPISeesIt(browser, emulator, screenshots):
    open_view(browser, emulator, "data/Post")
    row = visible(browser, "table.objects tbody tr[data-object-id]")
    object_id = row.get_attribute("data-object-id")
    row.find_element("css selector", "button[aria-label^=Edit]").click()
    editor = visible(browser, "#object-json")
    edited = json.loads(editor.get_attribute("value"))
    edited["title"] = "Edited in the dashboard"
    browser.execute_script("arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input'))",
                           editor, "{ broken")
    text_appears(browser, "#object-error", "Invalid JSON")
    browser.execute_script("arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input'))",
                           editor, json.dumps(edited, indent=2))
    screenshots(browser, "editor")
    css(browser, "dialog.editor button[type=submit]").click()
    wait(browser, lambda b: not all_css(b, "dialog.editor"))
    status, post = emulator.request("GET", f"/1.1/classes/Post/{object_id}")
    assert status == 200 and post["title"] == "Edited in the dashboard"


def test_deletesAnObject_andTheAPISeesItGone(browser, emulator):
    open_view(browser, emulator, "data/Post")
    row = visible(browser, "table.objects tbody tr[data-object-id]")
    object_id = row.get_attribute("data-object-id")
    delete = row.find_element("css selector", "button[aria-label^=Delete]")
    delete.click()
    assert delete.text == "Confirm delete"
    delete.click()
    wait(browser, lambda b: not all_css(b, f"tr[data-object-id='{object_id}']"))
    # LeanCloud answers a fetch of a missing object with 200 and an empty object.
    status, body = emulator.request("GET", f"/1.1/classes/Post/{object_id}")
    assert status == 200 and body == {}
    assert emulator.request("GET", "/1.1/classes/Post?count=1&limit=0")[1]["count"] == SEED_POSTS - 1


def test_dataIsShownAsText_neverAsHTML(browser, emulator):
    status, created = emulator.request("POST", "/1.1/classes/Post", {"title": '<b id="injected">bold?</b>'})
    assert status == 201
    open_view(browser, emulator, f"data/Post/{created['objectId']}")  # opens the editor too
    visible(browser, "#object-json")
    css(browser, "dialog.editor button[type=button]").click()  # Cancel
    text_appears(browser, f"tr[data-object-id='{created['objectId']}']", '<b id="injected">')
    assert not all_css(browser, "#injected")
