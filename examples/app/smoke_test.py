#!/usr/bin/env python3
"""The app under test of the CI recipes (docs/ci.md): a few requests any LeanCloud client makes,
signed the way the SDKs sign them, against whatever server the environment names. Python's
standard library only, so it runs in any image with python3.

It reads the variables `lcemu exec` sets and LeanCloud's tools use: LEANCLOUD_API_SERVER,
LEANCLOUD_APP_ID, LEANCLOUD_APP_KEY and LEANCLOUD_APP_MASTER_KEY. Exits 0 when every step
answers as LeanCloud would, 1 with the failing step otherwise.
"""
import hashlib, json, os, sys, time, urllib.error, urllib.request

SERVER = os.environ["LEANCLOUD_API_SERVER"].rstrip("/")
APP_ID = os.environ["LEANCLOUD_APP_ID"]
APP_KEY = os.environ["LEANCLOUD_APP_KEY"]
MASTER_KEY = os.environ["LEANCLOUD_APP_MASTER_KEY"]


def sign(key, master=False):
    """X-LC-Sign: md5(timestamp + key), timestamp in milliseconds (LeanCloud REST API §1.3)."""
    stamp = str(int(time.time() * 1000))
    digest = hashlib.md5((stamp + key).encode()).hexdigest()
    return "%s,%s%s" % (digest, stamp, ",master" if master else "")


def call(method, path, body=None, master=False):
    request = urllib.request.Request(SERVER + path, method=method, data=None if body is None else json.dumps(body).encode())
    request.add_header("X-LC-Id", APP_ID)
    request.add_header("X-LC-Sign", sign(MASTER_KEY if master else APP_KEY, master))
    request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, json.load(answer)
    except urllib.error.HTTPError as error:
        return error.code, json.load(error)


def expect(step, condition, detail):
    if not condition:
        print("smoke test FAILED at %s: %s" % (step, detail))
        sys.exit(1)
    print("ok: %s" % step)


def main():
    status, body = call("GET", "/1.1/date")
    expect("signed GET /1.1/date", status == 200 and body.get("__type") == "Date", (status, body))
    status, created = call("POST", "/1.1/classes/SmokeTest", {"title": "from CI", "tags": ["ci"]})
    expect("create an object", status == 201 and "objectId" in created, (status, created))
    status, fetched = call("GET", "/1.1/classes/SmokeTest/" + created["objectId"])
    expect("read it back", status == 200 and fetched.get("title") == "from CI", (status, fetched))
    status, body = call("POST", "/__admin/reset", master=True)
    expect("reset with the master key", status == 200, (status, body))
    print("smoke test passed against %s (app %s)" % (SERVER, APP_ID))


if __name__ == "__main__":
    main()
