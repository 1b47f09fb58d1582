"""An engine function slower than `--engine-timeout` answers `503 {"code":141,...}` as LeanCloud
does, at the limit, not when the engine finally answers (docs/cloud-code.md, "When the engine is
slow or down"). An emulator of its own with a 1 s limit calls the tier's engine, whose `slow`
function takes 6 s: the only wait is the engine's own.
"""

import time

import lcemu_server
import pytest
from leancloud import LeanCloudError, cloud

from engine_fixtures import HOOK_KEY, Emulator

TIMEOUT = {"code": 141, "error": "LeanEngine request timeout."}
ENGINE_DELAY_S = 6


@pytest.fixture
def impatient(emulator, monkeypatch):
    process, base_url = lcemu_server.start("--no-seed", "--engine", emulator.engine_url, "--hook-key", HOOK_KEY,
                                           "--engine-timeout", "1")
    monkeypatch.setenv("LEANCLOUD_API_SERVER", base_url)  # the SDK calls this emulator
    yield Emulator(base_url, engine_url=emulator.engine_url)
    lcemu_server.stop(process)


def test_a_function_past_the_limit_answers_141(impatient):
    started = time.monotonic()
    response = impatient.rest("POST", "/1.1/functions/slow", json={"seconds": ENGINE_DELAY_S})
    assert time.monotonic() - started < ENGINE_DELAY_S - 1  # cut off at the limit
    assert response.status_code == 503
    assert response.json() == TIMEOUT
    with pytest.raises(LeanCloudError) as error:
        cloud.run("slow", seconds=ENGINE_DELAY_S)
    assert (error.value.code, error.value.error) == (TIMEOUT["code"], TIMEOUT["error"])
    calls = [c for c in impatient.admin("GET", "/__admin/engine")["calls"] if c["path"] == "/1.1/functions/slow"]
    assert len(calls) == 2 and all(c["error"] == TIMEOUT for c in calls)
    assert impatient.rest("POST", "/1.1/functions/hello", json={"name": "in time"}).json() == {"result": "hello in time"}
