"""`onVerified` on the real engine (docs/cloud-code.md). `sms`: when a code makes a user's
number verified for the first time: an SMS log-in (`/1.1/login` with `smsCode`,
`usersByMobilePhone`, a sign-up there included), a password reset by SMS, a number change.
`email`: when the user opens the verification link. Each scenario starts from an unverified
number or address; the SMS codes and the link are read from the emulator's outbox.
"""

import leancloud
import pytest
import requests
from leancloud import cloud


def sign_up(number, name):
    user = leancloud.User()
    user.set_username(name)
    user.set_password("secret-1")
    user.set_mobile_phone_number(number)
    user.sign_up()
    return user


def verified(emulator, user_id):
    """The onVerified calls the engine logged for the user (waits for the first)."""
    return emulator.eventually(lambda: [e for e in emulator.hook_log("onVerified") if e["user"] == user_id])


@pytest.mark.parametrize("path", ["/1.1/login", "/1.1/usersByMobilePhone"])
def test_an_sms_log_in_verifies_the_number(emulator, path):
    number = "+8618600000131" if path == "/1.1/login" else "+8618600000132"
    user = sign_up(number, "grace")
    assert emulator.rest("GET", "/1.1/users/" + user.id, master=True).json()["mobilePhoneVerified"] is False
    leancloud.User.set_current(None)
    leancloud.User.request_login_sms_code(number)
    login = emulator.rest("POST", path, json={"mobilePhoneNumber": number, "smsCode": emulator.sms_code(number, "login")})
    assert login.status_code == 200
    assert login.json()["objectId"] == user.id
    heard = verified(emulator, user.id)
    assert heard and heard[0]["type"] == "sms" and heard[0]["phone"] == number


def test_a_users_by_mobile_phone_sign_up_verifies_the_new_number(emulator):
    number = "+8618600000133"
    cloud.request_sms_code(number)
    user = leancloud.User.signup_or_login_with_mobile_phone(number, emulator.sms_code(number, "verify"))
    assert user.get_session_token()
    heard = verified(emulator, user.id)
    assert heard and heard[0]["phone"] == number


def test_a_password_reset_by_sms_verifies_the_number(emulator):
    number = "+8618600000134"
    user = sign_up(number, "heidi")
    leancloud.User.set_current(None)
    leancloud.User.request_password_reset_by_sms_code(number)
    leancloud.User.reset_password_by_sms_code(emulator.sms_code(number, "resetPassword"), "secret-2", number)
    assert verified(emulator, user.id)
    assert leancloud.User.login_with_mobile_phone(number, "secret-2").id == user.id


def test_a_number_change_verifies_the_new_number(emulator):
    user = sign_up("+8618600000135", "ivan")
    new_number = "+8618600000136"
    leancloud.User.request_change_phone_number(new_number)  # under ivan's session, the SDK's current user
    leancloud.User.change_phone_number(emulator.sms_code(new_number, "changePhone"), new_number)
    heard = verified(emulator, user.id)
    assert heard and heard[0]["phone"] == new_number
    assert emulator.rest("GET", "/1.1/users/" + user.id, master=True).json()["mobilePhoneNumber"] == new_number


def test_opening_the_email_link_verifies_the_address(emulator):
    user = leancloud.User()
    user.set_username("judy")
    user.set_password("secret-1")
    user.set_email("judy@example.com")
    user.sign_up()
    leancloud.User.request_email_verify("judy@example.com")
    mails = emulator.admin("GET", "/__admin/outbox", params={"email": "judy@example.com"})["results"]
    link = next(m["link"] for m in mails if m["purpose"] == "verifyEmail")
    assert emulator.hook_log("onVerified") == []  # a sign-up and a mailed link verify nothing yet

    opened = requests.get(link, timeout=30)
    assert opened.status_code == 200
    heard = verified(emulator, user.id)
    assert [(e["type"], e["email"], e["emailVerified"]) for e in heard] == [("email", "judy@example.com", True)]
    # The journal masks the link's token; the engine call is beside the masked request.
    opening = emulator.eventually(lambda: [r for r in emulator.admin("GET", "/__admin/requests", params={
        "method": "GET", "limit": 20})["results"] if r["path"].startswith("/__auth/") and r["engineCalls"]])
    assert len(opening) == 1 and link.rsplit("/", 1)[1] not in opening[0]["path"]
    calls = [(c["path"], c.get("status")) for c in opening[0]["engineCalls"]]
    assert calls == [("/1.1/functions/onVerified/email", 200)]
