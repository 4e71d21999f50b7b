"""The adversarial suite: every program of the sandbox spec's list 4.7, run through one pool.

All attacks run in one batch (see ``_attack_batch``), each between two honest tasks. Then, per
attack: the verdict is not passed, the pair outcome is the expected class, the run record shows
the attempt was refused, the honest tasks on either side passed, and the run stayed within the
wall-clock limit. For the whole batch: one execution and one result line per task, nothing outside
the scratch directories changed, nothing reached the test's sockets, no residue reached later
runs, and the pool still runs an honest task afterwards.

The batch runs once per test session: under pytest-xdist the first worker to need it runs it and
the others read its recorded result (a file lock in the session's shared temporary directory).
"""

from __future__ import annotations

import fcntl
import json
from pathlib import Path

import pytest

from tests.sandbox._attack_batch import ALL_ATTACKS, EARLIER_RESULT, LIMITS, Batch, run_batch
from tests.sandbox._attacks import Attack, returned
from tests.sandbox._root import needs_root

pytestmark = needs_root

WALL_MARGIN_SECONDS = 2.0
"""Slack on top of the wall-clock limit for killing, reaping and reading output."""


@pytest.fixture(scope="module")
def batch(tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest) -> Batch:
    worker = getattr(request.config, "workerinput", None)
    if worker is None:  # a single process: nobody to share the batch with
        return run_batch(Path(tmp_path_factory.mktemp("attack-targets")))
    shared = tmp_path_factory.getbasetemp().parent / f"attack-batch-{worker['testrunuid']}"
    shared.mkdir(exist_ok=True)
    recorded = shared / "batch.json"
    with (shared / "lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if recorded.exists():
            return Batch.model_validate_json(recorded.read_text())
        result = run_batch(Path(tmp_path_factory.mktemp("attack-targets")))
        recorded.write_text(result.model_dump_json())
        return result


def test_the_catalogue_covers_every_item_of_the_spec_list() -> None:
    assert {attack.item for attack in ALL_ATTACKS} == set(range(1, 53))
    assert len({attack.key for attack in ALL_ATTACKS}) == len(ALL_ATTACKS)


@pytest.mark.parametrize("attack", ALL_ATTACKS, ids=lambda attack: attack.key)
def test_attack_is_contained(attack: Attack, batch: Batch) -> None:
    position = batch.position(attack)
    execution = batch.executions[position]
    assert execution.query_id == f"attack:{attack.key}"
    assert not execution.passed
    for pair in execution.pairs:
        run = pair.run
        detail = (pair.outcome, pair.error_type, pair.error_message, run and run.outcome)
        assert not pair.passed
        assert attack.accepts(pair.outcome), detail
        assert run is not None
        assert run.seconds <= LIMITS.wall_seconds + WALL_MARGIN_SECONDS, run.seconds
        if attack.check is not None:
            attack.check(run)
    if attack.host_check is not None:
        sample = batch.host_samples.get(attack.key)
        assert sample is not None, "the host never sampled the program"
        attack.host_check(sample)
    for neighbour in (batch.executions[position - 1], batch.executions[position + 1]):
        assert neighbour.query_id.startswith("honest:")
        assert neighbour.passed, [(p.outcome, p.error_message) for p in neighbour.pairs]


def test_one_execution_per_task_and_one_result_line_each(batch: Batch) -> None:
    assert [e.query_id for e in batch.executions] == [r.query_id for r in batch.requests]
    lines = batch.results_lines
    assert lines[0] == EARLIER_RESULT
    written = [json.loads(line)["query_id"] for line in lines[1:]]
    assert written == [r.query_id for r in batch.requests]


def test_nothing_outside_the_scratch_dirs_changed(batch: Batch) -> None:
    assert batch.after == batch.before
    assert batch.created_probe_files == []


def test_nothing_reached_the_orchestrators_sockets(batch: Batch) -> None:
    assert batch.network_received == []


def test_every_honest_task_in_the_batch_passed(batch: Batch) -> None:
    honest = [e for e in batch.executions if e.query_id.startswith("honest:")]
    assert len(honest) == len(ALL_ATTACKS) + 1
    assert all(e.passed for e in honest)


def test_the_pool_still_works_after_the_batch(batch: Batch) -> None:
    assert batch.final_honest.passed
    layers = batch.final_honest.layers
    assert layers[0] == "rlimits" and layers[-1] == "seccomp"
    assert layers[1] == "identity" and layers[2].startswith("landlock-abi")


def test_no_residue_reaches_later_runs(batch: Batch) -> None:
    for probe in batch.residue_probes:
        assert returned(probe) == {
            "files": ["expected_state.json", "stderr.txt", "stdout.txt"],
            "environment": {},
            "module_attribute": False,
            "module": False,
        }
