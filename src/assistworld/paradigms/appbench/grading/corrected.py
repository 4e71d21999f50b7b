"""Corrected mode: what the paper's metrics mean, computed without its scorer's quirks.

* Apps and APIs are compared as multisets: every predicted item that meets a gold item counts
  (a plan that repeats a call twice where the gold has it twice earns two hits).
* Calls are matched one to one (an assignment over calls of the same API, preferring the same
  app and more matching arguments): repeated calls are never collapsed.
* An argument matches when its value equals the gold value after normalisation (case, quotes,
  whitespace, the alias map); an empty value never matches. A gold dependency matches only a
  variable of the same name that an **earlier** call of the plan returns. A bare name the plan
  never defines is read as the literal it spells (models often leave quotes out).
* A call is exact when it is made through the gold app with every gold argument matched and no
  argument the gold call does not have.
* Success: app and API multisets equal, every gold call exact, and the order respects the gold
  dependency graph (a call comes after the calls it depends on).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import networkx as nx

from assistworld.core.assignment import optimal_assignment
from assistworld.paradigms.appbench.grading.graph import dependency_graph, latest_producer
from assistworld.paradigms.appbench.grading.outcome import ArgumentErrors, CallMatch, ModeOutcome
from assistworld.paradigms.appbench.tasks.model import Argument, ArgumentKind, Call, PlanningTask
from assistworld.paradigms.appbench.tasks.values import exact_values_match


def name_key(name: str) -> str:
    """An app, API or argument name as compared: case folded, ``#`` and spaces removed."""
    return name.strip().lstrip("#").strip().casefold()


def _argument_ok(gold: Argument, given: Argument, plan: Sequence[Call], position: int) -> bool:
    defined = (
        given.kind is ArgumentKind.VARIABLE
        and latest_producer(plan, position, given.value) is not None
    )
    if gold.kind is ArgumentKind.VARIABLE:
        return defined and name_key(gold.value) == name_key(given.value)
    if defined:
        return False
    return exact_values_match(gold.value, given.value)


def _keyed(call: Call) -> dict[str, Argument]:
    return {name_key(name): value for name, value in call.arguments.items()}


def match_call(
    gold: Call,
    gold_index: int,
    plan: Sequence[Call],
    position: int | None,
    given: dict[str, Argument] | None = None,
) -> CallMatch:
    """How the gold call fares against ``plan[position]`` (None: it was not made); ``given`` is
    that call's arguments keyed by :func:`name_key`, when the caller has them already."""
    if position is None:
        return CallMatch(gold=gold_index, predicted=None, app=gold.app, api=gold.api)
    made = plan[position]
    given = _keyed(made) if given is None else given
    wanted = {name_key(name): name for name in gold.arguments}
    match = CallMatch(
        gold=gold_index,
        predicted=position,
        app=gold.app,
        api=gold.api,
        same_app=name_key(made.app) == name_key(gold.app),
        extra=[name for name, key in zip(made.arguments, given, strict=True) if key not in wanted],
    )
    for key, name in wanted.items():
        found = given.get(key)
        if found is None:
            match.missing.append(name)
        elif _argument_ok(gold.arguments[name], found, plan, position):
            match.matched.append(name)
        else:
            match.wrong.append(name)
    return match


def _assign(gold: Sequence[Call], plan: Sequence[Call]) -> list[CallMatch]:
    """One predicted call per gold call at most, maximising same API, then same app, then
    matched arguments."""
    if not gold or not plan:
        return [match_call(call, index, plan, None) for index, call in enumerate(gold)]
    import numpy as np  # imported when a plan is scored, not when a suite is listed

    weights = np.zeros((len(gold), len(plan)))
    trials: dict[tuple[int, int], CallMatch] = {}
    made_apis = [name_key(made.api) for made in plan]
    made_arguments = [_keyed(made) for made in plan]
    for row, call in enumerate(gold):
        wanted = name_key(call.api)
        for column, made_api in enumerate(made_apis):
            if wanted != made_api:
                continue
            trial = match_call(call, row, plan, column, made_arguments[column])
            trials[row, column] = trial
            weights[row, column] = 1000 + 100 * trial.same_app + len(trial.matched)
    if not trials:
        return [match_call(call, index, plan, None) for index, call in enumerate(gold)]
    rows, columns = optimal_assignment(weights, maximize=True)
    chosen = {int(row): int(column) for row, column in zip(rows, columns, strict=True)}
    return [
        trials.get((index, chosen.get(index, -1))) or match_call(call, index, plan, None)
        for index, call in enumerate(gold)
    ]


def _order_ok(matches: Sequence[CallMatch], graph: nx.DiGraph) -> bool:
    placed = {match.gold: match.predicted for match in matches}
    for source, target in graph.edges:
        before, after = placed.get(source), placed.get(target)
        if before is not None and after is not None and before >= after:
            return False
    return True


def _errors(gold: Sequence[Call], matches: Sequence[CallMatch]) -> ArgumentErrors:
    errors = ArgumentErrors()
    for match in matches:
        if match.predicted is None or match.gold is None:
            continue
        arguments = gold[match.gold].arguments
        errors.arguments += len(arguments)
        for name in match.missing + match.wrong:
            dependent = arguments[name].kind is ArgumentKind.VARIABLE
            errors.count(name, dependent=dependent, missing=name in match.missing)
    return errors


def _multiset(names: Iterable[str]) -> dict[str, int]:
    """How many times each name occurs, keyed by :func:`name_key` (a plain dict: a plan has a
    handful of calls, and ``Counter``'s operators cost more than the counting)."""
    counts: dict[str, int] = {}
    for name in names:
        key = name_key(name)
        counts[key] = counts.get(key, 0) + 1
    return counts


def _common(gold: dict[str, int], plan: dict[str, int]) -> int:
    """The size of the multisets' intersection."""
    return sum(min(count, plan.get(key, 0)) for key, count in gold.items())


def name_counts(plan: Sequence[Call], gold: Sequence[Call]) -> ModeOutcome:
    """The app and API multiset counts of a plan against the gold (hits, sizes, exact match)."""
    gold_apps = _multiset(call.app for call in gold)
    plan_apps = _multiset(call.app for call in plan)
    gold_apis = _multiset(call.api for call in gold)
    plan_apis = _multiset(call.api for call in plan)
    return ModeOutcome(
        app_hits=_common(gold_apps, plan_apps),
        app_predicted=len(plan),
        app_gold=len(gold),
        api_hits=_common(gold_apis, plan_apis),
        api_predicted=len(plan),
        api_gold=len(gold),
        em_app=gold_apps == plan_apps,
        em_api=gold_apis == plan_apis,
    )


def score_corrected(
    plan: Sequence[Call], task: PlanningTask, graph: nx.DiGraph | None = None
) -> ModeOutcome:
    """Score parsed calls against ``task``'s gold calls, the corrected way (``graph``: the gold
    plan's dependency graph, when the caller has it already)."""
    gold = task.calls
    graph = dependency_graph(gold) if graph is None else graph
    matches = _assign(gold, plan)
    outcome = name_counts(plan, gold).model_copy(
        update={
            "arguments_exact": all(match.exact for match in matches),
            "order_ok": _order_ok(matches, graph),
            "errors": _errors(gold, matches),
            "calls": matches,
        }
    )
    outcome.success = (
        outcome.em_app and outcome.em_api and outcome.arguments_exact and outcome.order_ok
    )
    return outcome
