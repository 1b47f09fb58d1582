"""A real LeanEngine app behind `lcemu serve --engine`, driven by the official SDK and by plain
HTTP (what curl sends): functions, every class hook, onLogin and onVerified (docs/cloud-code.md).
"""

import leancloud
import pytest
from leancloud import LeanCloudError, cloud

Item = leancloud.Object.extend("Item")


def test_functions_run_on_the_engine(emulator):
    assert cloud.run("hello", name="lcemu") == "hello lcemu"
    assert cloud.run("add", a=1, b=2) == 3
    response = emulator.rest("POST", "/1.1/functions/hello", json={"name": "curl"})
    assert response.status_code == 200
    assert response.json() == {"result": "hello curl"}


def test_a_function_sees_the_callers_user(emulator):
    user = leancloud.User()
    user.set_username("alice")
    user.set_password("secret-1")
    user.sign_up()
    assert cloud.run("whoami") == "alice"
    leancloud.User.set_current(None)
    assert cloud.run("whoami") is None


def test_a_function_error_keeps_its_code(emulator):
    with pytest.raises(LeanCloudError) as error:
        cloud.run("fail")
    assert error.value.code == 123
    assert error.value.error == "failed on purpose"
    response = emulator.rest("POST", "/1.1/functions/nowhere", json={})
    assert response.status_code == 404
    assert response.json() == {"code": 1, "error": "No such cloud function 'nowhere'"}


def test_a_stub_overrides_the_engines_function(emulator):
    emulator.admin("PUT", "/__admin/functions/hello", json={"result": "pinned"})
    assert cloud.run("hello", name="x") == "pinned"
    emulator.admin("DELETE", "/__admin/functions/hello")
    assert cloud.run("hello", name="x") == "hello x"


def test_before_save_fills_and_refuses(emulator):
    item = Item()
    item.set("name", "Lamp")
    item.save()
    item.fetch()
    assert item.get("slug") == "lamp"
    empty = Item()
    empty.set("price", 3)
    with pytest.raises(LeanCloudError) as error:
        empty.save()
    assert error.value.code == 142
    assert error.value.error == "Cloud Code validation failed. Error detail : name is required"
    assert leancloud.Query(Item).count() == 1


def test_before_save_by_curl_answers_142_with_its_detail(emulator):
    response = emulator.rest("POST", "/1.1/classes/Item", json={"price": 1})
    assert response.status_code == 400
    assert response.json() == {"code": 142, "error": "Cloud Code validation failed. Error detail : name is required"}


def test_after_save_runs_after_the_write(emulator):
    item = Item()
    item.set("name", "Chair")
    item.save()
    logged = emulator.eventually(lambda: [e for e in emulator.hook_log("afterSave") if e["item"] == item.id])
    assert logged and logged[0]["name"] == "Chair"


def test_before_update_refuses_and_after_update_hears_the_keys(emulator):
    item = Item()
    item.set("name", "Desk")
    item.save()
    item.set("name", "locked")
    with pytest.raises(LeanCloudError) as error:
        item.save()
    assert error.value.code == 142
    assert "locked is not a name" in error.value.error
    item.set("name", "Table")
    item.save()
    logged = emulator.eventually(lambda: [e for e in emulator.hook_log("afterUpdate") if e["item"] == item.id])
    assert logged and logged[0]["keys"] == ["name"]


def test_before_delete_refuses_and_after_delete_runs(emulator):
    kept = Item()
    kept.set("name", "Safe")
    kept.set("keep", True)
    kept.save()
    with pytest.raises(LeanCloudError) as error:
        kept.destroy()
    assert error.value.code == 142
    assert leancloud.Query(Item).get(kept.id).get("name") == "Safe"
    gone = Item()
    gone.set("name", "Box")
    gone.save()
    gone.destroy()
    assert emulator.eventually(lambda: [e for e in emulator.hook_log("afterDelete") if e["item"] == gone.id])


def test_a_function_that_writes_back_runs_the_hooks_without_looping(emulator):
    item_id = cloud.run("make_item", name="Shelf")
    assert leancloud.Query(Item).get(item_id).get("slug") == "shelf"
    assert emulator.eventually(lambda: [e for e in emulator.hook_log("afterSave") if e["item"] == item_id])
    assert leancloud.Query(Item).count() == 1


def test_ignore_hooks_with_the_master_key_skips_them(emulator):
    response = emulator.rest("POST", "/1.1/classes/Item", master=True, json={"price": 1, "__ignore_hooks": ["beforeSave"]})
    assert response.status_code == 201
    refused = emulator.rest("POST", "/1.1/classes/Item", json={"price": 1, "__ignore_hooks": ["beforeSave"]})
    assert refused.json()["code"] == 142


def test_on_login_refuses_a_banned_user(emulator):
    for name in ("carol", "banned"):
        user = leancloud.User()
        user.set_username(name)
        user.set_password("secret-1")
        user.sign_up()
    leancloud.User.set_current(None)
    user = leancloud.User()
    user.login("carol", "secret-1")
    assert user.get_session_token()
    with pytest.raises(LeanCloudError) as error:
        leancloud.User().login("banned", "secret-1")
    assert error.value.code == 142
    assert "banned users may not log in" in error.value.error


def test_on_verified_hears_a_verified_phone(emulator):
    user = leancloud.User()
    user.set_username("dave")
    user.set_password("secret-1")
    user.set_mobile_phone_number("+8618600000011")
    user.sign_up()
    leancloud.User.request_mobile_phone_verify("+8618600000011")
    results = emulator.admin("GET", "/__admin/outbox", params={"phone": "+8618600000011", "purpose": "verifyPhone"})["results"]
    leancloud.User.verify_mobile_phone_number(results[0]["code"], "+8618600000011")
    assert emulator.eventually(lambda: [e for e in emulator.hook_log("onVerified") if e["user"] == user.id])
