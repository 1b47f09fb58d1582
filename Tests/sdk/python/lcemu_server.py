"""Starts `lcemu serve` on a free port with an in-memory database, for the SDK tier's scenarios
(conftest.py) and for the SDK's own upstream tests (upstream/lcemu_upstream.py)."""

import os
import queue
import subprocess
import threading
import time

APP_ID = "lcemu-dev-app-id"
APP_KEY = "lcemu-dev-app-key"
MASTER_KEY = "lcemu-dev-master-key"
READY_TIMEOUT = 30


def _read_lines(stream, lines):
    for line in iter(stream.readline, ""):
        lines.put(line)


def start(*extra_arguments):
    """(process, base URL) of a running lcemu; raises RuntimeError with its output when it does
    not report its port within READY_TIMEOUT seconds."""
    binary = os.environ.get("LCEMU_BINARY", ".build/debug/lcemu")
    process = subprocess.Popen(
        [binary, "serve", "--port", "0", "--data", ":memory:", *extra_arguments],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines = queue.Queue()
    threading.Thread(target=_read_lines, args=(process.stdout, lines), daemon=True).start()
    base_url, deadline, seen = None, time.monotonic() + READY_TIMEOUT, []
    # The banner: "lcemu X listening on http://127.0.0.1:PORT", ending with the "  data:" line.
    while time.monotonic() < deadline:
        try:
            line = lines.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            break
        seen.append(line)
        if "listening on http" in line:
            base_url = line.strip().split("listening on ")[1]
        if line.startswith("  data:") and base_url:
            return process, base_url
    process.kill()
    raise RuntimeError("lcemu did not report its port: " + "".join(seen))


def stop(process):
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
