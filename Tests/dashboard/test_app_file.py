"""The whole app as one file from the Snapshots panel (issue 28, "download/restore a snapshot"):
a snapshot or the data now downloads in `lcemu export`'s whole-app format, a file restores
after a confirmation, a bad file is refused in place with nothing changed, and the Data view's
class import takes the class's part of such a file."""
import json
import os
import tempfile
from urllib.parse import unquote

from page import css, open_view, text_appears, visible, wait

MARKER = {"X-LCEmu-Dashboard": "1"}


def count(emulator, class_name):
    return emulator.request("GET", f"/1.1/classes/{class_name}?count=1&limit=0", headers=MARKER)[1]["count"]


def catch_downloads(browser):
    """The download itself is the browser's; the link it followed holds the file."""
    browser.execute_script("HTMLAnchorElement.prototype.click = function () { this.dataset.clicked = 'yes'; }")


def downloaded(browser):
    wait(browser, lambda b: css(b, "#app-file-link").get_attribute("data-clicked") == "yes")
    link = css(browser, "#app-file-link")
    text = unquote(link.get_attribute("href").split(",", 1)[1])
    browser.execute_script("document.getElementById('app-file-link').remove()")
    return text


def write_file(name, text):
    path = os.path.join(tempfile.mkdtemp(prefix="lcemu-restore-"), name)
    with open(path, "w") as file:
        file.write(text)
    return path


def test_aSnapshotAndTheData_download_andAFileRestores_afterAConfirmation(browser, emulator):
    assert emulator.request("POST", "/1.1/classes/Kept", {"label": "in the file"}, master=False)[0] == 201
    assert emulator.request("PUT", "/__admin/snapshots/filed", {})[0] == 200
    open_view(browser, emulator, "time")
    catch_downloads(browser)
    visible(browser, "button[data-download='filed']").click()
    snapshot = downloaded(browser)
    assert json.loads(snapshot)["classes"]["Kept"]["results"][0]["label"] == "in the file"
    css(browser, "#download-app").click()
    whole = downloaded(browser)
    assert whole == snapshot  # nothing changed since the snapshot

    assert emulator.request("POST", "/1.1/classes/Kept", {"label": "after"}, master=False)[0] == 201
    css(browser, "#restore-file").send_keys(write_file("app.json", whole))
    confirm = visible(browser, "#restore-file-confirm")
    assert "replace all data with app.json" in confirm.text and count(emulator, "Kept") == 2  # nothing yet
    confirm.click()
    wait(browser, lambda b: count(emulator, "Kept") == 1)
    assert css(browser, "#restore-file-confirm").get_attribute("hidden") is not None
    browser.refresh()  # the page's own anchor click again


def test_aBadFile_isRefusedInPlace_andChangesNothing(browser, emulator):
    assert emulator.request("POST", "/1.1/classes/Unharmed", {"n": 1}, master=False)[0] == 201
    open_view(browser, emulator, "time")
    css(browser, "#restore-file").send_keys(write_file("broken.json", "{\"classes\":"))
    text_appears(browser, "#restore-file-error", "broken.json is not JSON")
    assert css(browser, "#restore-file-confirm").get_attribute("hidden") is not None
    css(browser, "#restore-file").send_keys(write_file("class.json", json.dumps({"results": [{"n": 2}]})))
    text_appears(browser, "#restore-file-error", "not an app export")
    bad = {"classes": {"Unharmed": {"results": [{"n": 2}, {"bad-key": 3}]}}}
    css(browser, "#restore-file").send_keys(write_file("bad.json", json.dumps(bad)))
    visible(browser, "#restore-file-confirm").click()
    text_appears(browser, "#restore-file-error", "Not restored, nothing changed: 1: Nothing was imported")
    text_appears(browser, "#restore-file-error", "bad-key")
    assert count(emulator, "Unharmed") == 1
    from conftest import console_errors
    assert all("/__admin/import" in error and "400" in error for error in console_errors(browser, emulator))


def test_theDataViewImport_takesTheClassPartOfAnAppFile(browser, emulator):
    document = {"classes": {"Carried": {"results": [{"n": 1}, {"n": 2}]}, "Other": {"results": [{"x": 1}]}}}
    assert emulator.request("POST", "/1.1/classes/Carried", {"n": 0}, master=False)[0] == 201
    open_view(browser, emulator, "data/Carried")
    visible(browser, "table.objects tbody tr")
    css(browser, "#import-file").send_keys(write_file("app.json", json.dumps(document)))
    wait(browser, lambda b: count(emulator, "Carried") == 3)
    text_appears(browser, "#page-status", "of 3")
