"""How an astra scenario can fail: the paradigm's failure classes, in report order.

Apart from the result record (:mod:`.results`) so that naming the classes (every command that
reads the paradigm does) does not build the record's models.
"""

from __future__ import annotations

FAILURE_CLASSES: tuple[str, ...] = (
    "end_state_wrong",
    "minefield_hit",
    "answer_incomplete",
    "no_reply",
    "step_limit",
    "agent_error",
    "user_error",
    "no_conversation",
    "timeout",
    "agent_crashed",
    "infra_error",
)
"""Every way an astra scenario can fail, in the order reports list them: the world is not as
required; the conversation did something a minefield forbids (even if every success condition
holds); the answer lacks a required fact; the assistant never said anything to the user; it was
cut off while still calling tools; its model failed; the user's model failed; the agent had no
conversation for the scenario (a replay file without it); an external agent's process ran past its
time limit or crashed; the harness failed."""

__all__ = ["FAILURE_CLASSES"]
