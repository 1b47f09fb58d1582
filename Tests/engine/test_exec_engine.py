"""`lcemu exec --engine-command`: the engine started beside the emulator for a CI job, awaited,
and stopped after the command (docs/cloud-code.md#in-ci). Runs its own emulator and engine."""

import os
import socket
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_exec_starts_the_engine_runs_the_command_and_stops_the_engine(emulator):
    port = free_port()
    engine = "ENGINE_PORT=%d %s %s" % (port, sys.executable, os.path.join(HERE, "engine_app.py"))
    check = ("import leancloud, os; from leancloud import cloud; "
             "leancloud.init(os.environ['LEANCLOUD_APP_ID'], app_key=os.environ['LEANCLOUD_APP_KEY']); "
             "print(cloud.run('hello', name='exec'))")
    binary = os.environ.get("LCEMU_BINARY", ".build/debug/lcemu")
    outcome = subprocess.run(
        [binary, "exec", "--quiet", "--no-seed", "--engine", "http://127.0.0.1:%d" % port, "--hook-key", "exec-hook-key",
         "--engine-command", engine, "--", sys.executable, "-c", check],
        capture_output=True, text=True, timeout=120)
    assert outcome.returncode == 0, outcome.stderr
    assert outcome.stdout.strip().endswith("hello exec")
    with socket.socket() as probe:  # the engine is gone: nothing listens on its port (TIME_WAIT aside)
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        probe.bind(("127.0.0.1", port))
