"""Looking at agent children from the host while they run: capabilities, ids, threads, memory.

Some attacks (issue 13) must be judged by what the host sees, not by what the program reports.
Such a program calls ``host_probe(key)`` (the :data:`HOST_PROBE` snippet, pasted into its
function body) at the moment it holds what is to be measured: it renames a marker file into
place in its scratch dir and waits (at most two seconds) until the marker is gone. A
:class:`HostWatch` thread in the test process walks this process's descendants, finds the agent
child whose working directory holds a marker, reads ``/proc/<pid>/status`` of the child and of
its world host (the scratch path names it) and the scratch file system's usage, then removes the
marker, which lets the program go on. So every sample is taken while the program waits for it,
which makes the measure deterministic; a program that was never sampled reports so.
"""

from __future__ import annotations

import os
import re
import threading
from pathlib import Path

from pydantic import BaseModel

MARKER = "host-probe"

HOST_PROBE = f"""
    def host_probe(key):
        import os, time
        with open("{MARKER}.tmp", "w") as f:
            f.write(key)
        os.rename("{MARKER}.tmp", "{MARKER}")
        deadline = time.monotonic() + 2.0
        while os.path.exists("{MARKER}"):
            if time.monotonic() > deadline:
                return False
            time.sleep(0.002)
        return True
"""
"""A helper inside a program: ``host_probe(key)`` returns True once the host took its sample."""

_AGENT_DIR = re.compile(r"/(\d+)/agent-\d+$")
_POLL_SECONDS = 0.003


class HostSample(BaseModel):
    """What the host read about one agent child (and its world host) while the child waited."""

    status: dict[str, str]
    """The child's ``/proc/<pid>/status`` lines, by field name."""
    scratch_used_bytes: int
    scratch_size_bytes: int
    world_host_status: dict[str, str]

    def numbers(self, field: str) -> list[int]:
        """The whitespace-separated numbers of one status field (kB units dropped)."""
        return [int(part) for part in self.status[field].split() if part.isdigit()]

    def capabilities(self) -> dict[str, int]:
        return {
            name: int(self.status[name], 16)
            for name in ("CapInh", "CapPrm", "CapEff", "CapBnd", "CapAmb")
        }

    def world_host_kib(self, field: str) -> int:
        return int(self.world_host_status[field].split()[0])


def _status(pid: int | str) -> dict[str, str]:
    fields = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        name, _, value = line.partition(":")
        fields[name] = value.strip()
    return fields


def _descendants(pid: int) -> list[int]:
    found: list[int] = []
    pending = [pid]
    while pending:
        current = pending.pop()
        try:
            tasks = os.listdir(f"/proc/{current}/task")
        except OSError:
            continue
        for task in tasks:
            try:
                children = Path(f"/proc/{current}/task/{task}/children").read_text().split()
            except OSError:
                continue
            found.extend(int(child) for child in children)
            pending.extend(int(child) for child in children)
    return found


class HostWatch(threading.Thread):
    """Samples every agent child of this process tree that asks for it (see the module doc)."""

    def __init__(self) -> None:
        super().__init__(name="host-watch", daemon=True)
        self.samples: dict[str, HostSample] = {}
        self._halt = threading.Event()

    def stop(self) -> dict[str, HostSample]:
        self._halt.set()
        self.join()
        return self.samples

    def run(self) -> None:
        root = os.getpid()
        while not self._halt.wait(_POLL_SECONDS):
            for pid in _descendants(root):
                self._look_at(pid)

    def _look_at(self, pid: int) -> None:
        try:
            cwd = os.readlink(f"/proc/{pid}/cwd")
        except OSError:
            return
        found = _AGENT_DIR.search(cwd)
        if found is None:
            return
        here = f"/proc/{pid}/cwd"
        try:
            key = Path(here, MARKER).read_text().strip()
            status = _status(pid)
            usage = os.statvfs(here)
            world_host = _status(found.group(1))
        except OSError:
            return
        self.samples[key] = HostSample(
            status=status,
            scratch_used_bytes=(usage.f_blocks - usage.f_bfree) * usage.f_frsize,
            scratch_size_bytes=usage.f_blocks * usage.f_frsize,
            world_host_status=world_host,
        )
        os.unlink(Path(here, MARKER))
