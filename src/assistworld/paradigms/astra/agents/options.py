"""What ``run`` may tell ASTRA's agents and its simulated user (see
:mod:`assistworld.core.run_options`).

A plain pydantic module beside ``paradigm.py``: the command line reads this model to build its
help, so it imports no agent (a test holds the defaults equal to the agents' own).
"""

from __future__ import annotations

from pydantic import Field

from assistworld.core.run_options import RunOptions


class AstraRunOptions(RunOptions):
    """The options of the conversation agents (tools and the program writers) and their user."""

    user_model: str | None = Field(
        None,
        description="The user's model (default: --model; 'scripted').",
        json_schema_extra={"metavar": "SPEC"},
    )
    max_steps: int = Field(
        10, ge=1, description="Model calls a turn at most.", json_schema_extra={"metavar": "N"}
    )
    max_user_turns: int = Field(
        8, ge=1, description="User messages at most.", json_schema_extra={"metavar": "N"}
    )
    end_on_repeat: bool = Field(
        False, description="End a conversation when the user repeats a message verbatim."
    )
    prompt: str | None = Field(
        None,
        description="cck, selfdebug, tools: full or compact (local: compact).",
        json_schema_extra={"metavar": "P"},
    )


__all__ = ["AstraRunOptions"]
