"""The recipe of docs/testing.md ("Python: pytest-xdist"): tests run in parallel (`pytest -n 4`)
against one running lcemu, each test, or each xdist worker, on an app of its own.

Run under `lcemu exec --apps-on-demand-prefix pytest- -- pytest -n 4 …` (scripts/verify-python-sdk
isolation): exec starts one server and gives every worker LCEMU_URL, the template's keys
(LCEMU_APP_ID, LCEMU_APP_KEY, LCEMU_MASTER_KEY), LEANCLOUD_API_SERVER for the SDK, and the prefix
(LCEMU_APPS_ON_DEMAND_PREFIX). Nothing is reset between workers: nothing is shared.
"""

import os

import leancloud
import pytest
import requests

URL = os.environ.get("LCEMU_URL", "")


def master_headers(app_id, master_key):
    return {"X-LC-Id": app_id, "X-LC-Key": master_key + ",master"}


@pytest.fixture
def app():
    """An app of this test's own: POST /__admin/apps with the template's master key (seeded or
    not, as the test needs), the SDK pointed at it, the app dropped when the test ends."""
    template = master_headers(os.environ["LCEMU_APP_ID"], os.environ["LCEMU_MASTER_KEY"])
    made = requests.post(URL + "/__admin/apps", json={"seeded": False}, headers=template, timeout=10)
    made.raise_for_status()
    keys = made.json()
    leancloud.init(keys["appId"], app_key=keys["appKey"], master_key=keys["masterKey"])
    leancloud.client.use_master_key(False)  # sign as a client does (init alone signs with the master key)
    yield keys
    leancloud.User.set_current(None)
    requests.delete(URL + "/__admin/apps/" + keys["appId"],
                    headers=master_headers(keys["appId"], keys["masterKey"]), timeout=10).raise_for_status()


@pytest.fixture(scope="session")
def worker_app(worker_id):
    """An app of this xdist worker's own by the opt-in prefix: `pytest-gw0`, `pytest-gw1`, … with
    the template's keys; the server makes it on its first request and drops it when it stops."""
    app_id = os.environ["LCEMU_APPS_ON_DEMAND_PREFIX"] + worker_id
    leancloud.init(app_id, app_key=os.environ["LCEMU_APP_KEY"], master_key=os.environ["LCEMU_MASTER_KEY"])
    leancloud.client.use_master_key(False)
    return app_id


@pytest.fixture
def fresh_worker_app(worker_app):
    """The worker's app, reset before the test: its tests run one after another, so a reset
    isolates them without touching the other workers' apps."""
    leancloud.init(worker_app, app_key=os.environ["LCEMU_APP_KEY"], master_key=os.environ["LCEMU_MASTER_KEY"])
    leancloud.client.use_master_key(False)
    requests.post(URL + "/__admin/reset", json={},
                  headers=master_headers(worker_app, os.environ["LCEMU_MASTER_KEY"]), timeout=10).raise_for_status()
    yield worker_app
    leancloud.User.set_current(None)
