"""Add class and Add column from the Data view (issue 28, "add class, column"): a class made
before any object, typed columns in its schema (GET /1.1/schemas shows them, the app's writes
are checked against them), and refusals shown in place."""
from selenium.webdriver.support.ui import Select

from page import css, open_view, text_appears, visible, wait

MARKER = {"X-LCEmu-Dashboard": "1"}


def schema(emulator, class_name):
    status, body = emulator.request("GET", f"/1.1/schemas/{class_name}", headers=MARKER)
    return body if status == 200 else None


def add_column(browser, name, type_name, target=None):
    field = visible(browser, "#new-column-name")
    field.clear()
    field.send_keys(name)
    Select(css(browser, "#new-column-type")).select_by_value(type_name)
    if target:
        visible(browser, "#new-column-class").send_keys(target)
    css(browser, "#new-column-add").click()


def test_aClass_andTypedColumns_areMadeBeforeAnyObject(browser, emulator, screenshots):
    open_view(browser, emulator, "data/Post")
    visible(browser, "#new-class-name").send_keys("Shelf")
    css(browser, "#new-class-add").click()
    wait(browser, lambda b: b.execute_script("return location.hash") == "#/data/Shelf")
    text_appears(browser, "#class-list .count[data-class-name='Shelf']", "0")
    assert schema(emulator, "Shelf") is not None

    add_column(browser, "pages", "Number")
    wait(browser, lambda b: (schema(emulator, "Shelf") or {}).get("pages") == {"type": "Number"})
    visible(browser, "table.objects th button.sort[data-column='pages']")
    add_column(browser, "owner", "Pointer", "_User")
    wait(browser, lambda b: (schema(emulator, "Shelf") or {}).get("owner") == {"type": "Pointer", "className": "_User"})
    # The view is drawn again once the column is added (its form with it): the next form to use
    # is the new one, there once the column shows.
    visible(browser, "table.objects th button.sort[data-column='owner']")
    status, refused = emulator.request("POST", "/1.1/classes/Shelf", {"pages": "many"}, master=False)
    assert status == 400 and refused["code"] == 111

    # Refusals in place: a bad name, a type the column already has another of.
    add_column(browser, "bad-key", "String")
    text_appears(browser, "#new-column-error", "105")
    add_column(browser, "pages", "String")
    text_appears(browser, "#new-column-error", "111")
    assert schema(emulator, "Shelf")["pages"] == {"type": "Number"} and "bad-key" not in schema(emulator, "Shelf")
    screenshots(browser, "data-add-column", scroll_to="#new-column")
    from conftest import console_errors
    assert all("/__admin/schemas/Shelf" in error and "400" in error for error in console_errors(browser, emulator))


def test_aClassNameIsCheckedInThePage(browser, emulator):
    open_view(browser, emulator, "data/Post")
    visible(browser, "#new-class-name").send_keys("9lives")
    css(browser, "#new-class-add").click()
    text_appears(browser, "#new-class-error", "A letter, then letters, digits or _")
    assert schema(emulator, "9lives") is None
