"""Cloud functions through the SDK (cloud.run → /1.1/functions, cloud.rpc → /1.1/call), answered
by the emulator's stubs (/__admin/functions) and recorded as calls."""

import datetime

import leancloud
import pytest
from leancloud import cloud


def test_run_and_rpc_answer_the_stub(emulator):
    emulator.admin("PUT", "/__admin/functions/average", json={"result": {"average": 4.5}})
    assert cloud.run("average", movie="The Matrix") == {"average": 4.5}
    emulator.admin("PUT", "/__admin/functions/when", json={"result": {"__type": "Date", "iso": "2024-01-02T03:04:05.000Z"}})
    when = cloud.rpc("when", at=datetime.datetime(2024, 1, 1, tzinfo=datetime.timezone.utc))
    assert when == datetime.datetime(2024, 1, 2, 3, 4, 5, tzinfo=datetime.timezone.utc)
    calls = emulator.admin("GET", "/__admin/function-calls")["results"]
    assert [(c["name"], c["rpc"]) for c in calls] == [("when", True), ("average", False)]
    assert calls[1]["params"] == {"movie": "The Matrix"}
    assert calls[0]["params"]["at"]["__type"] == "Date"


def test_unknown_function_is_an_error():
    with pytest.raises(leancloud.LeanCloudError) as error:
        cloud.run("nobody")
    assert error.value.code == 1
