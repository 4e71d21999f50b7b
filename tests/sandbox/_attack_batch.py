"""Running the whole attack batch once: the targets it aims at, and everything observed.

``run_batch`` builds a suite dir, a results file, a fake site-packages and three listening
sockets, runs every attack between two honest tasks through one pool (two slots, two runner
threads, as the runner does), and records the executions, fingerprints of the protected files
before and after, files planted in real locations, and whatever reached the sockets. The
:class:`Batch` is plain data, so pytest-xdist workers can share one run of it.
"""

from __future__ import annotations

import hashlib
import json
import os
import socket
import sysconfig
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from itertools import cycle
from pathlib import Path

from pydantic import BaseModel

import assistworld.paradigms.aspera.tasks.evaluation_tools
from assistworld.paradigms.aspera.tasks.library import ASPERA_LIBRARY
from assistworld.sandbox import ProgramRun, SandboxPool, TaskExecution, TaskRequest
from tests.sandbox._attack_kit import LIMITS
from tests.sandbox._attacks import ATTACKS, RESIDUE_PROBE, TRIVIAL_ATTACKS, Attack
from tests.sandbox._host_watch import HostSample, HostWatch
from tests.sandbox._tasks import (
    EVALUATION_CANARY,
    SCHEDULE_EVALUATION,
    SCHEDULE_PROGRAM,
    SCHEDULE_SETUP,
    dry_run_request,
    task_request,
)

ALL_ATTACKS = ATTACKS + TRIVIAL_ATTACKS
REPO_ROOT = Path(__file__).resolve().parents[2]
SITE_PACKAGES = Path(sysconfig.get_paths()["purelib"])
CHECKS_PYCACHE = (
    Path(assistworld.paradigms.aspera.tasks.evaluation_tools.__file__).parent / "__pycache__"
)
PROBE_FILES = (
    SITE_PACKAGES / "zz_assistworld_probe.pth",
    SITE_PACKAGES / "sitecustomize.py",
    CHECKS_PYCACHE / "assistworld_probe.cpython-311.pyc",
    Path.home() / "assistworld-probe.txt",
    REPO_ROOT / "assistworld-probe.txt",
    Path("/dev/shm/assistworld-probe.bin"),
    Path("/tmp/assistworld-probe.bin"),
)
"""Real files outside any scratch dir that attacks try to create."""
EARLIER_RESULT = '{"query_id": "earlier", "passed": false}'


@dataclass
class Environment:
    """What the attacks aim at: a suite dir, a results file, a fake site-packages, listeners."""

    root: Path
    suite_dir: Path
    results_file: Path
    marker_dir: Path
    tcp: socket.socket
    udp: socket.socket
    unix: socket.socket
    preexisting: frozenset[Path]

    def placeholders(self) -> dict[str, str]:
        return {
            "SUITE_DIR": str(self.suite_dir),
            "TASK_FILE": str(self.suite_dir / "task.json"),
            "EVAL_FILE": str(self.suite_dir / "evaluation_0.py"),
            "REFERENCE_FILE": str(self.suite_dir / "reference.py"),
            "RESULTS_FILE": str(self.results_file),
            "MARKER_DIR": str(self.marker_dir),
            "SITE_PACKAGES": str(SITE_PACKAGES),
            "CHECKS_PYCACHE": str(CHECKS_PYCACHE),
            "TESTS_DIR": str(Path(__file__).parent),
            "HOME": str(Path.home()),
            "WORK_TREE": str(REPO_ROOT),
            "TCP_PORT": str(self.tcp.getsockname()[1]),
            "UDP_PORT": str(self.udp.getsockname()[1]),
            "UNIX_SOCKET": str(self.unix.getsockname()),
            "ORCHESTRATOR_PID": str(os.getpid()),
        }

    def fingerprint(self) -> dict[str, str]:
        """Every file (and directory) under the protected dirs with a hash of its content."""
        prints: dict[str, str] = {}
        for base in (self.suite_dir, self.results_file.parent, self.marker_dir):
            for path in sorted(base.rglob("*")):
                if path.is_file():
                    prints[str(path)] = hashlib.sha256(path.read_bytes()).hexdigest()
                else:
                    prints[str(path)] = "dir"
        return prints


class Batch(BaseModel):
    """Everything observed about one run of the whole attack batch."""

    requests: list[TaskRequest]
    executions: list[TaskExecution]
    before: dict[str, str]
    after: dict[str, str]
    residue_probes: list[ProgramRun]
    final_honest: TaskExecution
    created_probe_files: list[str]
    network_received: list[str]
    results_lines: list[str]
    host_samples: dict[str, HostSample]

    def position(self, attack: Attack) -> int:
        return [r.query_id for r in self.requests].index(f"attack:{attack.key}")


def make_environment(root: Path) -> Environment:
    """Create the targets under ``root``."""
    suite_dir = root / "suite"
    suite_dir.mkdir()
    (suite_dir / "task.json").write_text(
        json.dumps(
            {"query_id": "schedule", "program": SCHEDULE_PROGRAM, "canary": EVALUATION_CANARY}
        )
    )
    (suite_dir / "evaluation_0.py").write_text(SCHEDULE_EVALUATION)
    (suite_dir / "setup_0.py").write_text(SCHEDULE_SETUP)
    (suite_dir / "reference.py").write_text(SCHEDULE_PROGRAM)
    results_dir = root / "results"
    results_dir.mkdir()
    results_file = results_dir / "results.jsonl"
    results_file.write_text(EARLIER_RESULT + "\n")
    marker_dir = root / "site-packages"
    (marker_dir / "__pycache__").mkdir(parents=True)
    (marker_dir / "marker.txt").write_text("original")
    CHECKS_PYCACHE.mkdir(exist_ok=True)
    tcp = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    tcp.bind(("127.0.0.1", 0))
    tcp.listen()
    udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    udp.bind(("127.0.0.1", 0))
    unix = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    unix.bind(str(root / "orchestrator.sock"))
    unix.listen()
    for sock in (tcp, udp, unix):
        sock.setblocking(False)
    preexisting = frozenset(p for p in PROBE_FILES if p.exists())
    return Environment(root, suite_dir, results_file, marker_dir, tcp, udp, unix, preexisting)


def _requests(environment: Environment) -> list[TaskRequest]:
    honest = cycle(["schedule", "manager", "handback"])
    requests = [task_request(next(honest), query_id="honest:0")]
    values = environment.placeholders()
    for number, attack in enumerate(ALL_ATTACKS, start=1):
        requests.append(
            task_request(attack.task, attack.fill(values), query_id=f"attack:{attack.key}")
        )
        requests.append(task_request(next(honest), query_id=f"honest:{number}"))
    return requests


def _network_received(environment: Environment) -> list[str]:
    received = []
    for name, action in (
        ("tcp", environment.tcp.accept),
        ("udp", lambda: environment.udp.recv(100)),
        ("unix", environment.unix.accept),
    ):
        try:
            action()
            received.append(name)
        except BlockingIOError:
            pass
    return received


def _probe_files(environment: Environment) -> list[Path]:
    created = [p for p in PROBE_FILES if p.exists() and p not in environment.preexisting]
    for path in created:  # never leave a planted file behind, even when a test fails
        path.unlink()
    return created


def run_batch(root: Path) -> Batch:
    """Run the whole batch against targets under ``root``."""
    environment = make_environment(root)
    try:
        return _run(environment)
    finally:
        for sock in (environment.tcp, environment.udp, environment.unix):
            sock.close()


def _run(environment: Environment) -> Batch:
    requests = _requests(environment)
    before = environment.fingerprint()
    watch = HostWatch()
    watch.start()
    try:
        with SandboxPool(slots=2, limits=LIMITS, library=ASPERA_LIBRARY) as pool:
            with ThreadPoolExecutor(max_workers=2) as runner:
                executions = list(runner.map(pool.run_task, requests))
            probes = [pool.dry_run(dry_run_request("schedule", RESIDUE_PROBE)) for _ in range(4)]
            final = pool.run_task(task_request("schedule", query_id="after-the-batch"))
    finally:
        samples = watch.stop()
    after = environment.fingerprint()
    created = _probe_files(environment)
    received = _network_received(environment)
    with environment.results_file.open("a") as results:  # the orchestrator is the only writer
        for execution in executions:
            results.write(execution.model_dump_json() + "\n")
    return Batch(
        requests=requests,
        executions=executions,
        before=before,
        after=after,
        residue_probes=probes,
        final_honest=final,
        created_probe_files=[str(path) for path in created],
        network_received=received,
        results_lines=environment.results_file.read_text().splitlines(),
        host_samples=samples,
    )
