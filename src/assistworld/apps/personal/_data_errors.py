"""Problems in a personal world's data, each said once: which record, which field, the fix."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import ValidationError

_FIXES = {
    "missing": "add this field",
    "extra_forbidden": "remove it, or check the spelling of the field's name",
    "literal_error": "use one of the values listed",
    "datetime_parsing": "write a date and time as ISO 8601, e.g. 2024-06-25T18:30:00",
    "datetime_from_date_parsing": "write a date and time as ISO 8601, e.g. 2024-06-25T18:30:00",
    "datetime_type": "write a date and time as ISO 8601, e.g. 2024-06-25T18:30:00",
    "timezone_naive": "leave the time zone out: times are the device's local time",
    "date_parsing": "write a date as YYYY-MM-DD, e.g. 1995-04-02",
    "date_from_datetime_parsing": "write a date as YYYY-MM-DD, e.g. 1995-04-02",
    "date_type": "write a date as YYYY-MM-DD, e.g. 1995-04-02",
    "string_type": "give text (a JSON string)",
    "list_type": "give a list (a JSON array)",
    "bool_type": "give true or false",
    "bool_parsing": "give true or false",
    "int_type": "give a whole number",
    "int_parsing": "give a whole number",
    "model_type": "give an object (a JSON object with named fields)",
    "too_short": "give at least one item (or a non-empty text)",
    "string_too_short": "give a non-empty text",
    "greater_than_equal": "give a number that is not negative",
}


Issue = tuple[tuple[str | int, ...], str]
"""One problem as a location in the data (the field, from the top, indices from 0) and what is
wrong there with its fix, for a caller that says where in its own words (a file's line)."""


class PersonalWorldDataError(ValueError):
    """The data of a personal world cannot be loaded; ``problems`` lists every problem found,
    and ``issues`` the same problems located (when the data was a mapping)."""

    def __init__(
        self,
        problems: Sequence[str],
        source: str = "personal world data",
        issues: Sequence[Issue] = (),
    ) -> None:
        self.problems = list(problems)
        self.issues = list(issues)
        count = len(self.problems)
        lines = "\n".join(f"- {problem}" for problem in self.problems)
        super().__init__(f"{source}: {count} problem{'s' if count != 1 else ''}:\n{lines}")


def where(data: Any, location: Sequence[str | int]) -> str:
    """``contacts[2] (id 'contact-3')``: the record at ``location`` in ``data``, with its id
    when the data gives one."""
    text = ""
    node: Any = data
    for part in location:
        if isinstance(part, int):
            text += f"[{part}]"
            node = node[part] if isinstance(node, Sequence) and part < len(node) else None
            ident = node.get("id") if isinstance(node, Mapping) else None
            if ident is not None:
                text += f" (id {ident!r})"
        else:
            text += f".{part}" if text else str(part)
            node = node.get(part) if isinstance(node, Mapping) else None
    return text or "the data"


def plain_place(location: Sequence[str | int]) -> str:
    """``calendar[0], field 'ends_at': ``: the start of a problem at ``location``, without ids."""
    *record, field = location
    text = "".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in record)
    return f"{text.removeprefix('.')}, field {field!r}: "


def _fix(item: Any) -> str:
    fix = _FIXES.get(item.get("type", ""), "correct the value")
    return f"{item.get('msg', 'invalid')}; fix: {fix}"


def validation_issues(error: ValidationError) -> list[Issue]:
    """One located issue per error pydantic found."""
    return [(tuple(item.get("loc", ())), _fix(item)) for item in error.errors(include_url=False)]


def from_validation(data: Any, error: ValidationError) -> list[str]:
    """One problem per error pydantic found."""
    problems = []
    for item in error.errors(include_url=False):
        location = tuple(item.get("loc", ()))
        record, field = location[:-1], location[-1] if location else "data"
        if isinstance(field, int):
            record, field = location, "item"
        place = where(data, record) if record else "the top level"
        problems.append(f"{place}, field {field!r}: {_fix(item)}")
    return problems
