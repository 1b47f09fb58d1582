"""The Custom routes view against the routes of docs/examples/custom-backends/routes (which the
suite's lcemu loads, conftest.py) and routes added over the admin API here: each route with its
source, a scenario's state moving as requests arrive, an unmatched request's near misses, and
the note of an emulator without routes. Runs after the other files (pytest's name order)."""
from page import act, all_css, css, open_view, text_appears, visible, wait

from conftest import ROUTES

# "The first call fails, the second succeeds" of docs/custom-backends.md ("Scenarios").
PAY_ROUTES = [
    {"id": "pay-fails", "request": {"method": "POST", "path": "/pay"},
     "scenario": {"name": "pay", "requiredState": "Started", "newState": "retried"},
     "response": {"status": 503, "json": {"code": "1", "msg": "失败"}}},
    {"id": "pay-succeeds", "request": {"method": "POST", "path": "/pay"},
     "scenario": {"name": "pay", "requiredState": "retried"},
     "response": {"json": {"code": "0", "msg": "成功"}}},
]


def route_row(route_id):
    return f"#routes tr[data-route-id='{route_id}']"


def scenario_state(browser, name):
    return css(browser, f"#scenarios li[data-scenario='{name}'] .state").text


def test_listsTheLoadedRoutes_withTheirSource(browser, emulator):
    open_view(browser, emulator, "routes")
    _, loaded = emulator.request("GET", "/__admin/routes")
    ids = [route["id"] for route in loaded["results"]]
    assert ids == ["login", "login-failed", "feedback-summary", "feedback", "news-detail"]
    text_appears(browser, "#view h2", f"Routes ({len(ids)})")
    # In the order they are tried, each with its method, path and file.
    wait(browser, lambda b: [row.get_attribute("data-route-id") for row in all_css(b, "#routes tbody tr")] == ids)
    login = css(browser, route_row("login")).text
    assert "POST" in login and "/app/login" in login and f"{ROUTES}/login.json" in login
    feedback = css(browser, route_row("feedback")).text
    assert "resource" in feedback and "/merchant/feedback" in feedback and "Feedback" in feedback
    assert f"{ROUTES}/merchant.json" in feedback
    text_appears(browser, route_row("news-detail"), "/merchant/news/:id")
    text_appears(browser, "#scenarios-box", "No scenarios")


def test_showsAScenarioMovingOn_andResetsIt(browser, emulator):
    open_view(browser, emulator, "routes")
    for route in PAY_ROUTES:
        status, _ = emulator.request("POST", "/__admin/routes", route)
        assert status == 201
    # Added over HTTP: tried first, marked "api", with their scenario step.
    text_appears(browser, route_row("pay-fails"), "api")
    text_appears(browser, route_row("pay-fails"), "pay: Started → retried")
    text_appears(browser, route_row("pay-succeeds"), "pay: retried")
    wait(browser, lambda b: scenario_state(b, "pay") == "Started")

    status, body = emulator.request("POST", "/pay", {}, master=False)
    assert (status, body["code"]) == (503, "1")
    wait(browser, lambda b: scenario_state(b, "pay") == "retried", message="the page never showed pay in retried")
    status, body = emulator.request("POST", "/pay", {}, master=False)
    assert (status, body["code"]) == (200, "0")

    act(browser, "#scenarios-reset", lambda button: button.click())
    wait(browser, lambda b: scenario_state(b, "pay") == "Started")
    assert emulator.request("GET", "/__admin/scenarios")[1]["results"] == [{"name": "pay", "state": "Started"}]

    # The select sets a state the scenario's routes name.
    act(browser, "#scenarios li[data-scenario='pay'] select option[value='retried']", lambda option: option.click())
    wait(browser, lambda b: emulator.request("GET", "/__admin/scenarios")[1]["results"][0]["state"] == "retried")
    wait(browser, lambda b: scenario_state(b, "pay") == "retried")
    status, _ = emulator.request("POST", "/pay", {}, master=False)
    assert status == 200


def test_showsAnUnmatchedRequest_withItsNearMisses(browser, emulator, screenshots):
    open_view(browser, emulator, "routes")
    status, body = emulator.request("POST", "/app/logn", {"username": "13812345678"}, master=False)
    assert status == 404 and body["nearMisses"][0]["route"] == "login-failed"
    row = "#unmatched tr"
    text_appears(browser, "#unmatched", "/app/logn")
    act(browser, f"{row} button.link", lambda button: button.click())
    visible(browser, "#unmatched-detail .near-misses")
    text_appears(browser, "#unmatched-detail li[data-route='login-failed']", "path: expected /app/login, got /app/logn")
    text_appears(browser, "#unmatched-detail li[data-route='login']", "headers.uuid: missing")
    # The answered requests of the test before are not listed.
    assert "/pay" not in css(browser, "#unmatched").text
    browser.execute_script("window.scrollTo(0, 0)")
    screenshots(browser, "routes")
    screenshots(browser, "routes-near-misses", scroll_to="#unmatched-detail")


def test_saysWhenThereAreNoRoutes_andShowsThemAgainAfterAReload(browser, emulator, screenshots):
    open_view(browser, emulator, "routes")
    visible(browser, "#routes")
    for route in emulator.request("GET", "/__admin/routes")[1]["results"]:
        assert emulator.request("DELETE", f"/__admin/routes/{route['id']}")[0] == 200
    text_appears(browser, "#routes-box", "No custom routes")
    text_appears(browser, "#view h2", "Routes (0)")
    screenshots(browser, "routes-empty")
    status, body = emulator.request("POST", "/__admin/routes/reload")
    assert status == 200 and body["routes"] == 5
    visible(browser, route_row("login"))
