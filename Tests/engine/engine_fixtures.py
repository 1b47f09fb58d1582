"""Fixtures of the engine tier (a pytest plugin: `-p engine_fixtures`, so the SDK's own upstream
tests use them too): a real LeanEngine app (engine_app.py, the PyPI `leancloud`
package under werkzeug) and one `lcemu serve --engine` calling it, for the session; the data is
reset between tests. The SDK talks to the emulator through LEANCLOUD_API_SERVER, as a client app
would; the emulator calls the engine as LeanCloud calls a deployed one.
"""

import os
import queue
import subprocess
import sys
import threading
import time

import leancloud
import pytest
import requests

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "sdk", "python"))  # lcemu_server, shared with the SDK tier

import lcemu_server  # noqa: E402
from lcemu_server import APP_ID, APP_KEY, MASTER_KEY  # noqa: E402

HOOK_KEY = "engine-tier-hook-key"
READY_TIMEOUT = 30


class Emulator:
    def __init__(self, base_url, engine_url=None):
        self.base_url = base_url
        self.engine_url = engine_url

    def rest(self, method, path, master=False, **kwargs):
        """A raw call with curl's view of the API: headers and JSON, no SDK."""
        headers = {"X-LC-Id": APP_ID, "X-LC-Key": MASTER_KEY + ",master" if master else APP_KEY}
        headers.update(kwargs.pop("headers", {}))
        return requests.request(method, self.base_url + path, headers=headers, timeout=30, **kwargs)

    def admin(self, method, path, **kwargs):
        response = self.rest(method, path, master=True, **kwargs)
        response.raise_for_status()
        return response.json()

    def sms_code(self, phone, purpose):
        """The newest code the emulator "sent" to `phone` for `purpose` (its outbox)."""
        results = self.admin("GET", "/__admin/outbox", params={"phone": phone, "purpose": purpose})["results"]
        assert results, "no %s code was sent to %s" % (purpose, phone)
        return results[0]["code"]

    def engine_calls(self, method, path):
        """The engine calls of the newest journaled `method path` request (its `engineCalls`)."""
        records = self.admin("GET", "/__admin/requests", params={"method": method, "path": path, "limit": 20})["results"]
        record = next(r for r in records if r["path"] == path)
        return record["engineCalls"]

    def hook_log(self, event=None):
        """The HookLog objects the engine's hooks left, oldest first."""
        where = '{"event":"%s"}' % event if event else "{}"
        return self.rest("GET", "/1.1/classes/HookLog", master=True, params={"where": where, "order": "createdAt"}).json()["results"]

    def eventually(self, condition, timeout=20):
        """After-hooks run after the answer: wait for what they leave, without a fixed sleep."""
        deadline = time.monotonic() + timeout
        while True:
            value = condition()
            if value or time.monotonic() > deadline:
                return value
            time.sleep(0.05)


def _lines(stream):
    lines = queue.Queue()

    def read():
        for line in iter(stream.readline, ""):
            lines.put(line)
    threading.Thread(target=read, daemon=True).start()
    return lines


def _wait_for(lines, process, predicate, what):
    deadline, seen = time.monotonic() + READY_TIMEOUT, []
    while time.monotonic() < deadline:
        try:
            line = lines.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            break
        seen.append(line)
        found = predicate(line)
        if found:
            return found
    process.kill()
    pytest.fail("%s did not start: %s" % (what, "".join(seen)))


@pytest.fixture(scope="session")
def emulator():
    environment = dict(os.environ, LEANCLOUD_APP_ID=APP_ID, LEANCLOUD_APP_KEY=APP_KEY,
                       LEANCLOUD_APP_MASTER_KEY=MASTER_KEY, LEANCLOUD_APP_HOOK_KEY=HOOK_KEY)
    environment.pop("LEANCLOUD_API_SERVER", None)
    engine = subprocess.Popen([sys.executable, os.path.join(HERE, "engine_app.py")], env=environment,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    engine_lines = _lines(engine.stdout)
    engine_port = _wait_for(engine_lines, engine, lambda l: l.startswith("engine port ") and l.split()[2], "the engine")
    try:
        process, base_url = lcemu_server.start(
            "--no-seed", "--engine", "http://127.0.0.1:%s" % engine_port, "--hook-key", HOOK_KEY)
    except RuntimeError as error:
        engine.kill()
        pytest.fail(str(error))
    engine.stdin.write(base_url + "\n")
    engine.stdin.flush()
    os.environ["LEANCLOUD_API_SERVER"] = base_url
    leancloud.init(APP_ID, app_key=APP_KEY, master_key=MASTER_KEY)
    yield Emulator(base_url, engine_url="http://127.0.0.1:%s" % engine_port)
    lcemu_server.stop(process)
    lcemu_server.stop(engine)


@pytest.fixture(autouse=True)
def fresh(emulator):
    emulator.admin("POST", "/__admin/reset")
    leancloud.client.use_master_key(False)
    leancloud.User.set_current(None)
    yield
    leancloud.User.set_current(None)
    leancloud.client.use_master_key(False)
