"""What the SDK's upstream tests import beside test_engine.py and its source archive leaves out:
an X-LC-Sign value, `<md5(timestamp + key)>,<timestamp>[,master]` (spec §1.3)."""

import hashlib
import time


def generate_request(key, master=False):
    timestamp = str(int(time.time() * 1000))
    sign = hashlib.md5((timestamp + key).encode("utf-8")).hexdigest() + "," + timestamp
    return sign + ",master" if master else sign
