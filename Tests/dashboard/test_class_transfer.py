"""A class exported from the Data view as JSON, and objects imported into a class from such a
file (issue 28): the export holds every object, an import creates each one anew."""
import json
import os
import tempfile
from urllib.parse import unquote

from page import css, open_view, text_appears, visible, wait

MARKER = {"X-LCEmu-Dashboard": "1"}


def count(emulator, class_name):
    return emulator.request("GET", f"/1.1/classes/{class_name}?count=1&limit=0", headers=MARKER)[1]["count"]


def test_aClassIsExported_andItsFileImportedIntoAnother(browser, emulator):
    for n in range(3):
        assert emulator.request("POST", "/1.1/classes/Shipped", {"n": n, "label": f"box {n}"}, master=False)[0] == 201
    open_view(browser, emulator, "data/Shipped")
    visible(browser, "table.objects tbody tr")
    # The download itself is the browser's; the link it followed holds the file.
    browser.execute_script("HTMLAnchorElement.prototype.click = function () { this.dataset.clicked = 'yes'; }")
    css(browser, "#export-class").click()
    wait(browser, lambda b: css(b, "#export-link").get_attribute("data-clicked") == "yes")
    href = css(browser, "#export-link").get_attribute("href")
    exported = json.loads(unquote(href.split(",", 1)[1]))
    assert sorted(object["n"] for object in exported) == [0, 1, 2] and css(browser, "#export-link").get_attribute("download") == "Shipped.json"
    assert emulator.request("POST", "/1.1/classes/Received", {"n": -1}, master=False)[0] == 201
    path = os.path.join(tempfile.mkdtemp(prefix="lcemu-import-"), "Shipped.json")
    with open(path, "w") as file:
        json.dump(exported, file)
    open_view(browser, emulator, "data/Received")
    visible(browser, "table.objects tbody tr")
    css(browser, "#import-file").send_keys(path)
    wait(browser, lambda b: count(emulator, "Received") == 4)
    text_appears(browser, "#page-status", "of 4")
    assert count(emulator, "Shipped") == 3  # copied, not moved
    browser.refresh()  # the page's own anchor click again


def test_aNewClass_isOpenedByName_andMadeByItsFirstObject(browser, emulator):
    open_view(browser, emulator, "data/Post")
    visible(browser, "#new-class-name").send_keys("Fresh")
    css(browser, "#new-class-open").click()
    text_appears(browser, "#new-class-note", "Fresh has no object yet")
    text_appears(browser, "#page-status", "no objects")
    browser.find_element("xpath", "//button[normalize-space()='New object']").click()
    editor = visible(browser, "dialog[open] #object-json")
    editor.clear()
    editor.send_keys('{"colour": "green"}')
    css(browser, "dialog[open] button[type=submit]").click()
    wait(browser, lambda b: count(emulator, "Fresh") == 1)
    visible(browser, "table.objects th button.sort[data-column='colour']")
    text_appears(browser, "#class-list .count[data-class-name='Fresh']", "1")
