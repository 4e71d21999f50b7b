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


class PersonalWorldDataError(ValueError):
    """The data of a personal world cannot be loaded; ``problems`` lists every problem found."""

    def __init__(self, problems: Sequence[str], source: str = "personal world data") -> None:
        self.problems = list(problems)
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


def from_validation(data: Any, error: ValidationError) -> list[str]:
    """One problem per error pydantic found."""
    problems = []
    for item in error.errors(include_url=False):
        location = tuple(item.get("loc", ()))
        record, field = location[:-1], location[-1] if location else "data"
        kind = item.get("type", "")
        if isinstance(field, int):
            record, field = location, "item"
        place = where(data, record) if record else "the top level"
        fix = _FIXES.get(kind, "correct the value")
        problems.append(f"{place}, field {field!r}: {item.get('msg', 'invalid')}; fix: {fix}")
    return problems
