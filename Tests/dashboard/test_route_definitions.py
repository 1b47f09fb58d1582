"""Custom route definitions readable on the Custom routes view, and editable where they came
from the API (issue 28): a file's route shows its JSON read-only, an API route's JSON is edited
and saved in its place, a refusal shown in place."""
from page import all_css, css, open_view, text_appears, visible, wait

ROUTE = {"id": "hello-api", "request": {"method": "GET", "path": "/hello"}, "response": {"json": {"greeting": "hi"}}}


def test_aFileRoute_readsOnly_andAnAPIRoute_isEditedInPlace(browser, emulator, screenshots):
    assert emulator.request("POST", "/__admin/routes", ROUTE)[0] == 201
    try:
        open_view(browser, emulator, "routes")
        visible(browser, "#routes tr[data-route-id='login'] th button").click()
        text_appears(browser, "#route-definition", '"path": "/app/login"')
        assert not all_css(browser, "#route-definition textarea")
        visible(browser, "#routes tr[data-route-id='hello-api'] th button").click()
        editor = visible(browser, "#route-definition[data-route-id='hello-api'] #route-json")
        assert '"greeting": "hi"' in editor.get_attribute("value")
        browser.execute_script("arguments[0].value = arguments[0].value.replace('\"hi\"', '\"edited\"')", editor)
        css(browser, "#route-save").click()
        wait(browser, lambda b: emulator.request("GET", "/hello", master=False)[1] == {"greeting": "edited"})
        wait(browser, lambda b: not all_css(b, "#route-definition"))
        # The route kept its place: last, where it was added.
        _, routes = emulator.request("GET", "/__admin/routes", headers={"X-LCEmu-Dashboard": "1"})
        assert routes["results"][-1]["id"] == "hello-api"
        visible(browser, "#routes tr[data-route-id='hello-api'] th button").click()
        editor = visible(browser, "#route-json")
        browser.execute_script("arguments[0].value = '{\"id\": \"hello-api\", \"request\": {}}'", editor)
        css(browser, "#route-save").click()
        text_appears(browser, "#route-error", "Invalid route")
        screenshots(browser, "route-definition", scroll_to="#route-definition")
    finally:
        emulator.request("DELETE", "/__admin/routes/hello-api")
    # Removed elsewhere, its definition closes: a Save would put it back.
    wait(browser, lambda b: not all_css(b, "#route-definition"))
    from conftest import console_errors
    assert all("/__admin/routes/hello-api" in error and "400" in error for error in console_errors(browser, emulator))
