"""`_Installation`'s class hooks on the real engine (docs/cloud-code.md): the upsert of a device
(`POST /1.1/installations`, or the SDK's save to `/1.1/classes/_Installation`), found again by
its `deviceToken` or `installationId`, calls `beforeSave`, which may change or refuse it, then
`afterSave` for a new device and `afterUpdate` when it updated the device's installation.
"""

import leancloud
import pytest
from leancloud import LeanCloudError

TOKEN = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"


def logged(emulator, event, installation_id):
    return emulator.eventually(lambda: [e for e in emulator.hook_log(event) if e["installation"] == installation_id])


def test_an_ios_device_by_its_token_runs_before_save_then_after_save_then_after_update(emulator):
    device = leancloud.Installation()
    device.set("deviceType", "ios")
    device.set("deviceToken", TOKEN)
    device.save()
    stored = emulator.rest("GET", "/1.1/installations/" + device.id, master=True).json()
    assert stored["stamped"] is True  # beforeSave's change is what was written
    assert logged(emulator, "installationAfterSave", device.id)

    again = emulator.rest("POST", "/1.1/installations", json={"deviceType": "ios", "deviceToken": TOKEN, "badge": 3})
    assert again.status_code == 200
    assert again.json()["objectId"] == device.id
    updated = logged(emulator, "installationAfterUpdate", device.id)
    assert updated and "badge" in updated[0]["keys"]
    assert len(emulator.rest("GET", "/1.1/installations", master=True).json()["results"]) == 1


def test_an_android_device_by_its_installation_id_is_stamped(emulator):
    body = {"deviceType": "android", "installationId": "engine-tier-device-1", "channels": ["news"]}
    created = emulator.rest("POST", "/1.1/installations", json=body)
    assert created.status_code == 201
    device_id = created.json()["objectId"]
    assert emulator.rest("GET", "/1.1/installations/" + device_id, master=True).json()["stamped"] is True
    assert logged(emulator, "installationAfterSave", device_id)
    again = emulator.rest("POST", "/1.1/installations", json=dict(body, channels=["news", "sport"]))
    assert again.json()["objectId"] == device_id
    assert logged(emulator, "installationAfterUpdate", device_id)


def test_before_save_refuses_a_device_and_nothing_is_saved(emulator):
    refused = emulator.rest("POST", "/1.1/installations",
                            json={"deviceType": "ios", "deviceToken": TOKEN, "channels": ["blocked"]})
    assert refused.status_code == 400
    assert refused.json() == {"code": 142, "error": "Cloud Code validation failed. Error detail : this device is blocked"}
    device = leancloud.Installation()
    device.set("deviceType", "android")
    device.set("installationId", "engine-tier-device-2")
    device.set("channels", ["blocked"])
    with pytest.raises(LeanCloudError) as error:
        device.save()
    assert error.value.code == 142
    assert emulator.rest("GET", "/1.1/installations", master=True).json()["results"] == []
