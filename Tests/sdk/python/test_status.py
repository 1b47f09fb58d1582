"""Statuses and inboxes through the SDK (leancloud/status.py): publishing to followers, privately
and to a query of users, the inbox with its paging and counts, deleting, `_Status` as a class."""

import leancloud
import pytest
from leancloud import InboxQuery, Query, Status, User


def sign_up(name, **fields):
    user = User()
    for key, value in fields.items():
        user.set(key, value)
    user.sign_up(name, "secret-1")
    return user


def act_as(user):
    User.become(user.get_session_token())


def inbox(owner, inbox_type="default"):
    return InboxQuery().owner(owner).inbox_type(inbox_type)


def test_send_to_followers_reaches_each_follower_and_the_source():
    alice = sign_up("alice")
    bob = sign_up("bob")
    bob.follow(alice.id)
    carol = sign_up("carol")
    carol.follow(alice.id)
    act_as(alice)
    status = Status(image="http://www.example.com", message="hello world!")
    status.send_to_followers()
    assert status.id and status.created_at
    for user in (bob, carol, alice):
        act_as(user)
        [received] = inbox(user).find()
        assert received.id == status.id
        assert received.get("message") == "hello world!"
        assert received.get("messageId") == 1
        assert received.get("inboxType") == "default"
        assert received.get("source").id == alice.id


def test_private_status_reaches_only_its_target_with_unread_counts():
    bob = sign_up("bob")
    alice = sign_up("alice")
    status = Status(message="secret")
    status.send_private_status(bob)
    assert status.inbox_type == "private"
    act_as(bob)
    assert inbox(bob).find() == []
    assert [s.id for s in inbox(bob, "private").find()] == [status.id]
    assert Status.count_unread_statuses(bob, "private") == (1, 1)
    # The SDK has no call for resetting: its own transport (leancloud.client) posts it, as the
    # JavaScript SDK's resetUnreadCount does.
    leancloud.client.post("/subscribe/statuses/resetUnreadCount", {"owner": bob._to_pointer(), "inboxType": "private"})
    assert Status.count_unread_statuses(bob, "private") == (1, 0)
    act_as(alice)
    assert Status.count_unread_statuses(alice, "private") == (0, 0)


def test_send_to_a_query_of_users_in_a_custom_inbox():
    bob = sign_up("bob", age=20)
    carol = sign_up("carol", age=30)
    alice = sign_up("alice")
    status = Status(text="we have a new website")
    status.inbox_type = "system"
    status.send(Query(User).equal_to("age", 20))
    act_as(bob)
    assert [s.get("text") for s in inbox(bob, "system").find()] == ["we have a new website"]
    act_as(carol)
    assert inbox(carol, "system").find() == []
    act_as(alice)
    assert inbox(alice, "system").find() == []


def test_inbox_paging_by_since_id_and_max_id():
    bob = sign_up("bob")
    sign_up("alice")
    sent = []
    for n in range(1, 6):
        status = Status(n=n)
        status.send_private_status(bob)
        sent.append(status.id)
    act_as(bob)

    def numbers(query):
        return [s.get("messageId") for s in query.find()]

    assert numbers(inbox(bob, "private")) == [5, 4, 3, 2, 1]
    assert numbers(inbox(bob, "private").since_id(2)) == [5, 4, 3]
    assert numbers(inbox(bob, "private").max_id(3)) == [3, 2, 1]
    assert numbers(inbox(bob, "private").since_id(1).max_id(3).limit(1)) == [3]
    assert numbers(inbox(bob, "private").greater_than_or_equal_to("n", 4)) == [5, 4]
    assert inbox(bob, "private").first().id == sent[-1]
    assert inbox(bob, "private").count() == 5


def test_destroy_takes_the_status_out_of_every_inbox():
    alice = sign_up("alice")
    bob = sign_up("bob")
    bob.follow(alice.id)
    act_as(alice)
    status = Status(message="soon gone")
    status.send_to_followers()
    act_as(bob)
    [received] = inbox(bob).find()
    with pytest.raises(leancloud.LeanCloudError) as refused:
        received.destroy()
    assert refused.value.code == 403
    act_as(alice)
    status.destroy()
    act_as(bob)
    assert inbox(bob).find() == []
    assert Status.count_unread_statuses(bob) == (0, 0)


def test_delete_from_one_inbox(emulator):
    alice = sign_up("alice")
    bob = sign_up("bob")
    bob.follow(alice.id)
    act_as(alice)
    Status(message="one").send_to_followers()
    # The SDK has no call for it, and its transport sends DELETE parameters as a body
    # (leancloud/client.py, delete): a plain request carries them in the query string.
    owner = '{"__type":"Pointer","className":"_User","objectId":"%s"}' % bob.id
    response = emulator.rest("DELETE", "/subscribe/statuses/inbox", headers={"X-LC-Session": bob.get_session_token()},
                             params={"owner": owner, "inboxType": "default", "messageId": 1})
    assert response.status_code == 200 and response.json() == {}
    act_as(bob)
    assert inbox(bob).find() == []
    act_as(alice)
    assert len(inbox(alice).find()) == 1


def test_publishing_and_reading_need_a_session(emulator):
    alice = sign_up("alice")
    User.set_current(None)
    with pytest.raises(ValueError):  # the SDK refuses before sending (leancloud/status.py, send)
        Status(message="x").send_to_followers()
    with pytest.raises(leancloud.LeanCloudError) as refused:
        leancloud.client.post("/statuses", {"data": {"message": "x"}, "inboxType": "default"})
    assert refused.value.code == 206
    with pytest.raises(leancloud.LeanCloudError) as refused:
        inbox(alice).find()
    assert refused.value.code == 206


def test_statuses_are_queryable_as_a_class():
    alice = sign_up("alice")
    bob = sign_up("bob")
    act_as(alice)
    status = Status(message="hi", likes=3)
    status.send_private_status(bob)
    found = Query("_Status").equal_to("source", alice).find()
    assert [s.id for s in found] == [status.id]
    assert found[0].get("inboxType") == "private" and found[0].get("messageId") is None
    one = leancloud.client.get("/statuses/" + status.id, {"include": "source"}).json()
    assert one["source"]["username"] == "alice"
    assert one["likes"] == 3
