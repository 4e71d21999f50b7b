"""Field probes: does a task's evaluation look at a field of the records its reference writes?

A probe runs the reference program, then changes one field of every calendar event it wrote
(created or changed; a series' own row is left alone, its occurrences are not) to a value no
request asks for: a time one minute later, a text with a word added, the last attendee dropped,
a flag flipped. An evaluation that rejects the probe checks
that field; one that accepts it does not look at the field at all. The mutation audit asks this
when a survivor writes the same records as the reference with other values in some fields: if
the evaluation checks each of those fields, the survivor's values are ones the task allows (any
free room, any free slot); if not, the field is simply unchecked.
"""

from __future__ import annotations

import ast
import textwrap

from assistworld.core.parsing import parse_in_turn

PROBE = '''def field_probe():
    """The reference, then {field} of every event it wrote changed."""
    def _rows():
        return {{row.event_id: row for row in find_past_events() + find_events()}}

    def _changed(value):
        if isinstance(value, bool):
            return not value
        if isinstance(value, datetime.datetime):
            return value + datetime.timedelta(minutes=1)
        if isinstance(value, str):
            return value + " probe"
        if isinstance(value, list):
            return value[:-1] if value else None
        if value is None:
            return "probe"
        return value

    _before = {{key: row.model_dump() for key, row in _rows().items()}}
{reference}
    _result = {name}()
    for _key, _row in _rows().items():
        if _row.repeats is None and _before.get(_key) != _row.model_dump():
            setattr(_row, {field!r}, _changed(getattr(_row, {field!r})))
            add_event(_row)
    return _result
'''


def probe_program(reference: str, field: str) -> str:
    """A program that does what ``reference`` does, then changes ``field`` of each event it
    wrote (see the module docstring)."""
    tree = parse_in_turn(reference)
    function = next(node for node in tree.body if isinstance(node, ast.FunctionDef))
    return PROBE.format(
        field=field, reference=textwrap.indent(reference.rstrip(), "    "), name=function.name
    )
