"""What ``run`` may tell ASPERA's agents (see :mod:`assistworld.core.run_options`).

A plain pydantic module beside ``paradigm.py`` rather than under ``agents/``: that package's
``__init__`` loads every agent (and the model clients), and the command line reads this model to
build its help.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from pydantic import Field

from assistworld.core.run_options import RunOptions


class AsperaRunOptions(RunOptions):
    """The options of ASPERA's program-writing agents (cck, ps, selfdebug)."""

    RECORDED: ClassVar[tuple[str, ...]] = ("return_type_hint",)

    return_type_hint: bool = Field(False, description="Show the reference's return type.")
    dry_runs: int = Field(
        3, description="selfdebug: trial runs allowed.", json_schema_extra={"metavar": "N"}
    )
    """No bound here: the agent refuses 0 itself, saying which agent makes no trial runs."""
    guidelines: Path | None = Field(
        None,
        description="TOML file of guidelines to use instead.",
        json_schema_extra={"metavar": "FILE"},
    )
    prompt: str | None = Field(
        None,
        description="cck, selfdebug, tools: full or compact (local: compact).",
        json_schema_extra={"metavar": "P"},
    )


__all__ = ["AsperaRunOptions"]
