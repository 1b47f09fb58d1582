"""Starts the real lcemu binary on a free port with a temporary data directory, and talks to it
over plain HTTP (urllib: nothing here wrote it, so it checks the page against /1.1 itself)."""
import json
import os
import queue
import socket
import subprocess
import threading
import time
import urllib.error
import urllib.request

APP_ID, APP_KEY, MASTER_KEY = "lcemu-dev-app-id", "lcemu-dev-app-key", "lcemu-dev-master-key"


class Emulator:
    def __init__(self, binary, data_dir, extra_arguments=(), cwd=None, deadline_s=60, port=0):
        self.data_dir = data_dir
        self.process = subprocess.Popen(
            [binary, "serve", "--port", str(port), "--data", data_dir, *extra_arguments], cwd=cwd,
            stdout=subprocess.PIPE, text=True, bufsize=1)  # stderr (the log) stays the terminal's
        self.lines = queue.Queue()
        threading.Thread(target=self._pump, daemon=True).start()
        self.banner = self._read_banner(deadline_s)
        self.base_url = self._field("listening on ").split()[0]
        self.dashboard_url = self._field("dashboard:")
        self.login_link = self._field("log in:").split()[0]

    def _pump(self):
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))

    def _read_banner(self, deadline_s):
        lines, deadline = [], time.monotonic() + deadline_s
        while time.monotonic() < deadline:
            try:
                line = self.lines.get(timeout=max(0.01, deadline - time.monotonic()))
            except queue.Empty:
                break
            lines.append(line)
            if line.strip().startswith("data:"):
                return lines
        self.stop()
        raise RuntimeError("lcemu printed no ready banner:\n" + "\n".join(lines))

    def _field(self, label):
        for line in self.banner:
            if label in line:
                return line.split(label, 1)[1].strip()
        raise AssertionError(f"no '{label}' line in the banner:\n" + "\n".join(self.banner))

    def request(self, method, path, body=None, master=True, headers=None):
        """(status, JSON body) of a request with the app key or the master key."""
        key = f"{MASTER_KEY},master" if master else APP_KEY
        all_headers = {"X-LC-Id": APP_ID, "X-LC-Key": key, **(headers or {})}
        data = None if body is None else json.dumps(body).encode()
        if data is not None:
            all_headers["Content-Type"] = "application/json"
        request = urllib.request.Request(self.base_url + path, data=data, method=method, headers=all_headers)
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return response.status, _json(response.read())
        except urllib.error.HTTPError as error:
            return error.code, _json(error.read())

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()


def free_port():
    """A port nothing listens on now, for an emulator that restarts on the same address."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _json(raw):
    try:
        return json.loads(raw or b"{}")
    except ValueError:
        return {"raw": raw.decode(errors="replace")}


def binary_path():
    path = os.environ.get("LCEMU_BIN")
    if not path or not os.access(path, os.X_OK):
        raise RuntimeError("set LCEMU_BIN to the lcemu binary (scripts/verify-dashboard does)")
    return path
