"""Issue 13, item 4c, measured on the host: what a candidate's calls can make the world host hold.

One slot, so the world host that served the attack is the one measured afterwards (it does not
retire after a run ended by an argument limit). Its peak resident size (``VmHWM``, the kernel's
own high-water mark, so no sampling can miss a peak) is read before and after each attack.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from assistworld.paradigms.aspera.tasks.library import ASPERA_LIBRARY
from assistworld.sandbox import Limits, PairOutcome, RunOutcome, SandboxPool
from tests.sandbox._host_watch import HOST_PROBE, HostWatch
from tests.sandbox._root import needs_root
from tests.sandbox._tasks import task_request

pytestmark = needs_root

LIMITS = Limits(wall_seconds=30, cpu_seconds=10, memory_mb=256, file_size_mb=4, call_budget=5000)
GROWTH_BOUND_MIB = 48
"""What a run may add to the world host's peak: 16 MiB of call arguments, as library objects
(measured: 18 MiB after 855 calls of 19,000-character notes)."""

STORE_EVERYTHING = (
    "def grow_the_world():"
    + HOST_PROBE
    + """
    host_probe("before")
    bob = find_employee("Bob")[0]
    start = now_()
    note = "n" * 19_000
    for day in range(5000):  # 95 MB of notes, if nothing stopped it
        begins = start + datetime.timedelta(days=day)
        add_event(Event(attendees=[bob], subject=note, starts_at=begins,
                        ends_at=begins + datetime.timedelta(hours=1)))
"""
)
HUGE_NOTES = (
    "def huge_notes():"
    + HOST_PROBE
    + """
    host_probe("before")
    bob = find_employee("Bob")[0]
    start = now_()
    for day in range(700):  # the finding: 700 notes of about 1 MB each
        begins = start + datetime.timedelta(days=day)
        add_event(Event(attendees=[bob], subject="n" * 900_000, starts_at=begins,
                        ends_at=begins + datetime.timedelta(hours=1)))
"""
)


@pytest.fixture(scope="module")
def one_slot() -> Iterator[SandboxPool]:
    with SandboxPool(slots=1, limits=LIMITS, library=ASPERA_LIBRARY) as sandbox:
        yield sandbox


def _peak_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    raise AssertionError("no VmHWM")


@pytest.mark.parametrize(
    ("program", "max_calls"),
    [(STORE_EVERYTHING, 1000), (HUGE_NOTES, 2)],
    ids=["store-19k-notes-until-stopped", "700-notes-of-900k"],
)
def test_a_run_cannot_grow_the_world_host_past_its_bound(
    one_slot: SandboxPool, program: str, max_calls: int
) -> None:
    watch = HostWatch()
    watch.start()
    try:
        execution = one_slot.run_task(task_request("schedule", program, query_id="grow"))
    finally:
        samples = watch.stop()
    pair = execution.pairs[0]
    assert pair.outcome is PairOutcome.resource_limit, (pair.outcome, pair.error_message)
    assert pair.run is not None and pair.run.outcome is RunOutcome.memory_limit
    assert pair.run.api_calls <= max_calls
    before = samples["before"]
    world_host = int(before.world_host_status["Pid"])
    grown_kib = _peak_kib(world_host) - before.world_host_kib("VmHWM")
    assert grown_kib <= GROWTH_BOUND_MIB * 1024, f"the world host grew by {grown_kib >> 10} MiB"
    assert one_slot.run_task(task_request("schedule")).passed  # the same world host goes on
