"""Defects of issue 28 (item 4), each with the check that failed before its fix: the editor goes
with its view, the skip link stays on the view, Clear and Restore confirm, an unchanged object
is not written, the where example fits the class, the journal's status fits a phone."""
import json

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from page import act, all_css, css, open_view, text_appears, visible, wait
from conftest import NARROW

MARKER = {"X-LCEmu-Dashboard": "1"}


def a_post(emulator):
    status, page = emulator.request("GET", "/1.1/classes/Post?limit=1&order=createdAt", headers=MARKER)
    assert status == 200
    return page["results"][0]


def test_theEditor_closes_whenTheViewChanges(browser, emulator):
    post = a_post(emulator)
    open_view(browser, emulator, f"data/Post/{post['objectId']}")
    visible(browser, "dialog[open] #object-json")
    browser.back()
    wait(browser, lambda b: not all_css(b, "dialog[open]"), message="the editor stayed open over another view")
    open_view(browser, emulator, f"data/Post/{post['objectId']}")
    visible(browser, "dialog[open] #object-json")
    open_view(browser, emulator, "users")
    wait(browser, lambda b: not all_css(b, "dialog[open]"), message="the editor stayed open over Users")


def test_skipToContent_staysOnTheView(browser, emulator):
    open_view(browser, emulator, "outbox")
    browser.execute_script("document.querySelector('a.skip').focus()")
    browser.switch_to.active_element.send_keys(Keys.ENTER)
    wait(browser, lambda b: b.switch_to.active_element.get_attribute("id") == "main")
    assert browser.execute_script("return location.hash") == "#/outbox"
    assert css(browser, "#nav a[aria-current='page']").get_attribute("href").endswith("#/outbox")


def test_clear_asksBeforeEmptyingTheJournal(browser, emulator):
    assert emulator.request("GET", "/1.1/date?before-clear=1", master=False)[0] == 200
    open_view(browser, emulator, "requests")
    text_appears(browser, "#journal", "before-clear=1")
    clear = "//section[h2='Requests']//form//button[contains(., 'Clear') or contains(., 'Confirm')]"
    browser.find_element(By.XPATH, clear).click()
    wait(browser, lambda b: "Confirm" in b.find_element(By.XPATH, clear).text, message="Clear did not ask")
    status, body = emulator.request("GET", "/__admin/requests", headers=MARKER)
    assert any(entry["query"] == "before-clear=1" for entry in body["results"]), "one click emptied the journal"
    browser.find_element(By.XPATH, clear).click()
    wait(browser, lambda b: not emulator.request("GET", "/__admin/requests", headers=MARKER)[1]["results"])
    wait(browser, lambda b: "before-clear=1" not in css(b, "#journal").text)


def test_restoringASnapshot_asksFirst(browser, emulator):
    assert emulator.request("PUT", "/__admin/snapshots/before-extra", {})[0] == 200
    status, extra = emulator.request("POST", "/1.1/classes/Extra", {"n": 1}, master=False)
    assert status == 201
    open_view(browser, emulator, "time")
    button = "//tbody[@id='snapshots']/tr[td[1]='before-extra']//button[not(contains(@class, 'danger'))]"
    wait(browser, lambda b: b.find_element(By.XPATH, button).click() or True)
    wait(browser, lambda b: "Confirm" in b.find_element(By.XPATH, button).text, message="Restore did not ask")
    assert emulator.request("GET", f"/1.1/classes/Extra/{extra['objectId']}", headers=MARKER)[0] == 200, \
        "one click restored the snapshot"
    browser.find_element(By.XPATH, button).click()
    wait(browser, lambda b: emulator.request("GET", f"/1.1/classes/Extra/{extra['objectId']}", headers=MARKER)[0] == 404)


def test_savingAnUnchangedObject_leavesUpdatedAt(browser, emulator):
    post = a_post(emulator)
    open_view(browser, emulator, f"data/Post/{post['objectId']}")
    visible(browser, "dialog[open] #object-json")
    css(browser, "dialog[open] button[type=submit]").click()
    wait(browser, lambda b: not all_css(b, "dialog[open]"))
    status, after = emulator.request("GET", f"/1.1/classes/Post/{post['objectId']}", headers=MARKER)
    assert status == 200 and after["updatedAt"] == post["updatedAt"]


def test_theWhereExample_isOfTheClassShown(browser, emulator, screenshots):
    open_view(browser, emulator, "data/_User")
    placeholder = visible(browser, "#where").get_attribute("placeholder")
    assert "title" not in placeholder
    status, schema = emulator.request("GET", "/1.1/schemas/_User", headers=MARKER)
    field = next(iter(json.loads(placeholder)))
    assert field == "objectId" or field in schema or field in schema.get("fields", {})
    screenshots(browser, "data-user")


def test_onAPhone_theJournalsStatusIsInSight(browser, emulator, screenshots):
    assert emulator.request("GET", "/1.1/a-rather-long-path-no-route-answers/and-then-some?keys=title,body", master=False)[0] == 404
    open_view(browser, emulator, "requests")
    text_appears(browser, "#journal", "a-rather-long-path")
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": NARROW[0], "height": NARROW[1], "deviceScaleFactor": 1, "mobile": True})
    try:
        cell = "#journal tr[data-status='404'] .status"
        wait(browser, lambda b: b.execute_script(
            "const r = document.querySelector(arguments[0]).getBoundingClientRect();"
            "const box = document.querySelector('.journal-scroll').getBoundingClientRect();"
            "return r.width > 0 && r.right <= Math.min(window.innerWidth, box.right)", cell),
            message="the status column is off-screen at 390 px")
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    screenshots(browser, "requests-phone")
