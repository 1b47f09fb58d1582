"""The Data view is live and shows its errors in place (issue 28, "Data is not live"): an object
the app creates appears without a click, and a where the server rejects leaves no old rows or
pages behind."""
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
