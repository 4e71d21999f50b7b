"""What a developer sees of a trial run (shared with the other paradigms' program writers: see
:mod:`assistworld.agents.developer_view`)."""

from assistworld.agents.developer_view import (
    HARNESS_OUTCOMES,
    MAX_SHOWN_CHARS,
    clip,
    developer_view,
    run_record,
    shown_value,
)

__all__ = [
    "HARNESS_OUTCOMES",
    "MAX_SHOWN_CHARS",
    "clip",
    "developer_view",
    "run_record",
    "shown_value",
]
