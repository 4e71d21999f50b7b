"""Options and agents a suite's paradigm does not take: refused, naming the suites that do.

``run`` has one set of flags for every paradigm, and each paradigm's agents read some of them.
A flag the suite's paradigm ignores (``--user-model`` on a program suite) used to be silently
accepted, so a run did something else than the user asked; an agent of another paradigm
(``--agent hierarchical`` on a program suite) got only "unknown agent". Both now stop the run
before it starts, saying which suites the flag or agent serves.
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from assistworld.core.errors import UserError
from assistworld.core.paradigm import Paradigm
from assistworld.core.registry import (
    bundled_suites,
    get_paradigm,
    paradigm_names,
    run_options_types,
)
from assistworld.core.run_options import RunOptions, RunOptionValueError, flag, validated

EVERY_MODEL_AGENT = frozenset(RunOptions.model_fields)
"""The sampling options every model agent reads, whatever its paradigm."""


class RunOptionError(UserError, ValueError):
    """A flag or agent the suite's paradigm does not take; the message says which suites do."""


def _kind(paradigm: Paradigm) -> str:
    article = "an" if paradigm.name[:1].lower() in "aeiou" else "a"
    return f"{article} {paradigm.name} suite"


def _serving(predicate: str, takes: Callable[[str], bool]) -> str:
    """``it serves appbench: travelplans``: the paradigms (by name) that ``takes``, with their
    bundled suites."""
    suites: dict[str, list[str]] = {}
    for bundled in bundled_suites():
        suites.setdefault(bundled.paradigm, []).append(bundled.name)
    found = [
        f"{name}: {', '.join(suites.get(name, [])) or 'no bundled suite'}"
        for name in paradigm_names()
        if takes(name)
    ]
    return f"{predicate} {'; '.join(found)}" if found else "no installed paradigm takes it"


def _reads(option: str) -> Callable[[str], bool]:
    options = run_options_types()
    return lambda name: option in options[name].model_fields


def _has_agent(agent: str) -> Callable[[str], bool]:
    return lambda name: agent in get_paradigm(name).agent_names


def _has_judge(name: str) -> bool:
    return get_paradigm(name).has_judge


def check_run_options(paradigm: Paradigm, suite: str, agent: str, given: Collection[str]) -> None:
    """Refuse ``agent``, or an option ``given`` (set to other than ``run``'s default) that
    ``paradigm``'s agents do not read."""
    if agent not in paradigm.agent_names:
        raise RunOptionError(
            f"--agent {agent}: suite {suite!r} is {_kind(paradigm)}, whose agents are "
            f"{', '.join(paradigm.agent_names)}; "
            + _serving(f"{agent!r} serves", _has_agent(agent))
        )
    refused = sorted(set(given) - EVERY_MODEL_AGENT - set(paradigm.run_options.model_fields))
    if refused:
        option = refused[0]
        raise RunOptionError(
            f"{flag(option)}: suite {suite!r} is {_kind(paradigm)}, whose agents do not "
            f"read it; drop it, or run a suite it serves ("
            + _serving("it serves", _reads(option))
            + ")"
        )


def check_external_flags(agent: str, *, command: str | None, time_limit: float | None) -> None:
    """Refuse ``--command`` or ``--time-limit`` for an agent other than ``external``, the only
    one that reads them (whatever the suite's paradigm)."""
    given = [
        flag for flag, value in (("--command", command), ("--time-limit", time_limit)) if value
    ]
    if given and agent != "external":
        raise RunOptionError(
            f"{given[0]} is read by --agent external only (the program acting over MCP); drop "
            "it, or run --agent external"
        )


def check_judge(paradigm: Paradigm, suite: str) -> None:
    """Refuse ``--judge-model`` for a suite whose paradigm has no judge (hook ``judge``)."""
    if not _has_judge(paradigm.name):
        raise RunOptionError(
            f"--judge-model: suite {suite!r} is {_kind(paradigm)}, which has no judge; drop "
            "it, or run a suite whose results a judge grades ("
            + _serving("judged:", _has_judge)
            + ")"
        )


def paradigm_options(paradigm: Paradigm, values: dict[str, object]) -> RunOptions:
    """``values`` (every run option's value, by field name) as ``paradigm``'s own options
    object; a value its model refuses is a :class:`RunOptionError` naming the flag."""
    try:
        return validated(paradigm.run_options, values)
    except RunOptionValueError as error:
        raise RunOptionError(str(error)) from None


__all__ = [
    "EVERY_MODEL_AGENT",
    "RunOptionError",
    "check_external_flags",
    "check_judge",
    "check_run_options",
    "paradigm_options",
]
