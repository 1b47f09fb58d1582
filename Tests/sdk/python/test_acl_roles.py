"""ACLs and roles through the SDK: per-user and public access, role read/write, role hierarchy."""

import leancloud
import pytest
from leancloud import ACL, Object, Role, User


class Note(Object):
    pass


def sign_up(name):
    user = User()
    user.sign_up(name, "secret-1")
    return user


def test_private_object_is_invisible_to_others():
    owner = sign_up("owner")
    acl = ACL()
    acl.set_read_access(owner.id, True)
    acl.set_write_access(owner.id, True)
    note = Note(text="mine")
    note.set_acl(acl)
    note.save()
    assert Note.query.count() == 1
    sign_up("stranger")
    assert Note.query.count() == 0
    with pytest.raises(leancloud.LeanCloudError) as error:
        other = Note.create_without_data(note.id)
        other.set("text", "theirs")
        other.save()
    assert error.value.code in (1, 403)


def test_public_read_without_write():
    owner = sign_up("owner")
    acl = ACL()
    acl.set_public_read_access(True)
    acl.set_write_access(owner.id, True)
    note = Note(text="read me")
    note.set_acl(acl)
    note.save()
    # Objects carry their ACL only with returnACL and the app option (test_queries, test_include_acl).
    fetched = Note.query.get(note.id)
    assert fetched.get_acl() is None
    User.set_current(None)
    assert Note.query.get(note.id).get("text") == "read me"
    with pytest.raises(leancloud.LeanCloudError):
        fetched.destroy()


def test_roles_grant_access_and_nest(master):
    editor = sign_up("editor")
    role_acl = ACL()
    role_acl.set_public_read_access(True)
    editors = Role("editors", role_acl)
    editors.get_users().add(editor)
    editors.save()
    admins = Role("admins", role_acl)
    admins.save()
    editors.get_roles().add(admins)
    editors.save()

    acl = ACL()
    acl.set_role_read_access(editors, True)
    acl.set_role_write_access("editors", True)
    note = Note(text="for editors")
    note.set_acl(acl)
    note.save()
    assert Role.query.equal_to("name", "editors").first().get_users().query.count() == 1
    leancloud.client.use_master_key(False)

    User.become(editor.session_token)
    assert Note.query.count() == 1
    # User.get_roles queries "_Role" by name, which the SDK maps to a plain Object rather than
    # leancloud.Role (leancloud/user.py, get_roles; leancloud/query.py, Query.__init__).
    assert [r.get("name") for r in editor.get_roles()] == ["editors"]
    sign_up("outsider")
    assert Note.query.count() == 0


def test_role_name_must_be_valid(master):
    with pytest.raises(TypeError):
        Role("bad name!")
    # The SDK lets "-" through (leancloud/role.py, validate: ^[0-9a-zA-Z\-_]+$); the REST
    # reference allows [A-Za-z0-9_] only, and LCEmu follows it (docs/python-sdk.md).
    with pytest.raises(leancloud.LeanCloudError) as error:
        Role("with-dash").save()
    assert error.value.code == 139
