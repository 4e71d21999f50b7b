"""An ASTRA scenario: a person's world at a moment, what they ask, and what counts as done.

One scenario is one readable file (see :mod:`assistworld.paradigms.astra.tasks.files`).
Its fields, after the ASTRA-bench annotation scheme:

- ``query_id``, ``protagonist`` (the device owner), ``now`` (the reference time that "unread",
  "upcoming" and "last night" depend on), ``apps`` (the app family whose tools the agent gets)
  and ``world`` (the starting tables, plain data in the world's JSON form);
- ``query``: the first thing the user says; ``mode``: ``single_turn`` (the agent must act on it
  alone) or ``multi_turn`` (a simulated user carries on from ``user_goal``, revealing only the
  facts of ``knowledge_boundary``); ``user_script``: fixed user replies, for tests and replays;
- the ground truth: ``related_entities`` (the record ids an agent must touch), ``reasoning``
  (the intended solution in words), ``success`` (stateless: facts the answer must contain;
  stateful: rows the end state must or must not hold), ``milestones`` and ``minefields`` (plain
  data here; the milestone scorer defines and reads their schema);
- labels: ``complexity`` on the three axes (low, moderate, high) and ``stress`` flags;
  ``language`` (a BCP 47 tag, ``en`` by default) and ``translation_of`` (the id of the scenario
  this one translates, so results can be compared language by language);
- ``reference``: a reference conversation in the OpenAI chat format, which the oracle replays;
- ``reference_program``: optionally, the same solution written as one program against the app
  family's tools (one top-level function; its return value is the reply to the user), so a
  program-writing agent can attempt the scenario and be scored the same way.
"""

from __future__ import annotations

import datetime
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from assistworld.core.task import TaskBase

Mode = Literal["single_turn", "multi_turn"]
Level = Literal["low", "moderate", "high"]
UserEnd = Literal["goal_met", "gave_up", "out_of_scope"]
"""How a user may end a conversation (the harness adds ``turn_limit`` and the others)."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Complexity(_Strict):
    """The scenario's place on ASTRA-bench's three axes (see the paper's appendix B.2)."""

    referential: Level
    functional: Level
    informational: Level


class Stress(_Strict):
    """Stress flags: conflicting data in the world, or a request missing what it needs."""

    misinformation: bool = False
    insufficient_context: bool = False


class RequiredFact(_Strict):
    """Something the assistant must tell the user: the value of any one of ``any_of`` stated in
    its replies, in any usual form and as a whole token (see
    :mod:`assistworld.paradigms.astra.grading.answer_forms`)."""

    any_of: list[str] = Field(min_length=1)
    about: str = ""

    @model_validator(mode="before")
    @classmethod
    def _plain_text(cls, data: Any) -> Any:
        if isinstance(data, str):
            return {"any_of": [data]}
        if isinstance(data, list):
            return {"any_of": data}
        return data

    @field_validator("any_of")
    @classmethod
    def _non_blank(cls, values: list[str]) -> list[str]:
        if any(not value.strip() for value in values):
            raise ValueError("a required fact cannot be blank text")
        return values


class RequiredRow(_Strict):
    """An effect the conversation must bring about: a row it adds or changes so that it matches
    (``present: true``), or a matching row the starting world held that it removes (``present:
    false``); with ``still: true``, a state that must merely hold at the end (a row kept, or
    still absent), which the starting world already meets.

    ``table`` names a table of the world; ``owner`` narrows a nested table to one owner; ``key``
    to one row; ``where`` gives the fields (a subset) the row must have, compared as JSON (text
    without regard to case, objects by their listed members, lists by containing each listed
    item). How "adds or changes" is judged: :mod:`assistworld.paradigms.astra.grading.success`.
    """

    table: str = Field(min_length=1)
    owner: str | None = None
    key: str | None = None
    where: dict[str, Any] = Field(default_factory=dict)
    present: bool = True
    still: bool = False
    """True for a "must still hold" condition (judged on the final world alone); False, the
    default, for an effect the conversation must bring about."""
    about: str = ""

    @property
    def effect(self) -> bool:
        """Whether the conversation must bring this about (not a ``still`` condition)."""
        return not self.still

    @model_validator(mode="after")
    def _says_something(self) -> RequiredRow:
        if self.key is None and not self.where:
            raise ValueError("give the row's key, or the fields it must have under where")
        return self


class SuccessConditions(_Strict):
    """What counts as done: facts told to the user (stateless) and the end state (stateful)."""

    answer: list[RequiredFact] = Field(default_factory=list)
    end_state: list[RequiredRow] = Field(default_factory=list)

    @property
    def count(self) -> int:
        return len(self.answer) + len(self.end_state)


class ScriptedTurn(_Strict):
    """One fixed user turn: words to say, an end signal, or both (the words come first)."""

    say: str | None = None
    end: UserEnd | None = None

    @model_validator(mode="before")
    @classmethod
    def _plain_text(cls, data: Any) -> Any:
        return {"say": data} if isinstance(data, str) else data

    @model_validator(mode="after")
    def _not_empty(self) -> ScriptedTurn:
        if self.say is None and self.end is None:
            raise ValueError("a scripted turn says something (say), ends (end), or both")
        return self


class Scenario(TaskBase):
    """One scenario (see the module's documentation)."""

    model_config = ConfigDict(extra="forbid")
    paradigm: ClassVar[str] = "astra"

    protagonist: str = Field(min_length=1)
    now: datetime.datetime  # required here: the reference time
    apps: str = "personal"
    world: dict[str, Any] = Field(default_factory=dict)
    mode: Mode = "single_turn"
    user_goal: str | None = None
    knowledge_boundary: list[str] = Field(default_factory=list)
    user_script: list[ScriptedTurn] = Field(default_factory=list)
    related_entities: list[str] = Field(default_factory=list)
    reasoning: str = ""
    success: SuccessConditions = Field(default_factory=SuccessConditions)
    milestones: list[dict[str, Any]] = Field(default_factory=list)
    minefields: list[dict[str, Any]] = Field(default_factory=list)
    complexity: Complexity | None = None
    stress: Stress = Field(default_factory=Stress)
    reference: list[dict[str, Any]] = Field(default_factory=list)
    reference_program: str | None = None
    language: str = Field(default="en", pattern=r"^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$")
    translation_of: str | None = None

    @model_validator(mode="after")
    def _consistent(self) -> Scenario:
        if self.mode == "multi_turn" and not (self.user_goal and self.user_goal.strip()):
            raise ValueError(
                "a multi_turn scenario needs user_goal: what the simulated user wants to achieve"
            )
        if self.mode == "single_turn" and self.user_script:
            raise ValueError("user_script is for multi_turn scenarios: remove it or set mode")
        if self.success.count == 0:
            raise ValueError(
                "success needs at least one condition: answer (facts the user must be told) "
                "or end_state (rows the final world must hold)"
            )
        if self.translation_of == self.query_id:
            raise ValueError("translation_of names the scenario this one translates, not itself")
        if self.complexity is not None and not self.complexity_labels:
            self.complexity_labels = self.complexity.model_dump()
        return self

    @property
    def stateful(self) -> bool:
        """Whether success asks for changes to the world (an effect, not only ``still`` rows)."""
        return any(row.effect for row in self.success.end_state)

    def strata(self) -> tuple[str, ...]:
        """A sample spreads over categories, modes (single- or multi-turn) and languages."""
        return (self.category or "", self.mode, self.language)


__all__ = [
    "Complexity",
    "Level",
    "Mode",
    "RequiredFact",
    "RequiredRow",
    "Scenario",
    "ScriptedTurn",
    "Stress",
    "SuccessConditions",
    "UserEnd",
]
