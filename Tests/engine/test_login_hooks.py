"""`onLogin` and `_User`'s save hooks beyond a password log-in, on the real engine
(docs/cloud-code.md): an `authData` sign-up runs `beforeSave` (which may change or refuse the new
user) and `afterSave`; an `authData` log-in and a `usersByMobilePhone` log-in ask `onLogin`,
which may refuse them.
"""

import leancloud
import pytest
from leancloud import LeanCloudError, cloud

REFUSED = "Cloud Code validation failed. Error detail : "


def weixin(openid):
    return {"weixin": {"openid": openid, "access_token": "token-of-" + openid}}


def stored_user(emulator, user_id):
    return emulator.rest("GET", "/1.1/users/" + user_id, master=True).json()


def test_an_auth_data_sign_up_runs_before_save_and_after_save(emulator):
    user = leancloud.User.login_with("weixin", weixin("o-engine-1")["weixin"])
    assert user.get_session_token()
    assert stored_user(emulator, user.id)["signedUpBy"] == "engine"
    assert emulator.eventually(lambda: [e for e in emulator.hook_log("userAfterSave") if e["user"] == user.id])
    paths = [call["path"] for call in emulator.engine_calls("POST", "/1.1/classes/_User")]
    assert "/1.1/functions/_User/beforeSave" in paths


def test_before_save_refuses_an_auth_data_sign_up(emulator):
    refused = emulator.rest("POST", "/1.1/users", json={"authData": weixin("o-engine-2"), "username": "mallory"})
    assert refused.status_code == 400
    assert refused.json() == {"code": 142, "error": REFUSED + "no mallory"}
    found = emulator.rest("GET", "/1.1/users", master=True, params={"where": '{"username":"mallory"}'}).json()
    assert found["results"] == []


def test_on_login_hears_an_auth_data_log_in_and_may_refuse_it(emulator):
    signed_up = emulator.rest("POST", "/1.1/users", json={"authData": weixin("o-engine-3"), "username": "erin"})
    assert signed_up.status_code == 201
    again = emulator.rest("POST", "/1.1/users", json={"authData": weixin("o-engine-3")})
    assert again.status_code == 200
    assert again.json()["objectId"] == signed_up.json()["objectId"]
    assert again.json()["sessionToken"]
    calls = emulator.engine_calls("POST", "/1.1/users")
    assert [(c["path"], c.get("status")) for c in calls] == [("/1.1/functions/_User/onAuthData", 200),
                                                           ("/1.1/functions/_User/onLogin", 200)]

    assert emulator.rest("POST", "/1.1/users", json={"authData": weixin("o-engine-4"), "username": "banned"}).status_code == 201
    leancloud.User.set_current(None)
    with pytest.raises(LeanCloudError) as error:
        leancloud.User.login_with("weixin", weixin("o-engine-4")["weixin"])
    assert error.value.code == 142
    assert error.value.error == REFUSED + "banned users may not log in"


def test_on_login_hears_a_users_by_mobile_phone_log_in_and_may_refuse_it(emulator):
    for name, number in (("frank", "+8618600000121"), ("banned", "+8618600000122")):
        user = leancloud.User()
        user.set_username(name)
        user.set_password("secret-1")
        user.set_mobile_phone_number(number)
        user.sign_up()
        leancloud.User.set_current(None)
        leancloud.User.request_login_sms_code(number)
        code = emulator.sms_code(number, "login")
        if name == "banned":
            with pytest.raises(LeanCloudError) as error:
                leancloud.User.signup_or_login_with_mobile_phone(number, code)
            assert error.value.code == 142
            assert error.value.error == REFUSED + "banned users may not log in"
        else:
            logged_in = leancloud.User.signup_or_login_with_mobile_phone(number, code)
            assert logged_in.id == user.id
            assert logged_in.get_session_token()
            calls = emulator.engine_calls("POST", "/1.1/usersByMobilePhone")
            assert ("/1.1/functions/_User/onLogin", 200) in [(c["path"], c.get("status")) for c in calls]


def test_a_users_by_mobile_phone_sign_up_runs_the_user_save_hooks(emulator):
    number = "+8618600000123"
    cloud.request_sms_code(number)
    user = leancloud.User.signup_or_login_with_mobile_phone(number, emulator.sms_code(number, "verify"))
    assert stored_user(emulator, user.id).get("signedUpBy") == "engine"
    assert emulator.eventually(lambda: [e for e in emulator.hook_log("userAfterSave") if e["user"] == user.id])
