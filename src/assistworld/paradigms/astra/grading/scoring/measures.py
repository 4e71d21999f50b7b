"""Column similarity measures: how close a value the agent produced is to the golden one.

Each measure is a small pydantic model named by ``kind`` so that a scenario file can say, per
column or argument, how to compare (``{"kind": "numeric", "tolerance": 60}``, or just
``"contains"``). ``similarity`` returns a number in [0, 1]; a measure is *binary* when it only
ever returns 0 or 1, which minefields require.
"""

from __future__ import annotations

import datetime
import json
import math
from collections.abc import Callable
from typing import Annotated, Any, Literal

import pydantic_core
from pydantic import BaseModel, BeforeValidator, ConfigDict, Field

from assistworld.paradigms.astra.grading.scoring.rouge import rouge_l

Reused = Callable[[Any], bool]
"""Whether a value was returned by a tool earlier in the conversation (for ``value_reuse``)."""


def never_reused(_value: Any) -> bool:
    return False


def plain(value: Any) -> Any:
    """A value as JSON data (dates as ISO text), so that YAML dates and JSON rows compare."""
    if isinstance(value, str | int | float | bool) or value is None:
        return value
    return pydantic_core.to_jsonable_python(value)


class _Measure(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    @property
    def binary(self) -> bool:
        return True


class Exact(_Measure):
    """1 when the values are equal (as JSON data; text optionally ignoring case), else 0."""

    kind: Literal["exact"] = "exact"
    ignore_case: bool = False

    def similarity(self, golden: Any, value: Any, reused: Reused = never_reused) -> float:
        golden, value = plain(golden), plain(value)
        if self.ignore_case and isinstance(golden, str) and isinstance(value, str):
            return float(golden.casefold() == value.casefold())
        if isinstance(golden, bool) != isinstance(value, bool):
            return 0.0  # True is not the number 1 here
        return float(golden == value)


class Numeric(_Measure):
    """1 when two numbers differ by at most ``tolerance``, else 0. ISO dates and times compare
    too, the tolerance then in seconds. A value that is not a number (or time) scores 0."""

    kind: Literal["numeric"] = "numeric"
    tolerance: float = Field(default=0.0, ge=0.0)

    def similarity(self, golden: Any, value: Any, reused: Reused = never_reused) -> float:
        first, second = _number(golden), _number(value)
        if first is None or second is None:
            return 0.0
        return float(abs(first - second) <= self.tolerance)


class Contains(_Measure):
    """1 when the golden text occurs in the value, ignoring case (for a list value: in one of
    its items; for a golden list: every item is one of the value's items), else 0."""

    kind: Literal["contains"] = "contains"

    def similarity(self, golden: Any, value: Any, reused: Reused = never_reused) -> float:
        golden, value = plain(golden), plain(value)
        if isinstance(golden, list):
            items = value if isinstance(value, list) else [value]
            return float(all(any(_contains(g, item) for item in items) for g in golden))
        if isinstance(value, list):
            return float(any(_contains(golden, item) for item in value))
        return float(_contains(golden, value))


class RougeL(_Measure):
    """The ROUGE-L F1 of the value against the golden text; with a ``threshold``, 1 at or above
    it and 0 below (binary, so usable in a minefield)."""

    kind: Literal["rouge_l"] = "rouge_l"
    threshold: float | None = Field(default=None, ge=0.0, le=1.0)

    @property
    def binary(self) -> bool:
        return self.threshold is not None

    def similarity(self, golden: Any, value: Any, reused: Reused = never_reused) -> float:
        score = rouge_l(_text(golden), _text(value))
        if self.threshold is None:
            return score
        return float(score >= self.threshold)


class ValueReuse(_Measure):
    """The ``inner`` measure, but 0 unless the agent's value was returned by a tool before it
    was used: the agent passed on what it looked up rather than guessing it."""

    kind: Literal["value_reuse"] = "value_reuse"
    inner: Measure = Field(default_factory=Exact)

    @property
    def binary(self) -> bool:
        return self.inner.binary

    def similarity(self, golden: Any, value: Any, reused: Reused = never_reused) -> float:
        if not reused(value):
            return 0.0
        return self.inner.similarity(golden, value, reused)


def _by_name(value: Any) -> Any:
    """Let a scenario write a measure by its bare name: ``"contains"``."""
    return {"kind": value} if isinstance(value, str) else value


Measure = Annotated[
    Annotated[Exact | Numeric | Contains | RougeL | ValueReuse, Field(discriminator="kind")],
    BeforeValidator(_by_name),
]
"""Any column measure, as a scenario file writes it."""

ValueReuse.model_rebuild()


def _text(value: Any) -> str:
    value = plain(value)
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def _contains(golden: Any, value: Any) -> bool:
    if isinstance(golden, str) and isinstance(value, str):
        return golden.casefold() in value.casefold()
    if isinstance(value, str):
        return _text(golden).casefold() in value.casefold()
    return bool(golden == value)


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int | float):
        return float(value) if math.isfinite(value) else None
    if isinstance(value, datetime.datetime):
        return _seconds(value)
    if isinstance(value, datetime.date):
        return float(value.toordinal() * 86400)
    if isinstance(value, str):
        try:
            return float(value)
        except ValueError:
            pass
        try:
            return _seconds(datetime.datetime.fromisoformat(value))
        except ValueError:
            return None
    return None


def _seconds(moment: datetime.datetime) -> float:
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=datetime.UTC)
    return moment.timestamp()
