"""Installations and push through leancloud.Installation and leancloud.push (push.py): every
push lands in the emulator's outbox (/__admin/outbox?kind=push, master key) with the
installations it reached and why, since nothing leaves the machine."""

from datetime import datetime, timedelta

import leancloud
import pytest
from dateutil import tz
from leancloud import push


def pushes(emulator):
    """The push accounts of the outbox, newest first."""
    results = emulator.admin("GET", "/__admin/outbox", params={"kind": "push"})["results"]
    return [message["push"] for message in results]


def installation(**fields):
    saved = leancloud.Installation()
    for key, value in fields.items():
        saved.set(key, value)
    saved.save()
    return saved


def test_installation_save_is_an_upsert_by_device_token():
    first = installation(deviceType="ios", deviceToken="token-1", channels=["news"], timeZone="Asia/Shanghai")
    assert first.id and first.created_at
    # A reinstall saves a new Installation object with the same token: the same row is updated.
    second = installation(deviceType="ios", deviceToken="token-1", channels=["sports"], badge=0)
    assert second.id == first.id
    first.fetch()
    assert first.get("channels") == ["sports"] and first.get("timeZone") == "Asia/Shanghai"
    assert leancloud.Query("_Installation").count() == 1


def test_installation_rules_answer_leancloud_codes():
    with pytest.raises(leancloud.LeanCloudError) as error:
        installation(deviceType="ios", deviceToken="t", channels=["not valid"])
    assert error.value.code == 112
    with pytest.raises(leancloud.LeanCloudError) as error:
        installation(deviceType="ios")
    assert error.value.code == 114


def test_subscribing_to_a_channel_and_pushing_to_it(emulator):
    android = installation(deviceType="android", installationId="a-1", channels=["news"])
    installation(deviceType="android", installationId="a-2", channels=["weather"])
    android.add_unique("channels", "sports")
    android.save()
    notification = push.send({"alert": "Goal!"}, channels=["sports"])
    notification.fetch()
    assert notification.get("status") == "done" and notification.get("devices") == 1
    account = pushes(emulator)[0]
    assert account["notification"] == notification.id
    assert [d["installationId"] for d in account["deliveries"]] == ["a-1"]
    assert account["deliveries"][0]["reasons"] == ['channel "sports"']


def test_where_query_and_per_platform_data(emulator):
    installation(deviceType="ios", deviceToken="t-ann", owner="ann")
    installation(deviceType="android", installationId="a-ann", owner="ann")
    installation(deviceType="ios", deviceToken="t-bob", owner="bob")
    query = leancloud.Query("_Installation").equal_to("owner", "ann")
    data = {"ios": {"alert": "Hi", "badge": "Increment"}, "android": {"alert": "Hi", "title": "App"}}
    push.send(data, where=query, prod="dev")
    deliveries = pushes(emulator)[0]["deliveries"]
    assert [d["deviceType"] for d in deliveries] == ["ios", "android"]
    assert deliveries[0]["data"] == {"alert": "Hi", "badge": 1} and deliveries[0]["prod"] == "dev"
    assert deliveries[1]["data"] == {"alert": "Hi", "title": "App"}


def test_scheduled_push_fires_when_the_clock_passes_push_time(emulator):
    installation(deviceType="android", installationId="a-1")
    now = datetime.fromtimestamp(emulator.admin("GET", "/__admin/clock")["nowMs"] / 1000.0, tz.tzutc())
    notification = push.send({"alert": "later"}, push_time=now + timedelta(hours=1), expiration_interval=600)
    assert [p["status"] for p in pushes(emulator)] == ["scheduled"]
    emulator.admin("POST", "/__admin/clock", json={"advance": "61m"})
    assert [p["status"] for p in pushes(emulator)] == ["sent", "scheduled"]
    notification.fetch()
    assert notification.get("status") == "done"


def test_the_sdk_refuses_what_it_checks_itself():
    # push.py checks both expiries itself; Notification.save raises code 1 without a request.
    with pytest.raises(TypeError):
        push.send({"alert": "x"}, expiration_time=datetime.now(), expiration_interval=60)
    notification = push.send({"alert": "x"})
    with pytest.raises(leancloud.LeanCloudError) as error:
        notification.save()
    assert error.value.code == 1


def test_upstream_basic_push_case(emulator):
    """tests/test_push.py of the SDK: push_time now, expiration_time, prod, flow_control 0."""
    installation(deviceType="ios", deviceToken="xxx")
    data = {"alert": {"title": "标题", "body": "消息内容", "loc-args": [""]}}
    query = leancloud.Query("_Installation").equal_to("deviceToken", "xxx")
    now = datetime.now()
    notification = push.send(data, where=query, push_time=now, expiration_time=now + timedelta(hours=2),
                             prod="dev", flow_control=0)
    notification.fetch()
    assert notification.id and notification.get("flow_control") == 0
    message = emulator.admin("GET", "/__admin/outbox", params={"kind": "push"})["results"][0]
    assert message["text"] == "标题: 消息内容"
    assert message["push"]["deliveries"][0]["deviceToken"] == "xxx"
