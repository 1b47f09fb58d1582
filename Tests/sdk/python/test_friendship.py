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


def test_follow_attributes_and_followers_and_followees_counts(master):
    bob = sign_up("bob")
    alice = sign_up("alice")
    # The SDK has no call for these: its own transport (leancloud.client) sends them.
    leancloud.client.post("/users/{0}/friendship/{1}".format(alice.id, bob.id), {"score": 100})
    follower = User.create_follower_query(bob.id).equal_to("score", 100).first()
    assert follower.id == alice.id
    both = leancloud.client.get("/users/{0}/followersAndFollowees".format(bob.id), {"count": 1}).json()
    assert both["followers_count"] == 1 and both["followees_count"] == 0


def test_friend_request_accept():
    bob = sign_up("bob")
    alice = sign_up("alice")
    request = leancloud.client.post("/users/friendshipRequests", {
        "user": alice._to_pointer(), "friend": bob._to_pointer(), "friendship": {"group": "sport"}}).json()
    User.become(bob.session_token)
    pending = leancloud.Query("_FriendshipRequest").equal_to("status", "pending").find()
    assert [r.id for r in pending] == [request["objectId"]]
    leancloud.client.put("/users/friendshipRequests/{0}/accept".format(request["objectId"]), {"friendship": {"group": "x"}})
    friends = leancloud.Query("_Followee").equal_to("user", bob).equal_to("friendStatus", True).find()
    assert [f.get("followee").id for f in friends] == [alice.id]
