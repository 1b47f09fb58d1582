"""Fixtures of the Python SDK tier: one live `lcemu serve` for the session, reset between tests.

The SDK is pointed at it through LEANCLOUD_API_SERVER, the SDK's own override of its app router
(leancloud/client.py, get_url). Test side doors (/__admin) are called with plain requests and the
master key, never through the SDK.
"""

import os
import queue
import subprocess
import threading
import time

import leancloud
import pytest
import requests

APP_ID = "lcemu-dev-app-id"
APP_KEY = "lcemu-dev-app-key"
MASTER_KEY = "lcemu-dev-master-key"
READY_TIMEOUT = 30


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


def _read_lines(stream, lines):
    for line in iter(stream.readline, ""):
        lines.put(line)


@pytest.fixture(scope="session")
def emulator():
    binary = os.environ.get("LCEMU_BINARY", ".build/debug/lcemu")
    process = subprocess.Popen(
        [binary, "serve", "--port", "0", "--data", ":memory:"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines = queue.Queue()
    threading.Thread(target=_read_lines, args=(process.stdout, lines), daemon=True).start()
    base_url, deadline, seen = None, time.monotonic() + READY_TIMEOUT, []
    # The banner: "lcemu X listening on http://127.0.0.1:PORT", ending with the "  data:" line.
    while time.monotonic() < deadline:
        try:
            line = lines.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            break
        seen.append(line)
        if "listening on http" in line:
            base_url = line.strip().split("listening on ")[1]
        if line.startswith("  data:") and base_url:
            break
    if not base_url:
        process.kill()
        pytest.fail("lcemu did not report its port: " + "".join(seen))
    os.environ["LEANCLOUD_API_SERVER"] = base_url
    leancloud.init(APP_ID, app_key=APP_KEY, master_key=MASTER_KEY)
    yield Emulator(base_url)
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()


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
