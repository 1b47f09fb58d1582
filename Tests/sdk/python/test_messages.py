"""Conversations and messages over REST through leancloud.Conversation, leancloud.Message and
leancloud.SysMessage (conversation.py, message.py, sys_message.py): the realtime REST API v1
needs the master key; each message sent lands in the emulator's outbox (kind "message")."""

from datetime import datetime

import leancloud
import pytest
from leancloud import Conversation, Message, SysMessage


def sent(emulator):
    return emulator.admin("GET", "/__admin/outbox", params={"kind": "message"})["results"]


def test_conversations_are_objects_with_members(master):
    conv = Conversation("chat", is_unique=True)
    conv.add_member("alice")
    conv.add_member("bob")
    conv.save()
    assert conv.is_unique and not conv.is_system and not conv.is_transient
    conv.add_member("carol")
    conv.save()
    assert set(Conversation.query.get(conv.id).members) == {"alice", "bob", "carol"}
    room = Conversation("room", is_system=True, is_transient=True, is_unique=True)
    room.save()
    assert room.is_system and room.is_transient and not room.is_unique  # transient: unique not sent


def test_send_reaches_the_other_members_and_the_history(emulator, master):
    conv = Conversation("chat")
    conv.add_member("alice")
    conv.add_member("bob")
    conv.save()
    conv.send("alice", "hello")
    conv.send("bob", {"kind": "reply"})  # a dict is sent as its JSON text (conversation.py)
    conv.send("alice", "typing…", transient=True)
    history = Message.find_by_conversation(conv.id)
    assert [m.data for m in history] == ['{"kind": "reply"}', "hello"]
    first = history[-1]
    assert first.from_client == "alice" and first.to == conv.id and first.conversation_id == conv.id
    assert first.is_conversation is True and first.is_room is False and first.bin is False and first.message_id
    assert [m.data for m in Message.find_by_conversation(conv.id, reversed=True)] == ["hello", '{"kind": "reply"}']
    assert [m.data for m in Message.find_by_client("alice")] == ["hello"]
    assert len(Message.find_all(limit=1)) == 1
    messages = sent(emulator)
    assert [m["message"]["recipients"] for m in messages] == [["bob"], ["alice"], ["bob"]]
    assert messages[0]["message"]["transient"] is True


def test_history_pages_before_a_time(emulator, master):
    conv = Conversation("chat")
    conv.save()
    for text in ["one", "two", "three"]:
        conv.send("alice", text)
        emulator.admin("POST", "/__admin/clock", json={"advance": "1s"})
    newest = Message.find_by_conversation(conv.id, limit=1)[0]
    assert newest.data == "three"
    older = Message.find_by_conversation(conv.id, before_time=newest.timestamp)
    assert [m.data for m in older] == ["two", "one"]


def test_system_conversation_to_peers_and_broadcast(emulator, master):
    notices = Conversation("notices", is_system=True)
    notices.save()
    notices.send("system", "for you", to_clients=["u1"])
    notices.broadcast("system", {"b": 2})
    broadcast, direct = sent(emulator)
    assert direct["message"]["recipients"] == ["u1"]
    assert broadcast["purpose"] == "broadcast" and broadcast["message"]["recipients"] == ["*"]
    # broadcast puts a datetime valid_till in the JSON body, which json.dumps cannot encode
    # (conversation.py, broadcast; client.py, post): only a string gets through.
    with pytest.raises(TypeError):
        notices.broadcast("system", "x", valid_till=datetime(2030, 1, 1))
    notices.broadcast("system", "x", valid_till="2030-01-01T00:00:00.000Z")
    assert sent(emulator)[0]["message"]["validTill"] == "2030-01-01T00:00:00.000Z"
    plain = Conversation("plain")
    plain.save()
    with pytest.raises(leancloud.LeanCloudError) as error:
        plain.broadcast("system", "x")
    assert error.value.code == 1


def test_messages_need_the_master_key():
    conv = Conversation("chat")
    conv.save()
    with pytest.raises(leancloud.LeanCloudError) as error:
        conv.send("alice", "hello")
    assert error.value.code == 401


def test_sys_messages_are_objects(master):
    notices = Conversation("notices", is_system=True)
    notices.save()
    message = SysMessage()
    for key, value in {"conv": notices, "bin": False, "msgId": "m1", "from": "alice", "fromIp": "0.0.0.0",
                       "data": '{"_lctext":"hi","_lctype":-1}', "timestamp": 1503908409224,
                       "ackAt": 1503908409237}.items():
        message.set(key, value)
    message.save()
    saved = SysMessage.query.get(message.id)
    assert saved.conversation.id == notices.id and saved.message_id == "m1" and saved.from_client == "alice"
    assert saved.message_created_at.year == 2017 and saved.ack_at > saved.message_created_at
