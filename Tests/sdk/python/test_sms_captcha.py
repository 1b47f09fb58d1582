"""SMS codes and captchas through the SDK's own calls; the codes are read from the emulator's
outbox (/__admin/outbox, master key) as a phone would receive them."""

import leancloud
import pytest
import requests
from leancloud import User, cloud


def signed_up_with_phone(phone="18600000002"):
    user = User()
    user.set("mobilePhoneNumber", phone)
    user.sign_up("phoney", "secret-1")
    return user


def test_generic_sms_code_request_and_verify(emulator):
    cloud.request_sms_code("18600000003")
    code = emulator.outbox_code("18600000003")
    assert cloud.verify_sms_code("+8618600000003", code) is True
    with pytest.raises(leancloud.LeanCloudError) as error:
        cloud.verify_sms_code("+8618600000003", code)
    assert error.value.code == 603


def test_sms_template_sign_params_and_voice(emulator):
    # template and sign are accepted and ignored; params are merged into the body (cloud.py).
    cloud.request_sms_code("18600000011", template="tpl", sign="sgn", params={"name": "Shop", "op": "log in"})
    message = emulator.admin("GET", "/__admin/outbox", params={"phone": "18600000011"})["results"][0]
    assert message["kind"] == "sms" and "Shop" in message["text"]
    cloud.request_sms_code("18600000012", sms_type="voice")
    assert emulator.admin("GET", "/__admin/outbox", params={"phone": "18600000012"})["results"][0]["kind"] == "voice"


def test_captcha_then_sms_with_its_validate_token(emulator):
    captcha = cloud.request_captcha(width=100, height=40)
    assert requests.get(captcha.url, timeout=10).headers["Content-Type"] == "image/png"
    answer = emulator.captcha_answer(captcha.token)
    validate_token = captcha.verify(answer)
    assert validate_token
    cloud.request_sms_code("18600000004", validate_token=validate_token)
    assert emulator.outbox_code("18600000004")


def test_captcha_size_and_ttl_are_for_the_master_key(master):
    captcha = cloud.request_captcha(size=5, ttl=60)
    assert len(captcha.token) > 0
    leancloud.client.use_master_key(False)
    with pytest.raises(leancloud.LeanCloudError) as error:
        cloud.request_captcha(size=5)
    assert error.value.code == 119


def test_wrong_captcha_is_refused(emulator):
    captcha = cloud.request_captcha()
    with pytest.raises(leancloud.LeanCloudError):
        captcha.verify("0000")


def test_sign_up_or_log_in_by_sms_code(emulator):
    cloud.request_sms_code("18600000005")
    user = User.signup_or_login_with_mobile_phone("18600000005", emulator.outbox_code("18600000005"))
    assert user.session_token and user.get("mobilePhoneVerified") is True


def test_log_in_by_sms_code(emulator):
    signed_up_with_phone()
    User.set_current(None)
    User.request_login_sms_code("18600000002")
    code = emulator.outbox_code("18600000002", purpose="login")
    user = User()
    user._update_data({"mobilePhoneNumber": "18600000002", "smsCode": code})
    user.login()
    assert user.get_username() == "phoney"


def test_verify_mobile_phone(emulator):
    signed_up_with_phone()
    User.request_mobile_phone_verify("18600000002")
    User.verify_mobile_phone_number(emulator.outbox_code("18600000002", purpose="verifyPhone"), "18600000002")
    assert User.login_with_mobile_phone("18600000002", "secret-1").get("mobilePhoneVerified") is True


def test_wrong_codes_answer_603_before_the_number_is_looked_up():
    with pytest.raises(leancloud.LeanCloudError) as error:
        User.verify_mobile_phone_number("000000", "18699999999")
    assert error.value.code == 603
    with pytest.raises(leancloud.LeanCloudError) as error:
        User.reset_password_by_sms_code("000000", "new-secret", "18699999999")
    assert error.value.code == 603


def test_reset_password_by_sms_code(emulator):
    signed_up_with_phone()
    User.set_current(None)
    User.request_password_reset_by_sms_code("18600000002")
    code = emulator.outbox_code("18600000002", purpose="resetPassword")
    User.reset_password_by_sms_code(code, "new-secret", "18600000002")
    assert User.login_with_mobile_phone("18600000002", "new-secret").get_username() == "phoney"


def test_change_phone_number_without_a_session_on_the_second_call(emulator):
    user = signed_up_with_phone()
    User.request_change_phone_number("18600000009", ttl=5)
    code = emulator.outbox_code("18600000009", purpose="changePhone")
    # LeanCloud's reference sends no session here: the code identifies the user.
    User.set_current(None)
    User.change_phone_number(code, "18600000009")
    assert User.become(user.session_token).get_mobile_phone_number() == "18600000009"
