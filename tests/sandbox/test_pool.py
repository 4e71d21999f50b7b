"""``SandboxPool`` as the runner uses it: verdicts, values across the boundary, isolation."""

from __future__ import annotations

import datetime
import os
import signal
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import assistworld.sandbox.pool as pool_module
from assistworld.apps.workplace.company_directory import find_employee
from assistworld.paradigms.aspera.tasks.library import ASPERA_LIBRARY
from assistworld.sandbox import (
    InProcessExecutor,
    Limits,
    PairOutcome,
    RunOutcome,
    SandboxPool,
    SandboxSetupError,
    TaskRequest,
)
from assistworld.sandbox.layers import CapabilityReport
from assistworld.world import World
from tests.sandbox._attacks import returned
from tests.sandbox._root import needs_root
from tests.sandbox._tasks import SCHEDULE_SETUP, TASKS, dry_run_request, task_request

pytestmark = needs_root

LIMITS = Limits(wall_seconds=3, cpu_seconds=1, memory_mb=256, file_size_mb=4, call_budget=1000)
ROOMY_LIMITS = Limits(wall_seconds=20, cpu_seconds=1, memory_mb=256, file_size_mb=4)
"""A wall-clock limit far above the CPU limit, so a CPU spin meets the CPU limit first even on
a heavily loaded machine."""


@pytest.fixture(scope="module")
def pool() -> Iterator[SandboxPool]:
    with SandboxPool(slots=2, limits=LIMITS, library=ASPERA_LIBRARY) as sandbox:
        yield sandbox


@pytest.fixture(scope="module")
def roomy_pool() -> Iterator[SandboxPool]:
    with SandboxPool(slots=1, limits=ROOMY_LIMITS, library=ASPERA_LIBRARY) as sandbox:
        yield sandbox


def custom_task(evaluation: str, program: str, setup: str = SCHEDULE_SETUP) -> TaskRequest:
    return TaskRequest(
        query_id="custom",
        query="a custom test task",
        setup_programs=[setup],
        evaluation_programs=[evaluation],
        candidate_program=program,
    )


def zygote_pids() -> set[int]:
    """Pids of the zygotes this test process started."""
    found = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            command = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        parent = int(stat.rsplit(")", 1)[1].split()[1])
        if parent == os.getpid() and b"assistworld.sandbox.zygote" in command:
            found.add(int(entry.name))
    return found


@pytest.mark.parametrize("name", sorted(TASKS))
def test_reference_programs_pass_sandboxed_and_in_process(pool: SandboxPool, name: str) -> None:
    sandboxed = pool.run_task(task_request(name))
    in_process = InProcessExecutor(LIMITS, library=ASPERA_LIBRARY).run_task(task_request(name))
    assert sandboxed.passed, [(p.outcome, p.error_message) for p in sandboxed.pairs]
    assert in_process.passed
    assert [p.outcome for p in sandboxed.pairs] == [p.outcome for p in in_process.pairs]
    runs = [(p.run.outcome, p.run.return_value) for p in sandboxed.pairs if p.run is not None]
    assert runs == [(p.run.outcome, p.run.return_value) for p in in_process.pairs if p.run]


def test_every_layer_is_applied(pool: SandboxPool) -> None:
    layers = pool.layers
    assert layers[0] == "rlimits" and layers[-1] == "seccomp"
    assert layers[1] == "identity" and layers[2].startswith("landlock-abi")
    assert pool.run_task(task_request("manager")).layers == layers


def test_returned_library_values_arrive_equal_and_typed(pool: SandboxPool) -> None:
    evaluation = """
def evaluate_values(query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]):
    setup_function()
    event, people, free, when = executable()
    stored = find_events(attendees=[find_employee("Bob")[0]])
    if type(event) is not Event or event != stored[0]:
        raise SolutionError(f"returned event differs: {event!r} vs {stored!r}")
    if people != get_all_employees() or not all(type(p) is Employee for p in people):
        raise SolutionError("employees differ")
    if type(free[0]) is not TimeInterval or free != find_available_slots(find_events()):
        raise SolutionError("free slots differ")
    if when != {parse_date_string(DateExpressions.Tomorrow): Duration(30, TimeUnits.Minutes)}:
        raise SolutionError(f"dict differs: {when!r}")
"""
    program = """
def values():
    bob = find_employee("Bob")[0]
    start = combine(parse_date_string(DateExpressions.Tomorrow), time_by_hm(10, 0, "am"))
    event = Event(attendees=[bob], subject="Sync", starts_at=start,
                  ends_at=start + datetime.timedelta(minutes=30), show_as_status=ShowAsStatus.Busy,
                  repeats=RepetitionSpec(frequency=EventFrequency.WEEKLY, max_repetitions=3))
    add_event(event)
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    return (event, get_all_employees(), find_available_slots(find_events()),
            {tomorrow: Duration(30, TimeUnits.Minutes)})
"""
    execution = pool.run_task(custom_task(evaluation, program))
    assert execution.passed, execution.pairs[0].error_message


def test_add_event_writes_the_id_and_end_back_through_the_proxy(pool: SandboxPool) -> None:
    evaluation = """
def evaluate_write_back(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    setup_function()
    returned_id, id_on_object, end_on_object = executable()
    stored = find_events(attendees=[find_employee("Bob")[0]])[0]
    if not (returned_id == id_on_object == stored.event_id):
        raise SolutionError(f"ids differ: {returned_id} {id_on_object} {stored.event_id}")
    expected_end = stored.starts_at + datetime.timedelta(minutes=DEFAULT_EVENT_DURATION_MINUTES)
    if end_on_object != expected_end or stored.ends_at != expected_end:
        raise SolutionError(f"end not written back: {end_on_object}")
"""
    program = """
def write_back():
    bob = find_employee("Bob")[0]
    start = combine(parse_date_string(DateExpressions.Tomorrow), time_by_hm(11, 0, "am"))
    event = Event(attendees=[bob], subject="Quick chat", starts_at=start)
    new_id = add_event(event)
    return new_id, event.event_id, event.ends_at
"""
    execution = pool.run_task(custom_task(evaluation, program))
    assert execution.passed, execution.pairs[0].error_message


SHARED_SPEC_EVALUATION = """
def evaluate_shared_spec(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    setup_function()
    on_spec, on_first, same_object = executable()
    last_day = get_next_dow("Friday") + datetime.timedelta(days=21)
    if not same_object:
        raise SolutionError("the first event no longer holds the caller's spec object")
    late = combine(last_day, time_by_hm(4, 30, "pm"))
    if on_spec != late or on_first != late:
        raise SolutionError(f"the caller's spec holds {on_spec} / {on_first}, not {late}")
    stored = {e.subject: e.repeats.recurs_until for e in find_events() if e.repeats}
    early = combine(last_day, time_by_hm(9, 0, "am"))
    if stored != {"Early": early, "Late": late}:
        raise SolutionError(f"stored ends differ: {stored}")
"""
SHARED_SPEC_PROGRAM = """
def shared_spec():
    friday = get_next_dow("Friday")
    spec = RepetitionSpec(
        frequency=EventFrequency.WEEKLY, recurs_until=friday + datetime.timedelta(days=21)
    )
    first = Event(subject="Early", starts_at=combine(friday, time_by_hm(9, 0, "am")), repeats=spec)
    add_event(first)
    add_event(Event(subject="Late", starts_at=combine(friday, time_by_hm(4, 30, "pm")),
                    repeats=spec))
    return spec.recurs_until, first.repeats.recurs_until, first.repeats is spec
"""


def test_recurs_until_is_written_back_onto_the_callers_own_spec_object(pool: SandboxPool) -> None:
    execution = pool.run_task(custom_task(SHARED_SPEC_EVALUATION, SHARED_SPEC_PROGRAM))
    assert execution.passed, execution.pairs[0].error_message
    in_process = InProcessExecutor(library=ASPERA_LIBRARY).run_task(
        custom_task(SHARED_SPEC_EVALUATION, SHARED_SPEC_PROGRAM)
    )
    assert in_process.passed, in_process.pairs[0].error_message


def test_dry_run_shows_printed_output_and_the_library_error(pool: SandboxPool) -> None:
    with World().active(), pytest.raises(TypeError) as raised:
        find_employee(3)  # type: ignore[arg-type]
    program = """
def look_up():
    print("looking people up")
    return find_employee(3)
"""
    run = pool.dry_run(dry_run_request("schedule", program))
    assert run.outcome is RunOutcome.agent_exception
    assert run.stdout == "looking people up\n"
    assert run.exception_type == "TypeError"
    assert run.exception_message == str(raised.value)
    assert run.traceback is not None and '"<candidate>", line 4' in run.traceback
    assert "assistworld/sandbox" not in run.traceback


def test_dry_run_returns_the_value_after_setup(pool: SandboxPool) -> None:
    program = "def who():\n    return [p.name for p in find_employee('Carol')]\n"
    run = pool.dry_run(dry_run_request("schedule", program))
    assert run.outcome is RunOutcome.completed
    assert returned(run) == ["Carol"]
    assert run.api_calls == 1


def test_time_utilities_run_in_the_child_on_the_tasks_clock(pool: SandboxPool) -> None:
    program = (
        "def when():\n"
        "    import concurrent.futures\n"
        "    start = combine(get_next_dow('Friday'), time_by_hm(3, 30, 'pm'))\n"
        "    with concurrent.futures.ThreadPoolExecutor(1) as threads:\n"
        "        from_a_thread = threads.submit(now_).result()\n"
        "    return [from_a_thread, start, find_employee('Carol')[0].name]\n"
    )
    request = dry_run_request("schedule", program).model_copy(
        update={"world_now": datetime.datetime(2025, 1, 7, 8, 0)}
    )
    run = pool.dry_run(request)
    assert run.outcome is RunOutcome.completed
    assert returned(run) == [
        datetime.datetime(2025, 1, 7, 8, 0),
        datetime.datetime(2025, 1, 10, 15, 30),
        "Carol",
    ]
    assert (run.api_calls, run.local_calls) == (1, 4)
    unsafe = InProcessExecutor(LIMITS, library=ASPERA_LIBRARY).dry_run(request)
    assert (returned(unsafe), unsafe.api_calls, unsafe.local_calls) == (returned(run), 1, 4)


def test_an_unexpected_handback_is_a_handback_control_error(pool: SandboxPool) -> None:
    program = "def ask():\n    raise RequiresUserInput('Which Bob?')\n"
    pair = pool.run_task(task_request("schedule", program)).pairs[0]
    assert pair.outcome is PairOutcome.handback_control_error
    assert (pair.error_type, pair.error_message) == ("RequiresUserInput", "Which Bob?")


def test_a_candidate_exception_is_an_execution_error_even_if_caught(pool: SandboxPool) -> None:
    evaluation = """
def evaluate_catch(query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]):
    setup_function()
    try:
        executable()
    except Exception as error:
        if error.type_name != "ValueError" or error.message != "bad date":
            raise SolutionError("the candidate's exception arrived changed")
"""
    program = "def fail():\n    raise ValueError('bad date')\n"
    pair = pool.run_task(custom_task(evaluation, program)).pairs[0]
    assert pair.outcome is PairOutcome.execution_error
    assert (pair.error_type, pair.error_message) == ("ValueError", "bad date")


def test_calling_executable_twice_is_an_evaluator_error(pool: SandboxPool) -> None:
    evaluation = """
def evaluate_twice(query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]):
    setup_function()
    executable()
    executable()
"""
    pair = pool.run_task(custom_task(evaluation, TASKS["schedule"][3])).pairs[0]
    assert pair.outcome is PairOutcome.evaluator_error
    assert pair.error_type == "ExecutableReused"


def test_a_cpu_spin_meets_the_cpu_limit(roomy_pool: SandboxPool) -> None:
    pair = roomy_pool.run_task(
        task_request("schedule", "def spin():\n    while True:\n        pass\n")
    ).pairs[0]
    assert pair.outcome is PairOutcome.resource_limit
    assert pair.run is not None and pair.run.outcome is RunOutcome.cpu_limit


def test_concurrent_tasks_from_two_threads(pool: SandboxPool) -> None:
    names = sorted(TASKS) * 3
    with ThreadPoolExecutor(max_workers=2) as runner:
        executions = list(runner.map(lambda n: pool.run_task(task_request(n, query_id=n)), names))
    assert [e.query_id for e in executions] == names
    assert all(e.passed for e in executions)


def test_two_pools_never_share_a_world(pool: SandboxPool, roomy_pool: SandboxPool) -> None:
    zelda_setup = SCHEDULE_SETUP.replace('["Bob", "Carol", "Dave"]', '["Bob", "Carol", "Zelda"]')
    evaluation = """
def evaluate_zelda(query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]):
    setup_function()
    found = executable()
    expected = [p.name for p in find_employee("Zelda")]
    if found != expected:
        raise SolutionError(f"saw {found}, expected {expected}")
"""
    program = """
import time

def look_for_zelda():
    time.sleep(0.3)
    return [p.name for p in find_employee("Zelda")]
"""
    with_zelda = custom_task(evaluation, program, setup=zelda_setup)
    without_zelda = custom_task(evaluation, program)
    with ThreadPoolExecutor(max_workers=4) as runner:
        futures = [runner.submit(pool.run_task, with_zelda) for _ in range(2)]
        futures += [runner.submit(roomy_pool.run_task, without_zelda) for _ in range(2)]
        executions = [future.result() for future in futures]
    assert all(e.passed for e in executions), [e.pairs[0].error_message for e in executions]


def test_the_zygote_and_the_agent_get_no_secrets_from_the_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("ASSISTWORLD_TEST_SECRET", "hunter2")
    evaluation = """
import os

def evaluate_environment(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    setup_function()
    agent_environment = executable()
    raise SolutionError(f"{sorted(os.environ)} {agent_environment}")
"""
    program = "import os\n\ndef environment():\n    return dict(os.environ)\n"
    with SandboxPool(slots=1, limits=LIMITS, library=ASPERA_LIBRARY) as sandbox:
        pair = sandbox.run_task(custom_task(evaluation, program)).pairs[0]
    assert pair.error_message == "['LC_ALL', 'PATH'] {}"


def test_a_dead_zygote_fails_only_its_task_and_is_replaced() -> None:
    before = zygote_pids()
    program = "import time\n\ndef slow():\n    time.sleep(2)\n"
    with SandboxPool(slots=1, limits=LIMITS, library=ASPERA_LIBRARY) as sandbox:
        (zygote,) = zygote_pids() - before
        outcome: list[PairOutcome] = []
        task = threading.Thread(
            target=lambda: outcome.extend(
                p.outcome for p in sandbox.run_task(task_request("schedule", program)).pairs
            )
        )
        task.start()
        time.sleep(0.5)
        os.kill(zygote, signal.SIGKILL)
        task.join()
        assert outcome == [PairOutcome.infra_error]
        assert sandbox.run_task(task_request("manager")).passed
        assert zygote not in zygote_pids()


def test_closing_a_pool_ends_its_zygotes() -> None:
    before = zygote_pids()
    sandbox = SandboxPool(slots=2, limits=LIMITS, library=ASPERA_LIBRARY)
    assert len(zygote_pids() - before) == 2
    sandbox.close()
    assert zygote_pids() - before == set()
    with pytest.raises(RuntimeError, match="closed"):
        sandbox.run_task(task_request("manager"))


def test_the_pool_refuses_to_start_without_a_layer(monkeypatch: pytest.MonkeyPatch) -> None:
    missing = CapabilityReport(
        landlock_abi=None, landlock_problem="not enabled in this kernel", seccomp_problem=""
    )
    monkeypatch.setattr(pool_module, "probe", lambda: missing)
    with pytest.raises(SandboxSetupError) as refused:
        SandboxPool(slots=1, limits=LIMITS, library=ASPERA_LIBRARY)
    assert refused.value.layer == "landlock"
    assert "--unsafe" in str(refused.value)
    with SandboxPool(slots=1, limits=LIMITS, unsafe=True, library=ASPERA_LIBRARY) as unsafe_pool:
        assert unsafe_pool.run_task(task_request("manager")).passed


def test_mismatched_program_lists_are_refused_with_a_clear_message() -> None:
    with pytest.raises(ValueError, match="2 setup programs but 1 evaluation programs"):
        TaskRequest(
            query_id="broken",
            query="q",
            setup_programs=["a", "b"],
            evaluation_programs=["c"],
            candidate_program="",
        )


DESCRIPTOR_PROBE = """
import os

def open_descriptors():
    found = []
    for fd in range(4096):
        try:
            os.fstat(fd)
        except OSError:
            continue
        found.append(fd)
    return found
"""


def test_an_agent_child_holds_only_its_own_descriptors(pool: SandboxPool) -> None:
    descriptors = returned(pool.dry_run(dry_run_request("schedule", DESCRIPTOR_PROBE)))
    assert descriptors[:3] == [0, 1, 2]
    assert len(descriptors) == 5  # stdin, stdout, stderr and its two RPC pipes
    assert max(descriptors) < 64  # the zygote's pre-opened Landlock rules are closed


PROCESS_PROBE_EVALUATION = """
import os

def evaluate_process_probe(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    setup_function()
    agent, agent_parent = executable()
    raise SolutionError(f"{os.getpid()} {os.getppid()} {agent} {agent_parent}")
"""
PROCESS_PROBE = "import os\n\ndef where():\n    return os.getpid(), os.getppid()\n"


def test_one_world_host_serves_the_slot_and_the_zygote_forks_every_agent() -> None:
    before = zygote_pids()
    with SandboxPool(slots=1, limits=LIMITS, library=ASPERA_LIBRARY) as sandbox:
        (zygote,) = zygote_pids() - before
        task = custom_task(PROCESS_PROBE_EVALUATION, PROCESS_PROBE)
        reports = [sandbox.run_task(task).pairs[0].error_message or "" for _ in range(3)]
    seen = [tuple(int(part) for part in report.split()) for report in reports]
    assert {(host, parent) for host, parent, _, _ in seen} == {(seen[0][0], zygote)}
    assert len({agent for _, _, agent, _ in seen}) == 3  # a fresh agent child per run
    assert {agent_parent for _, _, _, agent_parent in seen} == {zygote}


STALL_IN_THE_SECOND_PAIR = """
import os, struct, time

def answer_then_stall_the_world_host():
    if find_employee("Zoe"):  # only the second pair's world has a Zoe
        numbers = ",".join(str(k * (2**61 - 1)) for k in range(1, 34001))  # one hash for all
        payload = ('{"op":"result","value":{"$t":"set","v":[' + numbers + ']}}').encode()
        for fd in range(3, 64):
            try:
                os.write(fd, struct.pack(">I", len(payload)) + payload)
            except OSError:
                pass
        time.sleep(30)
    return find_manager_of(get_current_user()).name
"""


def test_a_world_host_stalled_past_the_limit_is_killed_and_earlier_pairs_are_kept(
    pool: SandboxPool,
) -> None:
    query, setups, evaluations, _ = TASKS["manager"]
    second = setups[1].replace('["Bob", "Carol", "Dave", "Erin"]', '["Bob", "Carol", "Zoe"]')
    assert second != setups[1]
    request = TaskRequest(
        query_id="stall",
        query=query,
        setup_programs=[setups[0], second],
        evaluation_programs=evaluations,
        candidate_program=STALL_IN_THE_SECOND_PAIR,
    )
    execution = pool.run_task(request)
    first, stalled = execution.pairs
    assert first.passed and first.outcome is PairOutcome.passed  # reported before the stall
    assert stalled.outcome is PairOutcome.timeout and not execution.passed
    assert stalled.run is not None and stalled.run.outcome is RunOutcome.timeout
    assert "killed from outside" in (stalled.run.exception_message or "")
    assert pool.run_task(task_request("manager")).passed  # a new world host took over
