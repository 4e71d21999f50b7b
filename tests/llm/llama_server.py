"""llama.cpp's own HTTP server (the ``[local]`` extra's runtime) serving the bundled model on a
loopback port, in a process of its own: a real OpenAI-compatible server for the tests."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

SERVE = """
import sys, time
import xllamacpp
params = xllamacpp.CommonParams()
params.model.path = sys.argv[1]
params.port = int(sys.argv[2])
params.n_ctx = int(sys.argv[3])
params.model_alias = {sys.argv[4]}  # the name the server answers to in /v1/models
params.n_parallel = 1
params.use_jinja = True  # the model's own chat template, and the server's tool-call parsing
params.warmup = False
params.verbosity = 0
params.cpuparams.n_threads = 2
params.cpuparams_batch.n_threads = 2
server = xllamacpp.Server(params)
print(server.listening_address, flush=True)
while True:
    time.sleep(3600)
"""


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def llama_server(model: Path, name: str, *, context_tokens: int = 12288) -> Iterator[str]:
    """The server's OpenAI base URL (``http://127.0.0.1:PORT/v1``) while the block runs; it
    serves ``model`` under ``name``."""
    port = _free_port()
    process = subprocess.Popen(
        [sys.executable, "-c", SERVE, str(model), str(port), str(context_tokens), name],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 180
        while time.monotonic() < deadline:
            if process.poll() is not None:
                raise RuntimeError(f"the llama.cpp server exited with {process.returncode}")
            try:
                with urllib.request.urlopen(base + "/health", timeout=2) as answer:
                    if answer.status == 200:
                        break
            except (urllib.error.URLError, OSError):
                time.sleep(0.5)
        else:
            raise RuntimeError("the llama.cpp server did not answer /health within 180 s")
        yield base + "/v1"
    finally:
        process.kill()
        process.wait(timeout=30)
