"""Friendship through the SDK: follow/unfollow and the follower/followee queries."""

import leancloud
import pytest
from leancloud import User


def sign_up(name):
    user = User()
    user.sign_up(name, "secret-1")
    return user


def test_follow_and_unfollow_keep_followers_and_followees():
    bob = sign_up("bob")
    carol = sign_up("carol")
    alice = sign_up("alice")
    alice.follow(bob.id)
    alice.follow(carol.id)
    assert sorted(u.get_username() for u in User.create_followee_query(alice.id).include("followee").find()) == ["bob", "carol"]
    followers = User.create_follower_query(bob.id).include("follower").find()
    assert [u.id for u in followers] == [alice.id]
    assert followers[0].get_username() == "alice"
    assert User.create_follower_query(bob.id).count() == 1
    alice.unfollow(bob.id)
    assert [u.id for u in User.create_followee_query(alice.id).find()] == [carol.id]
    assert User.create_follower_query(bob.id).count() == 0


def test_following_needs_a_session():
    bob = sign_up("bob")
    alice = sign_up("alice")
    User.set_current(None)
    with pytest.raises(leancloud.LeanCloudError):
        alice.follow(bob.id)


def test_the_master_key_may_follow_for_any_user(master):
    bob = sign_up("bob")
    alice = sign_up("alice")
    User.set_current(None)
    alice.follow(bob.id)
    assert [u.id for u in User.create_follower_query(bob.id).find()] == [alice.id]
