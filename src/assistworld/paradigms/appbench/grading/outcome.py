"""What scoring one plan in one mode yields: the counts the metrics add up, and each call's match.

Every mode (``paper``, ``corrected``, later ``executed``) fills the same record, so the metrics,
the summary's ``scores[mode][category][metric]`` and the report treat them alike.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

_TIME_WORDS = ("date", "time", "day", "year", "month", "hour")
_PLACE_WORDS = (
    "location",
    "city",
    "where",
    "destination",
    "origin",
    "address",
    "area",
    "venue",
    "airport",
    "station",
    "from",
    "to",
)


def is_time_key(name: str) -> bool:
    """Whether an argument holds a time value (dates, times: the paper's "T")."""
    lowered = name.lower().lstrip("#")
    return any(word in lowered for word in _TIME_WORDS)


def is_place_key(name: str) -> bool:
    """Whether an argument holds a place (cities, addresses, origins: the paper's "S")."""
    parts = name.lower().lstrip("#").split("_")
    lowered = name.lower().lstrip("#")
    return any(word in parts or (len(word) > 4 and word in lowered) for word in _PLACE_WORDS)


class ArgumentErrors(BaseModel):
    """The paper's Table 4 counts for one plan: missing keys and wrong values, each split into
    independent (a literal from the user) and dependent (a variable from an earlier call)."""

    arguments: int = 0
    """Gold arguments of the gold calls the plan made (the denominator of the error shares)."""
    key_missing_independent: int = 0
    key_missing_dependent: int = 0
    value_wrong_independent: int = 0
    value_wrong_dependent: int = 0
    time_errors: int = 0
    place_errors: int = 0

    def count(self, name: str, *, dependent: bool, missing: bool) -> None:
        """Record one wrong argument."""
        if missing and dependent:
            self.key_missing_dependent += 1
        elif missing:
            self.key_missing_independent += 1
        elif dependent:
            self.value_wrong_dependent += 1
        else:
            self.value_wrong_independent += 1
        self.time_errors += is_time_key(name)
        self.place_errors += is_place_key(name)

    @property
    def total(self) -> int:
        return (
            self.key_missing_independent
            + self.key_missing_dependent
            + self.value_wrong_independent
            + self.value_wrong_dependent
        )


class CallMatch(BaseModel):
    """How one gold call fared: the predicted call it was matched to (None: not made), and
    which of its arguments matched, were missing or had a wrong value."""

    gold: int | None
    predicted: int | None
    app: str = ""
    api: str
    matched: list[str] = Field(default_factory=list)
    missing: list[str] = Field(default_factory=list)
    wrong: list[str] = Field(default_factory=list)
    extra: list[str] = Field(default_factory=list)
    """Arguments the plan gave that the gold call does not have (corrected mode only)."""
    same_app: bool = True

    @property
    def exact(self) -> bool:
        return (
            self.predicted is not None
            and self.same_app
            and not self.missing
            and not self.wrong
            and not self.extra
        )


class ModeOutcome(BaseModel):
    """One plan scored in one mode."""

    app_hits: int = 0
    app_predicted: int = 0
    app_gold: int = 0
    api_hits: int = 0
    api_predicted: int = 0
    api_gold: int = 0
    em_app: bool = False
    em_api: bool = False
    arguments_exact: bool = False
    """Every gold call made with all its arguments right (the paper's Figure 4)."""
    order_ok: bool = True
    """The calls respect the dependency graph (checked in corrected mode only)."""
    success: bool = False
    errors: ArgumentErrors = Field(default_factory=ArgumentErrors)
    calls: list[CallMatch] = Field(default_factory=list)
    execution: dict[str, Any] | None = None
    """Executed mode only: what running the plan did (each call's arguments, record and status,
    the rows added, why the goal was missed), as JSON."""
