"""What ``run`` may tell AppBench's planners (see :mod:`assistworld.core.run_options`).

A plain pydantic module beside ``paradigm.py``: the ``agents`` package loads the planners (and
the model clients), and the command line reads this model to build its help.
"""

from __future__ import annotations

from pydantic import Field

from assistworld.core.run_options import RunOptions


class AppBenchRunOptions(RunOptions):
    """The options of the planners (hierarchical, flat)."""

    shots: int = Field(
        0,
        ge=0,
        description="Planners: K of the suite's example tasks shown (0: zero-shot).",
        json_schema_extra={"metavar": "K"},
    )


__all__ = ["AppBenchRunOptions"]
