"""Fixtures of the Python SDK tier: one live `lcemu serve` for the session, reset between tests.

The SDK is pointed at it through LEANCLOUD_API_SERVER, the SDK's own override of its app router
(leancloud/client.py, get_url). Test side doors (/__admin) are called with plain requests and the
master key, never through the SDK.
"""

import os

import leancloud
import pytest
import requests

import lcemu_server
from lcemu_server import APP_ID, APP_KEY, MASTER_KEY


class Emulator:
    """The running binary: its base URL and the master-key side doors the scenarios use."""

    def __init__(self, base_url):
        self.base_url = base_url
        self.master_headers = {"X-LC-Id": APP_ID, "X-LC-Key": MASTER_KEY + ",master"}

    def admin(self, method, path, **kwargs):
        response = requests.request(method, self.base_url + path, headers=self.master_headers, timeout=10, **kwargs)
        response.raise_for_status()
        return response.json() if response.content else None

    def outbox_code(self, phone, purpose=None):
        """The newest code sent to `phone` (any accepted form), optionally for one purpose."""
        params = {"phone": phone}
        if purpose:
            params["purpose"] = purpose
        results = self.admin("GET", "/__admin/outbox", params=params)["results"]
        assert results, "nothing in the outbox for %s" % phone
        return results[0]["code"]

    def captcha_answer(self, token):
        results = self.admin("GET", "/__admin/outbox", params={"token": token, "kind": "captcha"})["results"]
        assert results, "no captcha answer for %s" % token
        return results[0]["code"]

    def rest(self, method, path, master=False, **kwargs):
        """A raw REST call, for checks the SDK has no call for."""
        key = MASTER_KEY + ",master" if master else APP_KEY
        headers = {"X-LC-Id": APP_ID, "X-LC-Key": key}
        headers.update(kwargs.pop("headers", {}))
        return requests.request(method, self.base_url + "/1.1" + path, headers=headers, timeout=10, **kwargs)


@pytest.fixture(scope="session")
def emulator():
    try:
        process, base_url = lcemu_server.start()
    except RuntimeError as error:
        pytest.fail(str(error))
    os.environ["LEANCLOUD_API_SERVER"] = base_url
    leancloud.init(APP_ID, app_key=APP_KEY, master_key=MASTER_KEY)
    yield Emulator(base_url)
    lcemu_server.stop(process)


@pytest.fixture(autouse=True)
def fresh(emulator):
    """Every scenario starts on the seed, logged out, with the app key (not the master key)."""
    emulator.admin("POST", "/__admin/reset")
    leancloud.client.use_master_key(False)
    leancloud.User.set_current(None)
    yield
    leancloud.User.set_current(None)
    leancloud.client.use_master_key(False)


@pytest.fixture
def master():
    """The SDK signs with the master key for the scenario (leancloud.client.use_master_key)."""
    leancloud.client.use_master_key(True)
    yield
    leancloud.client.use_master_key(False)
