"""A small LeanEngine app written with the official `leancloud` package, for the engine tier
(docs/cloud-code.md): functions (one slower than the tier's short `--engine-timeout`), every
class hook of `Item`, `_User`'s and `_Installation`'s save hooks, onLogin, onAuthData and
onVerified (sms and email). The after-hooks and onVerified leave a `HookLog` object behind for
each call, so the tests see what ran and when.

    python engine_app.py            # listens on 127.0.0.1 and a free port (ENGINE_PORT: that one);
                                    # prints "engine port N"

It reads LEANCLOUD_APP_ID, LEANCLOUD_APP_KEY, LEANCLOUD_APP_MASTER_KEY, LEANCLOUD_APP_HOOK_KEY,
and the emulator's URL from LEANCLOUD_API_SERVER or, when that is unset at start (the tests
start the engine before the emulator), from the first line of its standard input.
"""

import os
import sys
import time

import leancloud
from leancloud import Engine, LeanEngineError
from werkzeug.serving import make_server

APP_ID = os.environ["LEANCLOUD_APP_ID"]
leancloud.init(APP_ID, app_key=os.environ["LEANCLOUD_APP_KEY"],
               master_key=os.environ["LEANCLOUD_APP_MASTER_KEY"], hook_key=os.environ["LEANCLOUD_APP_HOOK_KEY"])
# The engine middleware reads the keys it checks from the environment at import.
from leancloud.engine import authorization  # noqa: E402

authorization.APP_ID = APP_ID
authorization.APP_KEY = os.environ["LEANCLOUD_APP_KEY"]
authorization.MASTER_KEY = os.environ["LEANCLOUD_APP_MASTER_KEY"]
authorization.HOOK_KEY = os.environ["LEANCLOUD_APP_HOOK_KEY"]

engine = Engine()
Item = leancloud.Object.extend("Item")
HookLog = leancloud.Object.extend("HookLog")


def log(event, **fields):
    entry = HookLog()
    entry.set("event", event)
    for key, value in fields.items():
        entry.set(key, value)
    entry.save()


@engine.define
def hello(name="world", **params):
    return "hello " + name


@engine.define
def add(a, b, **params):
    return a + b


@engine.define
def whoami(**params):
    user = engine.current.user
    return user.get("username") if user else None


@engine.define
def fail(**params):
    raise LeanEngineError(code=123, message="failed on purpose")


@engine.define
def make_item(name, **params):
    """Writes back through the emulator: Item's hooks run for this save too."""
    item = Item()
    item.set("name", name)
    item.save()
    return item.id


@engine.define
def slow(seconds=5, **params):
    """Answers after `seconds`: past the limit of an emulator started with a short --engine-timeout."""
    time.sleep(seconds)
    return "too late"


@engine.before_save("Item")
def before_item_save(item):
    if not item.get("name"):
        raise LeanEngineError(message="name is required")
    item.set("slug", item.get("name").lower())


@engine.after_save("Item")
def after_item_save(item):
    log("afterSave", item=item.id, name=item.get("name"))


@engine.before_update("Item")
def before_item_update(item):
    if item.get("name") == "locked":
        raise LeanEngineError(message="locked is not a name")


@engine.after_update("Item")
def after_item_update(item):
    log("afterUpdate", item=item.id, keys=item.updated_keys)


@engine.before_delete("Item")
def before_item_delete(item):
    if item.get("keep"):
        raise LeanEngineError(message="this item is kept")


@engine.after_delete("Item")
def after_item_delete(item):
    log("afterDelete", item=item.id)


@engine.before_save("_User")
def before_user_save(user):
    """Every sign-up (a password, authData, ...) passes here; the engine never sees the password."""
    if user.get("username") == "mallory":
        raise LeanEngineError(message="no mallory")
    user.set("signedUpBy", "engine")


@engine.after_save("_User")
def after_user_save(user):
    log("userAfterSave", user=user.id)


@engine.before_save("_Installation")
def before_installation_save(installation):
    if "blocked" in (installation.get("channels") or []):
        raise LeanEngineError(message="this device is blocked")
    installation.set("stamped", True)


@engine.after_save("_Installation")
def after_installation_save(installation):
    log("installationAfterSave", installation=installation.id)


@engine.after_update("_Installation")
def after_installation_update(installation):
    log("installationAfterUpdate", installation=installation.id, keys=installation.updated_keys)


@engine.on_login
def on_login(user):
    if user.get("username") == "banned":
        raise LeanEngineError(message="banned users may not log in")


@engine.on_auth_data
def on_auth_data(auth_data):
    """A WeChat openid under an old alias ("alias-<openid>") logs in as the openid itself, and one
    openid is refused; every other authData passes unchanged."""
    weixin = auth_data.get("weixin")
    if weixin and weixin.get("openid") == "o-refused":
        raise LeanEngineError(message="this WeChat account may not log in")
    if weixin and weixin.get("openid", "").startswith("alias-"):
        weixin["openid"] = weixin["openid"][len("alias-"):]
    return auth_data


@engine.on_verified("email")
def on_email_verified(user):
    log("onVerified", user=user.id, type="email", email=user.get("email"), emailVerified=user.get("emailVerified"))


@engine.on_verified("sms")
def on_sms_verified(user):
    log("onVerified", user=user.id, type="sms", phone=user.get("mobilePhoneNumber"))


def main():
    server = make_server("127.0.0.1", int(os.environ.get("ENGINE_PORT", "0")), engine, threaded=True)
    print("engine port %d" % server.server_port, flush=True)
    if not os.environ.get("LEANCLOUD_API_SERVER"):
        os.environ["LEANCLOUD_API_SERVER"] = sys.stdin.readline().strip()
    server.serve_forever()


if __name__ == "__main__":
    main()
