"""`assistworld loopback`: a stand-in model a user can point a run at."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import urllib.request


def _ignoring_sigint() -> None:
    """What a shell does to a command it starts in the background: SIGINT ignored."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def test_the_command_serves_chat_requests_until_interrupted() -> None:
    command = [sys.executable, "-m", "assistworld.cli", "loopback", "--reply", "hello there"]
    server = subprocess.Popen(
        command, stdout=subprocess.PIPE, text=True, preexec_fn=_ignoring_sigint
    )
    try:
        assert server.stdout is not None
        first = server.stdout.readline()
        assert first.startswith("serving at http://127.0.0.1:")
        base_url = first.split()[2].rstrip(";")
        assert f"--model openai-compatible:loopback@{base_url}" in first
        body = json.dumps({"model": "loopback", "messages": [{"role": "user", "content": "hi"}]})
        request = urllib.request.Request(
            base_url + "/chat/completions",
            data=body.encode(),
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            reply = json.load(response)
        assert reply["choices"][0]["message"]["content"] == "hello there"
        server.send_signal(signal.SIGINT)
        rest, _ = server.communicate(timeout=10)
    finally:
        if server.poll() is None:  # a failed step above must not leave the server running
            server.kill()
            server.communicate()
    assert "stopped after 1 chat requests" in rest
    assert server.returncode == 0
