"""The audit behind ``verify --mutants``: a lax goal lets mutants through and verify says so
(which threshold failed, which mutants survived); a goal about the right record kills them."""

from __future__ import annotations

from rich.console import Console

from assistworld.apps import services
from assistworld.core.suite import Suite
from assistworld.paradigms.appbench.audit.command import run_verify
from assistworld.paradigms.appbench.audit.mutants import Mutant, mutants
from assistworld.paradigms.appbench.audit.rules import audit_suite, equivalent
from assistworld.paradigms.appbench.grading.execution import execute_plan
from assistworld.paradigms.appbench.grading.task_worlds import TaskWorlds
from assistworld.paradigms.appbench.tasks.model import Call, ExecutionGoal, PlanningTask
from assistworld.world.world import World
from tests.paradigms.appbench._plans import (
    KIND,
    NOW,
    RESERVE,
    SEARCH,
    SEED,
    WHERE,
    restaurants,
)
from tests.paradigms.appbench._plans import task as booking_task
from tests.paradigms.appbench.helpers import lit

EVERY_NAME = sorted({r.restaurant_name for r in restaurants()})


def _question(about: dict[str, str] | None = None) -> PlanningTask:
    """ "Which <KIND> restaurant is there in <WHERE>?" with a lax goal: any restaurant's name
    counts (unless ``about`` pins the record's filters)."""
    goal = ExecutionGoal(
        answers={"findrestaurants.restaurant_name": EVERY_NAME},
        answer_about={"findrestaurants.restaurant_name": about} if about else {},
    )
    return PlanningTask(
        query_id="ss-0",
        query=f"Which {KIND} restaurant is there in {WHERE}?",
        category="ss",
        calls=[SEARCH],
        world_seed=SEED,
        goal=goal,
        now=NOW,
    )


def _suite(*tasks: PlanningTask) -> Suite:
    return Suite(
        name="handmade",
        path="/nowhere",
        paradigm="appbench",
        format="task-files",
        tasks=list(tasks),
        content_hash="0",
    )


def _verify(*tasks: PlanningTask) -> tuple[bool, str]:
    console = Console(record=True, width=220)
    sound = run_verify(_suite(*tasks), console, None, mutants=True)
    return sound, console.export_text()


def test_a_lax_goal_lets_changed_filters_through_and_verify_fails_naming_the_threshold() -> None:
    sound, text = _verify(_question())
    assert not sound
    assert "mutant kill rate (executed)" in text and "FAILED" in text
    assert "verify: FAILED (mutant kill rate (executed): >= 95%:" in text
    assert f"#location '{WHERE}'" in text and "succeeds in executed" in text
    # corrected mode compares values exactly, so it kills them, and its threshold holds
    audit = audit_suite([_question()], with_mutants=True)
    assert audit.tallies["corrected"].rate() == 1.0
    assert (audit.tallies["executed"].rate() or 0.0) < 0.95
    assert {s.operator for s in audit.survivors} == {"change_literal"}


def test_a_goal_about_the_asked_filters_kills_them_and_every_threshold_is_printed() -> None:
    task = _question(about={"location": WHERE, "category": KIND})
    sound, text = _verify(task)
    assert sound, text
    for check in ("gold plan succeeds", "empty plan succeeds", "mutant kill rate"):
        for mode in ("corrected", "executed"):
            assert f"{check} ({mode})" in text
    assert ">= 95%" in text and "verify: OK" in text
    assert "paper (reported, not gated)" in text


def test_paper_mode_is_reported_with_what_it_lets_through() -> None:
    audit = audit_suite([booking_task()], with_mutants=True)
    paper = audit.tallies["paper"]
    assert paper.total_made == audit.tallies["corrected"].total_made > 0
    # the published scorer ignores call order: every swap of dependent calls passes there
    assert paper.killed.get("swap_dependent", 0) == 0 < paper.made["swap_dependent"]
    _, text = _verify(booking_task())
    assert f"paper mode lets {paper.total_made - paper.total_killed} of {paper.total_made}" in text


def test_a_changed_value_that_reads_the_same_is_excluded_as_equivalent() -> None:
    same = SEARCH.model_copy(
        update={"arguments": {**SEARCH.arguments, "location": lit(f"  {WHERE.upper()} ")}}
    )
    mutant = Mutant(operator="change_literal", description="case only", calls=[same, RESERVE])
    assert "keeps its value" in equivalent(booking_task(), mutant)
    other = SEARCH.model_copy(
        update={"arguments": {**SEARCH.arguments, "location": lit(WHERE + "ville")}}
    )
    wrong = Mutant(operator="change_literal", description="other", calls=[other, RESERVE])
    assert equivalent(booking_task(), wrong) == ""


def test_worlds_filled_once_run_plans_as_fresh_worlds_do_and_stay_untouched() -> None:
    task = booking_task()
    worlds = TaskWorlds(task)
    plans: list[list[Call]] = [[SEARCH, RESERVE], [], *(m.calls for m in mutants(task))]
    for plan in plans:
        assert execute_plan(task, plan, worlds) == execute_plan(task, plan)
    fresh = World(NOW, seed=SEED)  # a world filled the plain way holds the same tables
    services.populate(fresh, SEED, NOW, ("Restaurants",))
    handed = worlds.world(("Restaurants",))
    for declared in services.tables("Restaurants"):
        assert handed.table(declared) == fresh.table(declared)
    table = worlds.filled("Restaurants")
    assert not any(table[name] for name in table if name != "restaurants")  # no booking kept
    assert list(table["restaurants"].values()) == restaurants()
