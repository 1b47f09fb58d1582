"""`onAuthData` on the real engine (docs/cloud-code.md): at an `authData` sign-up or log-in the
engine sees the `authData` first and its answer is the `authData` used (engine_app.py maps a
WeChat openid "alias-<openid>" to the openid itself), or it refuses (142, and nothing is
written).
"""

import leancloud
import pytest
from leancloud import LeanCloudError

REFUSED = "Cloud Code validation failed. Error detail : "


def weixin(openid):
    return {"openid": openid, "access_token": "token-of-" + openid}


def calls_of(emulator, method, path):
    return [(c["path"], c.get("status")) for c in emulator.engine_calls(method, path)]


def test_on_auth_data_rewrites_the_auth_data_of_a_sign_up_and_of_a_log_in(emulator):
    user = leancloud.User.login_with("weixin", weixin("alias-o-engine-11"))
    stored = emulator.rest("GET", "/1.1/users/" + user.id, master=True).json()
    assert stored["authData"]["weixin"]["openid"] == "o-engine-11"
    assert calls_of(emulator, "POST", "/1.1/classes/_User")[:2] == [  # the SDK's save of a new user
        ("/1.1/functions/_User/onAuthData", 200), ("/1.1/functions/_User/beforeSave", 200)]

    for openid in ("o-engine-11", "alias-o-engine-11"):  # both log in to the one account
        again = emulator.rest("POST", "/1.1/users", json={"authData": {"weixin": weixin(openid)}})
        assert again.status_code == 200
        assert again.json()["objectId"] == user.id
        assert again.json()["authData"]["weixin"]["openid"] == "o-engine-11"
        assert calls_of(emulator, "POST", "/1.1/users") == [
            ("/1.1/functions/_User/onAuthData", 200), ("/1.1/functions/_User/onLogin", 200)]


def test_on_auth_data_refuses_before_the_account_is_looked_up(emulator):
    with pytest.raises(LeanCloudError) as error:
        leancloud.User.login_with("weixin", weixin("o-refused"))
    assert error.value.code == 142
    assert error.value.error == REFUSED + "this WeChat account may not log in"
    assert calls_of(emulator, "POST", "/1.1/classes/_User") == [("/1.1/functions/_User/onAuthData", 400)]
    everyone = emulator.rest("GET", "/1.1/users", master=True).json()["results"]
    assert [u for u in everyone if "weixin" in (u.get("authData") or {})] == []
