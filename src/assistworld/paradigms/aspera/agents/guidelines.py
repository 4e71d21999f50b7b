"""The rules that program-writing prompts state, kept as data so a user can change them.

Two lists: ``generation`` is numbered in every program-writing prompt (CCK, PS generation,
self-debugging); ``selection`` is the subset shown at each primitive-selection step (only rules
that can change what a program needs to import).

The first generation rule is the one the bundled suite's reference programs cite in their
comments (``# by structure guideline #1``), so its position matters: keep it first.

A user replaces them with a TOML file::

    generation = ["first rule", "second rule"]
    selection = ["a rule that affects imports"]

and ``load_guidelines(path)`` (the CLI's ``--guidelines FILE``).
"""

from __future__ import annotations

import hashlib
import json
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

_NAMES = (
    "Treat a first name as identifying one employee: `find_employee(name)[0]` is acceptable "
    "when the request offers nothing better, and every line relying on this carries the "
    "comment `# by structure guideline #1`. When nobody matches, or the program cannot tell "
    "which of several people the user means, raise `RequiresUserInput` instead of guessing."
)
_WEEKENDS = (
    "Meetings do not go on Saturdays or Sundays, and a repeating meeting does not recur on "
    "them, unless the user asks for it explicitly."
)
_WORKING_HOURS = (
    "Work meetings stay within the working day that `time_utils` defines, unless the user "
    "gives other hours."
)
_LEADERSHIP = (
    "The leadership team is the CEO, the COO and the CFO. Each department head reports to "
    "either the COO or the CFO. Resolve these people to `Employee` objects with the directory "
    "tools; the library functions take `Employee` objects, not titles."
)
_TIME = (
    "Reason about dates and times with the `time_utils` tools. Today's date and the current "
    "time come from `time_utils` (the user's device clock), never from `datetime.now()` or "
    "`date.today()`."
)
_ANSWERS = (
    "A question gets its answer returned to the caller as a value: printing it is not enough. "
    "Annotate the function's return type whenever it returns something other than `None`."
)
_HANDBACK = (
    "When the request cannot be carried out as asked, or the user has to choose between "
    "options, raise `RequiresUserInput` with a message telling the user what is needed."
)
_DATE_TEXT = (
    "To put a date in a string use `strftime('%Y-%m-%d')`; for a `datetime` use "
    "`strftime('%Y-%m-%d %H:%M:%S')`."
)
_ONE_FUNCTION = (
    "Write one top-level function that carries out the request. Helper functions go inside it. "
    "Only the first Python code block of your reply is run."
)
_IMPORTS = (
    "Never import the assistant library: its names are already defined when the program runs. "
    "Import standard-library modules only, and only those you use (for example "
    "`import collections`)."
)

DEFAULT_GENERATION: tuple[str, ...] = (
    _NAMES,
    _WEEKENDS,
    _WORKING_HOURS,
    _LEADERSHIP,
    _TIME,
    _ANSWERS,
    _HANDBACK,
    _DATE_TEXT,
    _ONE_FUNCTION,
    _IMPORTS,
)
DEFAULT_SELECTION: tuple[str, ...] = (_TIME, _WORKING_HOURS, _LEADERSHIP)


class GuidelinesError(ValueError):
    """A guidelines file that cannot be used; the message names the file and the fix."""


@dataclass(frozen=True)
class Guidelines:
    """The rule lists and where they came from (``"built-in"`` or a file path)."""

    generation: tuple[str, ...] = DEFAULT_GENERATION
    selection: tuple[str, ...] = DEFAULT_SELECTION
    source: str = "built-in"

    @property
    def sha256(self) -> str:
        """A stable hash of the rules (not of their source), for the run manifest."""
        text = json.dumps({"generation": self.generation, "selection": self.selection})
        return hashlib.sha256(text.encode()).hexdigest()

    def describe(self) -> dict[str, Any]:
        return {
            "source": self.source,
            "sha256": self.sha256,
            "generation": len(self.generation),
            "selection": len(self.selection),
        }


def _rule_list(data: dict[str, Any], key: str, where: str) -> tuple[str, ...] | None:
    if key not in data:
        return None
    value = data[key]
    if not isinstance(value, list) or not all(isinstance(r, str) and r.strip() for r in value):
        raise GuidelinesError(
            f'{where}: "{key}" must be a list of non-empty strings, e.g. {key} = ["a rule"]'
        )
    return tuple(rule.strip() for rule in value)


def load_guidelines(path: Path) -> Guidelines:
    """Read a TOML file with ``generation`` and/or ``selection`` lists; a missing list keeps
    the built-in one."""
    if not path.is_file():
        raise GuidelinesError(f"{path}: no such file; pass --guidelines with a TOML file")
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise GuidelinesError(f"{path}: not valid TOML ({error})") from None
    unknown = sorted(set(data) - {"generation", "selection"})
    if unknown:
        raise GuidelinesError(
            f"{path}: unknown keys {', '.join(unknown)}; only generation and selection are read"
        )
    generation = _rule_list(data, "generation", str(path))
    selection = _rule_list(data, "selection", str(path))
    if generation is None and selection is None:
        raise GuidelinesError(f"{path}: give a generation list, a selection list, or both")
    return Guidelines(
        generation=DEFAULT_GENERATION if generation is None else generation,
        selection=DEFAULT_SELECTION if selection is None else selection,
        source=str(path),
    )
