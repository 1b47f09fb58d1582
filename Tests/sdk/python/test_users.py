"""Users through the SDK: sign-up, log-in (username, email, phone), become, is_authenticated,
session token refresh, password update, authData (login_with, link, unlink), roles."""

import leancloud
import pytest
from leancloud import User


def signed_up(name="alice", password="secret-1", **fields):
    user = User()
    for key, value in fields.items():
        user.set(key, value)
    user.sign_up(name, password)
    return user


def test_sign_up_log_in_and_become():
    user = signed_up(email="alice@example.com")
    assert user.session_token and User.get_current().id == user.id
    user.logout()
    again = User()
    again.login("alice", "secret-1")
    assert again.id == user.id and again.session_token
    by_email = User()
    by_email.login(email="alice@example.com", password="secret-1")
    assert by_email.id == user.id
    became = User.become(again.session_token)
    assert became.get_username() == "alice" and became.is_authenticated()
    assert not became.has("password")


def test_wrong_password_and_unknown_user():
    signed_up()
    with pytest.raises(leancloud.LeanCloudError) as error:
        User().login("alice", "wrong")
    assert error.value.code == 210
    with pytest.raises(leancloud.LeanCloudError) as error:
        User().login("nobody", "x")
    assert error.value.code == 211


def test_refresh_session_token_invalidates_the_old_one():
    user = signed_up()
    old = user.session_token
    user.refresh_session_token()
    assert user.session_token != old
    assert user.is_authenticated()
    stale = User()
    stale._session_token = old
    assert not stale.is_authenticated()


def test_update_password():
    user = signed_up()
    user.update_password("secret-1", "secret-2")
    assert user.session_token
    User.set_current(None)
    User().login("alice", "secret-2")
    with pytest.raises(leancloud.LeanCloudError) as error:
        user.update_password("not-it", "secret-3")
    assert error.value.code == 210


def test_current_user_saves_its_own_fields():
    user = signed_up()
    user.set("nickname", "Al")
    user.save()
    assert User.become(user.session_token).get("nickname") == "Al"


def test_auth_data_log_in_link_and_unlink():
    weixin = {"openid": "o-123", "access_token": "t", "expires_in": 7200}
    user = User.login_with("weixin", weixin)
    assert user.id and user.session_token
    again = User.login_with("weixin", weixin)
    assert again.id == user.id
    user.link_with("qq", {"openid": "q-1", "access_token": "t"})
    assert User.become(user.session_token).is_linked("qq")
    user.unlink_from("qq")
    assert not User.become(user.session_token).get("authData", {}).get("qq")


def test_mobile_phone_log_in_with_password():
    signed_up(mobilePhoneNumber="18600000001")
    user = User.login_with_mobile_phone("18600000001", "secret-1")
    assert user.get_username() == "alice"


def test_email_requests_reach_the_outbox(emulator):
    signed_up(email="alice@example.com")
    User.request_email_verify("alice@example.com")
    User.request_password_reset("alice@example.com")
    messages = emulator.admin("GET", "/__admin/outbox")["results"]
    assert {m["kind"] for m in messages} >= {"email"}


def test_users_query_and_get_roles(master):
    user = signed_up()
    assert User.query.equal_to("username", "alice").first().id == user.id
    assert user.get_roles() == []
