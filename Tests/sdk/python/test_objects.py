"""Objects through the SDK: every field type and every operation the SDK's Object sends."""

import datetime

import leancloud
from leancloud import GeoPoint, Object


class Thing(Object):
    pass


def test_every_field_type_round_trips():
    other = Thing(name="other")
    other.save()
    when = datetime.datetime(2024, 5, 6, 7, 8, 9, 123000, tzinfo=datetime.timezone.utc)
    thing = Thing()
    thing.set({
        "text": "héllo", "int": 42, "float": 1.5, "bool": True, "none": None,
        "list": [1, "two", {"three": 3}], "dict": {"nested": {"deep": [True]}},
        "date": when, "geo": GeoPoint(39.9, 116.4), "pointer": other,
    })
    thing.save()

    fetched = Thing.create_without_data(thing.id)
    fetched.fetch()
    assert fetched.get("text") == "héllo"
    assert fetched.get("int") == 42 and fetched.get("float") == 1.5 and fetched.get("bool") is True
    assert fetched.get("list") == [1, "two", {"three": 3}]
    assert fetched.get("dict") == {"nested": {"deep": [True]}}
    assert fetched.get("date") == when
    assert fetched.get("geo") == GeoPoint(39.9, 116.4)
    assert fetched.get("pointer").id == other.id
    assert fetched.created_at is not None and fetched.updated_at is not None


def test_bytes_through_the_sdks_transport(emulator):
    # Object.set runs every value through utils.decode, which has no "Bytes" branch and returns
    # None (leancloud/utils.py, decode): the SDK itself sends {"bytes":null}. Its transport
    # (leancloud.client) sends the Bytes value as written.
    created = leancloud.client.post("/classes/Thing", {"bytes": {"__type": "Bytes", "base64": "aGVsbG8="}}).json()
    raw = emulator.rest("GET", "/classes/Thing/" + created["objectId"]).json()
    assert raw["bytes"] == {"__type": "Bytes", "base64": "aGVsbG8="}


def test_operations_increment_add_add_unique_remove_unset_bits():
    thing = Thing(count=1, tags=["a"], flags=0b1100, gone="x")
    thing.save()
    thing.increment("count", 5)
    thing.add("tags", "b")
    thing.save()
    # The SDK refuses to merge two different array operations on one key before a save
    # (leancloud/operation.py, AddUnique._merge raises "invalid op").
    thing.add_unique("tags", "a")
    thing.save()
    thing.remove("tags", "a")
    thing.unset("gone")
    thing.bit_and("flags", 0b0100)
    thing.save()
    thing.bit_or("flags", 0b0001)
    thing.save()
    thing.bit_xor("flags", 0b0101)
    thing.save(fetch_when_save=True)
    assert thing.get("count") == 6
    assert thing.get("tags") == ["b"]
    assert thing.get("flags") == 0
    assert not thing.has("gone")


def test_increment_with_fetch_when_save_returns_the_new_value():
    thing = Thing(count=10)
    thing.save()
    thing.increment("count", -3)
    thing.save(fetch_when_save=True)
    assert thing.get("count") == 7


def test_conditional_save_with_where():
    thing = Thing(balance=10)
    thing.save()
    thing.increment("balance", -20)
    try:
        thing.save(where=Thing.query.greater_than_or_equal_to("balance", 20))
        raise AssertionError("the condition should have failed")
    except leancloud.LeanCloudError as error:
        assert error.code == 305
    thing = Thing.create_without_data(thing.id)
    thing.increment("balance", -5)
    thing.save(where=Thing.query.greater_than_or_equal_to("balance", 5), fetch_when_save=True)
    assert thing.get("balance") == 5


def test_pointer_children_are_saved_first_in_one_batch():
    child = Thing(name="child")
    parent = Thing(name="parent", child=child, children=[Thing(name="c2")])
    parent.save()
    assert child.id is not None
    found = Thing.query.include("child").get(parent.id)
    assert found.get("child").get("name") == "child"


def test_relations_add_query_remove_and_reverse():
    post = Thing(title="post")
    tags = [Thing(name="t1"), Thing(name="t2")]
    Object.save_all(tags)
    relation = post.relation("tags")
    relation.add(*tags)
    post.save()
    assert sorted(t.get("name") for t in relation.query.find()) == ["t1", "t2"]
    back = leancloud.Relation.reverse_query("Thing", "tags", tags[0]).find()
    assert [p.id for p in back] == [post.id]
    relation.remove(tags[0])
    post.save()
    assert [t.get("name") for t in post.relation("tags").query.find()] == ["t2"]
    fetched = Thing.query.get(post.id)
    assert fetched.get("tags").target_class_name == "Thing"
    # A relation of an object the SDK has not fetched has no target class: the SDK queries the
    # parent class with redirectClassNameForKey (leancloud/relation.py, Relation.query).
    unknown = Thing.create_without_data(post.id).relation("tags").query
    assert unknown._extra == {"redirectClassNameForKey": "tags"}
    assert [t.get("name") for t in unknown.find()] == ["t2"]


def test_pointer_to_an_object_that_does_not_exist():
    # As the SDK's own tests/test_object.py (test_pointer): a pointer is not checked.
    thing = Thing(owner=leancloud.User.create_without_data("555ed132e4b032867865884e"))
    thing.save()
    assert Thing.query.get(thing.id).get("owner").id == "555ed132e4b032867865884e"


def test_destroy_and_missing_fetch():
    thing = Thing(name="doomed")
    thing.save()
    thing.destroy()
    assert Thing.query.equal_to("objectId", thing.id).count() == 0


def test_fetch_with_select_and_include():
    other = Thing(name="other", secret="s")
    thing = Thing(name="main", extra=1, pointer=other)
    thing.save()
    fetched = Thing.create_without_data(thing.id)
    fetched.fetch(select=["name", "pointer"], include=["pointer"])
    assert fetched.get("name") == "main"
    assert not fetched.has("extra")
    assert fetched.get("pointer").get("secret") == "s"


def test_server_time():
    # get_server_time sends no header at all (leancloud/client.py, get_server_time uses the bare
    # session); LeanCloud answers it, as the SDK's own tests/test_client.py expects.
    assert isinstance(leancloud.client.get_server_time(), datetime.datetime)
    answer = leancloud.client.get("/date").json()
    assert answer["__type"] == "Date" and answer["iso"].endswith("Z")


def test_conversation_objects_are_stored_like_any_class():
    # leancloud.Conversation saves to /1.1/classes/_Conversation (object_.py maps the class
    # name); LCEmu keeps it as an ordinary object. Sending messages (/1.1/rtm) is not emulated.
    conversation = leancloud.Conversation("room", is_unique=True)
    conversation.add_member("client-1")
    conversation.save()
    found = leancloud.Query("_Conversation").get(conversation.id)
    assert found.get("name") == "room" and found.get("m") == ["client-1"] and found.get("unique") is True
