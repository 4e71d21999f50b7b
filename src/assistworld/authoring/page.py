"""The author's reference page (``docs/authoring.md``), made from the declarations.

The clock, the setup and evaluation helpers, the generation guidelines and the tables are read
from the code that defines them; the worked examples are ``examples.yaml`` next to this module,
which the tests write out and verify. ``python -m assistworld.authoring > docs/authoring.md``
writes the page again; a test fails when the committed page differs.
"""

from __future__ import annotations

import importlib.resources
import inspect
from typing import Any

import yaml

from assistworld.authoring.declared import (
    first_paragraph,
    helper_entry,
    model_columns,
    models_in,
    tables_text,
)

EXAMPLES = "examples.yaml"

_FENCES = {".py": "python", ".json": "json", ".jsonl": "json", ".yaml": "yaml", ".yml": "yaml"}

_GUIDELINE_KINDS = {
    "programs": (
        "structure guideline #N",
        "how a reference (action) program is written; both when you give the queries and when "
        "the model invents them",
    ),
    "invent": ("", "only when the model invents the queries itself: what a good query is"),
    "setup": ("setup guideline #N", "how a setup program builds the task's starting world"),
    "evaluation": (
        "testing guideline #N",
        "how an evaluation program decides that an action program solved the task",
    ),
}


def examples() -> dict[str, Any]:
    """The worked examples: per task format, a title, what it shows, the suite folder's name,
    its files (``path``, ``text``) and the command that verifies it."""
    text = importlib.resources.files(__package__).joinpath(EXAMPLES).read_text(encoding="utf-8")
    data: dict[str, Any] = yaml.safe_load(text)
    return data


def _clock() -> list[str]:
    from assistworld.world import DEFAULT_NOW

    when = DEFAULT_NOW.strftime("%A %d %B %Y, %H:%M")
    return [
        "## The clock",
        "",
        f"A world starts at **{when}** (`{DEFAULT_NOW.isoformat(timespec='minutes')}`, "
        '`assistworld.world.DEFAULT_NOW`) unless its task sets another time. "Today", '
        '"tomorrow", "unread" and "upcoming" are relative to it.',
        "",
        "- a program-writing task (ASPERA) sets its own with the metadata line "
        '`NOW = "2025-03-11T08:30"`;',
        '- a planning task (AppBench) with the member `"now": "2019-06-20T12:00:00"` of its line;',
        "- a conversation scenario (ASTRA) must give `now: 2025-03-14T08:05`: every scenario has "
        "its own reference time.",
        "",
        "Times are the device's local time, written without a time zone.",
        "",
    ]


def _helpers() -> list[str]:
    from assistworld.paradigms.aspera.tasks import evaluation_tools, setup_tools

    lines = [
        "## Setup and evaluation helpers (ASPERA)",
        "",
        "A setup program finds the whole workplace library, these helpers and `deepcopy`; an "
        "evaluation program finds all of that, these evaluation helpers, "
        "`DEFAULT_EVENT_DURATION_MINUTES`, `Any` and `Callable`.",
        "",
        "### Setup helpers",
        "",
    ]
    lines += [helper_entry(name, getattr(setup_tools, name)) for name in setup_tools.__all__]
    lines += ["", "### Evaluation helpers", ""]
    lines += [
        helper_entry(name, getattr(evaluation_tools, name)) for name in evaluation_tools.__all__
    ]
    return [*lines, ""]


def _guidelines() -> list[str]:
    from assistworld.paradigms.aspera.authoring.guidelines import load_guidelines

    guidelines = load_guidelines()
    lines = [
        "## The generation guidelines",
        "",
        "`src/assistworld/paradigms/aspera/authoring/guidelines.yaml` holds the rules the "
        "generation prompts show the model (`assistworld generate --guidelines FILE` takes your "
        "own copy). The bundled tasks cite them by number in comments, e.g. "
        "`# by structure guideline #1`. The bundled examples shown to the model: "
        f"{', '.join(f'`{name}`' for name in guidelines.examples)} "
        f"(from `{guidelines.example_suite}`); the prompt lists the last "
        f"{guidelines.history_limit} queries so the model does not repeat one.",
        "",
    ]
    for field, (cited, meaning) in _GUIDELINE_KINDS.items():
        rules: tuple[str, ...] = getattr(guidelines, field)
        how = f', cited as "{cited}"' if cited else ""
        lines += [f"### `{field}`: {meaning}{how}", ""]
        lines += [f"{number}. {' '.join(rule.split())}" for number, rule in enumerate(rules, 1)]
        lines.append("")
    return lines


def _scenario_fields() -> list[str]:
    from assistworld.paradigms.astra.grading.scoring import constraints
    from assistworld.paradigms.astra.grading.scoring.constraints import (
        ResponseConstraint,
        RowsConstraint,
        ToolCallConstraint,
        Unchanged,
    )
    from assistworld.paradigms.astra.grading.scoring.spec import Milestone
    from assistworld.paradigms.astra.tasks.scenario import RequiredFact, RequiredRow, Scenario

    parts: list[tuple[str, type[Any], str]] = [
        ("A scenario", Scenario, "the top level of a file (`query_id`: by default its name)"),
        ("`success.answer[]`", RequiredFact, "a fact the replies must contain (or plain text)"),
        ("`success.end_state[]`", RequiredRow, "a row the final world must (not) hold"),
        ("`milestones[]`, `minefields[]`", Milestone, "a sub-goal, or what must not happen"),
        ("`kind: snapshot / added / removed / updated`", RowsConstraint, "rows of a table"),
        ("`kind: unchanged`", Unchanged, "a guardrail: the table is as it was"),
        ("`kind: tool_call`", ToolCallConstraint, "the latest tool call and its arguments"),
        ("`kind: response`", ResponseConstraint, "the latest text said to the user"),
    ]
    lines = [
        "## A scenario's fields (ASTRA)",
        "",
        "Loading a scenario reports every problem of its file at once, each as "
        "`file:line: path: what to do`, items counted from 1 "
        "(`milestones[2].constraints[1].mesures`), with a near miss named.",
        "",
    ]
    for title, model, about in parts:
        doc = first_paragraph(model, whole=True) if model is not Scenario else ""
        lines += [f"### {title}: {about}", ""] + ([doc, ""] if doc else [])
        lines += [*model_columns(model, skip={"source"}), ""]
        if model is Milestone:
            lines += [inspect.cleandoc(constraints.__doc__ or ""), ""]
    return lines


def _personal() -> list[str]:
    from assistworld.apps.personal import PERSONAL_TABLES, PersonalWorldData

    lines = [
        "## The personal world (ASTRA)",
        "",
        "### What a world file holds",
        "",
        "A scenario's `world` (or the world file it names) has these members (`now` comes from "
        "the scenario); each record may leave its `id` out (one is given). A conversation holds "
        "its messages; a message's `sender` is a number of the conversation, or `me` for the "
        "owner.",
        "",
        *model_columns(PersonalWorldData),
        "",
    ]
    shown: set[type[Any]] = set()
    for name, field in PersonalWorldData.model_fields.items():
        for model in models_in(field.annotation):
            for part in (model, *_parts(model)):
                if part in shown:
                    continue
                shown.add(part)
                lines += [f"#### `{part.__name__}` (in `{name}`)", "", *model_columns(part), ""]
    lines += [
        "### The tables conditions name",
        "",
        "Success conditions (`success.end_state`), milestones and minefields name these tables "
        "and columns; loading a scenario checks every name. Besides its columns a row has "
        "`_key`, its key in the table.",
        "",
        *tables_text(PERSONAL_TABLES),
    ]
    return lines


def _parts(model: type[Any]) -> list[type[Any]]:
    """The models nested in ``model``'s fields (a conversation's messages)."""
    return [
        nested for field in model.model_fields.values() for nested in models_in(field.annotation)
    ]


def _services() -> list[str]:
    from assistworld.apps.services import SERVICE_MODULES

    lines = [
        "## The services' tables (AppBench)",
        "",
        "The simulated services a planning task's world seed fills, per app. A goal's `rows` "
        "name these tables.",
        "",
    ]
    for module in SERVICE_MODULES:
        tables = module.TABLES
        lines += [f"### {module.APP}", ""]
        lines += tables_text(tables) if tables else ["Keeps no table.", ""]
    return lines


def _worked() -> list[str]:
    lines = ["## Worked examples, from the first line to `verify: OK`", ""]
    for example in examples().values():
        folder = example["folder"]
        lines += [f"### {example['title']}", "", " ".join(example["about"].split()), ""]
        for file in example["files"]:
            path = file["path"]
            fence = _FENCES.get("." + path.rsplit(".", 1)[-1], "")
            text = file["text"].rstrip("\n")
            lines += [f"`{folder}/{path}`:", "", f"```{fence}", text, "```", ""]
        lines += ["```console", f"$ {example['command']}", "...", "verify: OK", "```", ""]
    return lines


def render_page() -> str:
    """The whole page, Markdown."""
    lines = [
        "# Writing tasks: an author's reference",
        "",
        "<!-- Made by `python -m assistworld.authoring > docs/authoring.md` from the code's "
        "declarations; edit those, not this page. -->",
        "",
        "What a task file may use and name, for each of the three task formats. The README's "
        '"Writing tasks" says how to run and audit them.',
        "",
        "- [The clock](#the-clock)",
        "- [Setup and evaluation helpers (ASPERA)](#setup-and-evaluation-helpers-aspera)",
        "- [The generation guidelines](#the-generation-guidelines)",
        "- [A scenario's fields (ASTRA)](#a-scenarios-fields-astra)",
        "- [The personal world (ASTRA)](#the-personal-world-astra)",
        "- [The services' tables (AppBench)](#the-services-tables-appbench)",
        "- [Worked examples](#worked-examples-from-the-first-line-to-verify-ok)",
        "",
        *_clock(),
        *_helpers(),
        *_guidelines(),
        *_scenario_fields(),
        *_personal(),
        *_services(),
        *_worked(),
    ]
    return "\n".join(lines).rstrip("\n") + "\n"


__all__ = ["EXAMPLES", "examples", "render_page"]
