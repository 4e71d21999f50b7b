"""The toolkit for the adversarial programs: the ``Attack`` record, program snippets, checks.

Each :class:`Attack` names its spec item (``shared/spec/sandbox.md`` list 4.7), the honest task it
attacks, the pair outcome it must get, and optionally a check of the run record (most programs
catch the kernel's refusal and return a report of what they tried, so the check can assert each
attempt was refused). Placeholders ``@NAME@`` are filled with paths and ports of the test's own
fixture (see ``Attack.fill``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from assistworld.apps import workplace
from assistworld.sandbox import Limits, PairOutcome, ProgramLibrary, ProgramRun, RunOutcome
from assistworld.sandbox.codec import Codec

if TYPE_CHECKING:
    from tests.sandbox._host_watch import HostSample

P = PairOutcome
CODEC = Codec(ProgramLibrary.of(workplace.toolset()).value_types())
"""Rebuilds the workplace's values that programs return."""
LIMITS = Limits(wall_seconds=3, cpu_seconds=1, memory_mb=256, file_size_mb=4, call_budget=1000)
"""The limits every program of the attack batch runs under."""

CORRECT_WORK = """
    bob = find_employee("Bob")[0]
    start = combine(parse_date_string(DateExpressions.Tomorrow), time_by_hm(10, 0, "am"))
    add_event(Event(attendees=[bob], subject="Sync", starts_at=start,
                    ends_at=start + datetime.timedelta(minutes=30)))
"""
"""The schedule task's solution, as lines of a function body."""

ATTEMPT = """
    report = {}

    def attempt(name, action):
        try:
            action()
            report[name] = "allowed"
        except BaseException as exc:
            report[name] = type(exc).__name__
"""
"""A helper inside a program: runs ``action`` and records "allowed" or the exception type."""


def raw_frame(payload: str, *, declared_length: str = "len(payload)", tail: str = "") -> str:
    """A program that writes one raw RPC frame to every descriptor from 3 to 63, then waits."""
    return f"""
import os, struct, time

def forge_a_frame():
    payload = {payload}
    frame = struct.pack(">I", {declared_length}) + payload{tail}
    for fd in range(3, 64):
        try:
            os.write(fd, frame)
        except OSError:
            pass
    time.sleep(30)
"""


@dataclass(frozen=True)
class Attack:
    """One adversarial program and what must come of it."""

    key: str
    item: int
    program: str
    expected: PairOutcome
    task: str = "schedule"
    check: Callable[[ProgramRun], None] | None = None
    under_load: PairOutcome | None = None
    """Also accepted when the machine is so loaded that another limit fires first: a CPU spin
    that got less than a third of a core hits the wall-clock limit before the CPU limit."""
    host_check: Callable[[HostSample], None] | None = None
    """A check of what the host saw while the program waited in ``host_probe`` (see
    ``_host_watch``); the program must have asked for a sample under the attack's key."""

    def accepts(self, outcome: PairOutcome) -> bool:
        """Whether ``outcome`` is the expected class (or the documented alternative)."""
        return outcome is self.expected or outcome is self.under_load

    def fill(self, values: Mapping[str, str]) -> str:
        """The program text with every ``@NAME@`` placeholder replaced."""
        text = self.program
        for name, value in values.items():
            text = text.replace(f"@{name}@", value)
        leftover = re.findall(r"@[A-Z_]+@", text)
        assert not leftover, f"{self.key}: no value for the placeholders {leftover}"
        return text


def returned(run: ProgramRun) -> Any:
    """The run's return value, rebuilt from its tagged JSON."""
    return CODEC.decode(run.return_value)


def all_refused(*allowed_errors: str) -> Callable[[ProgramRun], None]:
    """A check: the program returned a report where every attempt failed with one of
    ``allowed_errors`` (exception type names, or strerror texts)."""

    def check(run: ProgramRun) -> None:
        assert run.outcome is RunOutcome.completed, (run.outcome, run.exception_message)
        report = returned(run)
        assert report, "the program reported no attempts"
        escaped = {name: how for name, how in report.items() if how not in allowed_errors}
        assert not escaped, f"not refused as expected: {escaped}"

    return check


def run_outcome(*outcomes: RunOutcome) -> Callable[[ProgramRun], None]:
    """A check: the run ended with one of ``outcomes``."""

    def check(run: ProgramRun) -> None:
        assert run.outcome in outcomes, (run.outcome, run.exception_type, run.exception_message)

    return check


def exception(type_name: str, fragment: str = "") -> Callable[[ProgramRun], None]:
    """A check: the program raised ``type_name`` (with ``fragment`` in the message)."""

    def check(run: ProgramRun) -> None:
        assert run.outcome is RunOutcome.agent_exception, run.outcome
        assert run.exception_type == type_name, (run.exception_type, run.exception_message)
        assert fragment in (run.exception_message or ""), run.exception_message

    return check


def flagged(flag: str) -> Callable[[ProgramRun], None]:
    """A check: the run carries tamper flag ``flag``."""

    def check(run: ProgramRun) -> None:
        assert flag in run.tamper_flags, run.tamper_flags

    return check


def both(*checks: Callable[[ProgramRun], None]) -> Callable[[ProgramRun], None]:
    """A check made of several checks."""

    def check(run: ProgramRun) -> None:
        for one in checks:
            one(run)

    return check


def check_hygiene(run: ProgramRun) -> None:
    assert returned(run) == [], f"evaluation material visible in the agent child: {returned(run)}"


def check_fds(run: ProgramRun) -> None:
    report = returned(run)
    assert report["errno"] == 24, report  # EMFILE
    assert report["opened"] <= 64, report


def check_flood_output(run: ProgramRun) -> None:
    assert run.exception_type == "OSError" and "File too large" in (run.exception_message or "")
    assert 0 < len(run.stdout) <= 65536


def check_scratch_is_writable(run: ProgramRun) -> None:
    report = returned(run)
    assert report.pop("scratch_conftest") == "allowed", report
    assert report.pop("scratch_sitecustomize") == "allowed", report
    assert set(report.values()) == {"PermissionError"}, report


def check_import_denied(run: ProgramRun) -> None:
    assert returned(run) in ("ModuleNotFoundError", "PermissionError"), returned(run)


def check_late_thread(run: ProgramRun) -> None:
    assert run.outcome is RunOutcome.completed
    assert run.api_calls == 0, "calls made after the program returned were served"


def check_budget(run: ProgramRun) -> None:
    assert run.outcome is RunOutcome.call_budget_exceeded
    assert run.api_calls == 1001


def check_limits_kept(run: ProgramRun) -> None:
    report = returned(run)
    assert report.pop("cpu_limit_after") == (1, 2), "the CPU limit changed"
    assert report.pop("file_limit_after")[1] == 64, "the open-files limit changed"
    report.pop("prctl_no_death_signal")  # allowed or not, it loosens no layer
    assert set(report.values()) <= {"ValueError", "PermissionError"}, report


def check_clock(run: ProgramRun) -> None:
    assert returned(run) == "2030-01-02", returned(run)


def assert_that(condition: bool, detail: object) -> None:
    assert condition, detail
