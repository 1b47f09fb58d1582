"""The Data view is live and shows its errors in place (issue 28, "Data is not live"): an object
the app creates appears without a click, and a where the server rejects leaves no old rows or
pages behind."""
import subprocess

from lcemu_process import binary_path
from page import all_css, css, open_view, text_appears, visible, wait


def test_anObjectTheAppCreates_appearsWithoutAClick(browser, emulator):
    open_view(browser, emulator, "data/Post")
    visible(browser, "table.objects tbody tr")
    status, created = emulator.request("POST", "/1.1/classes/Post", {"title": "arrived live"}, master=False)
    assert status == 201
    visible(browser, f"table.objects tr[data-object-id='{created['objectId']}']")


def test_aRejectedWhere_showsTheServersErrorInPlace_withNoOldRows(browser, emulator):
    open_view(browser, emulator, "data/Post")
    visible(browser, "table.objects tbody tr")
    where = css(browser, "#where")
    where.clear()
    where.send_keys('{"title":{"$nope":1}}')
    where.submit()
    wait(browser, lambda b: css(b, "#table-error").text[:1].isdigit(), message="no error in place")
    assert not all_css(browser, "table.objects tbody tr")
    assert css(browser, "#page-status").text == "—"
    assert all(button.get_attribute("disabled") is not None for button in all_css(browser, ".pager button"))
    where = css(browser, "#where")
    where.clear()
    where.submit()
    visible(browser, "table.objects tbody tr")
    assert css(browser, "#table-error").text == ""
    from conftest import console_errors
    assert all("400" in error for error in console_errors(browser, emulator))


def test_severalObjects_areDeletedAtOnce_afterAConfirmation(browser, emulator):
    import json
    from urllib.parse import quote
    ids = [emulator.request("POST", "/1.1/classes/Doomed", {"n": n}, master=False)[1]["objectId"] for n in range(3)]
    left = lambda: emulator.request("GET", "/1.1/classes/Doomed?count=1&limit=0&where=" + quote(json.dumps(
        {"objectId": {"$in": ids}})), headers={"X-LCEmu-Dashboard": "1"})[1]["count"]
    open_view(browser, emulator, "data/Doomed")
    for object_id in ids[:2]:
        visible(browser, f"input[data-select-object='{object_id}']").click()
    text_appears(browser, "#delete-selected", "Delete 2 selected")
    css(browser, "#delete-selected").click()
    text_appears(browser, "#delete-selected", "Confirm: delete 2 objects")
    assert left() == 3, "one click deleted"
    css(browser, "#delete-selected").click()
    wait(browser, lambda b: left() == 1)
    wait(browser, lambda b: len(all_css(b, "table.objects tbody tr")) == 1)
    assert not css(browser, "#delete-selected").is_displayed()
    # The page's box selects every row shown.
    css(browser, "#select-page").click()
    text_appears(browser, "#delete-selected", "Delete 1 selected")


def test_hiddenAndMovedColumns_areRemembered(browser, emulator, screenshots):
    headers = lambda b: [th.text.split(" ")[0] for th in all_css(b, "table.objects thead th button.sort")]
    open_view(browser, emulator, "data/Post")
    visible(browser, "table.objects tbody tr")
    # Read through `wait`: a live reload (the suite's earlier writes) may redraw the header.
    wait(browser, lambda b: "author" in headers(b))
    css(browser, "#columns summary").click()
    css(browser, "#columns li[data-column='author'] input").click()
    wait(browser, lambda b: "author" not in headers(b) and not all_css(b, "table.objects td[data-column='author']"))
    before = wait(browser, lambda b: headers(b).index("likes") + 1) - 1
    css(browser, "#columns li[data-column='likes'] button").click()
    wait(browser, lambda b: headers(b).index("likes") == before - 1)
    screenshots(browser, "data-columns", scroll_to="#columns")
    browser.refresh()
    visible(browser, "table.objects tbody tr")
    wait(browser, lambda b: "author" not in headers(b) and headers(b).index("likes") == before - 1)
    css(browser, "#columns summary").click()
    css(browser, "#columns > button").click()
    wait(browser, lambda b: "author" in headers(b))


def test_theFilterBuilder_writesTheWhere_andAppliesIt(browser, emulator):
    from selenium.webdriver.support.ui import Select
    open_view(browser, emulator, "data/Post")
    visible(browser, "table.objects tbody tr")
    css(browser, "#filter-builder summary").click()
    Select(css(browser, "#filter-field")).select_by_value("likes")
    Select(css(browser, "#filter-operator")).select_by_value("$gte")
    css(browser, "#filter-value").send_keys("100")
    css(browser, "#filter-add").click()
    wait(browser, lambda b: css(b, "#where").get_attribute("value") == '{"likes":{"$gte":100}}')
    Select(css(browser, "#filter-operator")).select_by_value("$lt")
    value = css(browser, "#filter-value")
    value.clear()
    value.send_keys("150")
    css(browser, "#filter-add").click()
    wait(browser, lambda b: css(b, "#where").get_attribute("value") == '{"likes":{"$gte":100,"$lt":150}}')
    _, page = emulator.request("GET", "/1.1/classes/Post?count=1&limit=0&where=%7B%22likes%22%3A%7B%22%24gte%22%3A100%2C%22%24lt%22%3A150%7D%7D",
                               headers={"X-LCEmu-Dashboard": "1"})
    wait(browser, lambda b: css(b, "#page-status").text.endswith(f"of {page['count']}") and page["count"] > 0)
    Select(css(browser, "#filter-field")).select_by_value("title")
    Select(css(browser, "#filter-operator")).select_by_value("starts")
    value = css(browser, "#filter-value")
    value.clear()
    value.send_keys("Way.")
    css(browser, "#filter-add").click()
    wait(browser, lambda b: '"title":{"$regex":"^Way\\\\."}' in css(b, "#where").get_attribute("value"))


def test_aCell_isEditedInPlace_byItsType(browser, emulator):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys
    status, created = emulator.request("POST", "/1.1/classes/Post", {"title": "inline", "likes": 1, "published": False}, master=False)
    assert status == 201
    marker = {"X-LCEmu-Dashboard": "1"}
    row = f"table.objects tr[data-object-id='{created['objectId']}']"
    open_view(browser, emulator, "users")  # the Post view starts afresh, with no filter left from before
    open_view(browser, emulator, "data/Post")
    ActionChains(browser).double_click(visible(browser, f"{row} td[data-column='likes']")).perform()
    number = visible(browser, f"{row} td[data-column='likes'] input[type=number]")
    number.send_keys("7", Keys.ENTER)  # the value is selected when the input opens
    wait(browser, lambda b: emulator.request("GET", f"/1.1/classes/Post/{created['objectId']}", headers=marker)[1]["likes"] == 7)
    text_appears(browser, f"{row} td[data-column='likes']", "7")  # redrawn: the next double click lands on the new row
    ActionChains(browser).double_click(visible(browser, f"{row} td[data-column='published']")).perform()
    from selenium.webdriver.support.ui import Select
    choice = visible(browser, f"{row} td[data-column='published'] select")
    Select(choice).select_by_value("true")
    choice.send_keys(Keys.ENTER)
    wait(browser, lambda b: emulator.request("GET", f"/1.1/classes/Post/{created['objectId']}", headers=marker)[1]["published"] is True)
    text_appears(browser, f"{row} td[data-column='published']", "true")
    # JSON that does not parse: the error in place, the input still open, nothing sent.
    ActionChains(browser).double_click(visible(browser, f"{row} td[data-column='tags']")).perform()
    field = visible(browser, f"{row} td[data-column='tags'] input")
    field.send_keys('["unclosed"', Keys.ENTER)
    wait(browser, lambda b: css(b, "#table-error").text.startswith("tags: "))
    assert all_css(browser, f"{row} td[data-column='tags'] input")
    css(browser, f"{row} td[data-column='tags'] input").send_keys(Keys.ESCAPE)
    wait(browser, lambda b: not all_css(b, f"{row} td[data-column='tags'] input"))
    assert "tags" not in emulator.request("GET", f"/1.1/classes/Post/{created['objectId']}", headers=marker)[1]


def test_aUserIsAdded_fromTheUsersView_andATakenNameIsRefusedInPlace(browser, emulator):
    open_view(browser, emulator, "users")
    css(browser, "#new-user summary").click()
    visible(browser, "#new-user-name").send_keys("added-by-dashboard")
    css(browser, "#new-user-password").send_keys("a-password-1")
    css(browser, "#new-user-email").send_keys("added@example.com")
    css(browser, "#new-user-add").click()
    text_appears(browser, "table.users", "added-by-dashboard")
    status, _ = emulator.request("POST", "/1.1/login", {"username": "added-by-dashboard", "password": "a-password-1"}, master=False)
    assert status == 200
    css(browser, "#new-user-name").send_keys("added-by-dashboard")
    css(browser, "#new-user-password").send_keys("another")
    css(browser, "#new-user-add").click()
    text_appears(browser, "#new-user-error", "202")
    from conftest import console_errors
    assert all("/1.1/users" in error and "400" in error for error in console_errors(browser, emulator))


def test_theOverview_showsTheInstance_theCounts_andFollowsThem(browser, emulator, screenshots):
    _, state = emulator.request("GET", "/__admin/status", headers={"X-LCEmu-Dashboard": "1"})
    open_view(browser, emulator, "overview")
    text_appears(browser, "#overview-instance", state["instance"])
    # The binary's own `--version` and the data directory the suite started it with.
    version = subprocess.run([binary_path(), "--version"], capture_output=True, text=True, check=True).stdout.strip()
    text_appears(browser, "#overview-version", version)
    text_appears(browser, "#overview-data-directory", emulator.data_dir)
    text_appears(browser, "#overview-uptime", "up ")
    text_appears(browser, "#overview", "healthy")
    assert emulator.request("POST", "/1.1/classes/Overviewed", {"n": 1}, master=False)[0] == 201
    text_appears(browser, "#overview-counts", "Overviewed")
    screenshots(browser, "overview")
