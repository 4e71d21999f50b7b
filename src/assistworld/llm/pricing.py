"""Cost estimates from a price table (US dollars per million tokens).

The bundled table covers common OpenAI models at their published list prices when this was
written; prices change, so callers can pass their own table. A model name matches the longest
table entry it starts with (`gpt-4o-2024-08-06` is priced as `gpt-4o`, `gpt-4o-mini` as itself).
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class Price:
    """List price of one model family, in USD per million prompt and completion tokens."""

    model_prefix: str
    prompt_per_million: float
    completion_per_million: float


DEFAULT_PRICES: tuple[Price, ...] = (
    Price("gpt-4o", 2.50, 10.00),
    Price("gpt-4o-mini", 0.15, 0.60),
    Price("gpt-4.1", 2.00, 8.00),
    Price("gpt-4.1-mini", 0.40, 1.60),
    Price("gpt-4.1-nano", 0.10, 0.40),
    Price("gpt-4-turbo", 10.00, 30.00),
    Price("gpt-3.5-turbo", 0.50, 1.50),
    Price("o1", 15.00, 60.00),
    Price("o1-mini", 1.10, 4.40),
    Price("o3", 2.00, 8.00),
    Price("o1-pro", 150.00, 600.00),
    Price("o3-mini", 1.10, 4.40),
    Price("o3-pro", 20.00, 80.00),
    Price("o4-mini", 1.10, 4.40),
)


@dataclass(frozen=True)
class PriceTable:
    """A set of prices; `estimate` is None for a model the table does not know."""

    prices: tuple[Price, ...] = DEFAULT_PRICES
    own: tuple[Price, ...] = ()
    """The user's prices, looked up first (``--prices``)."""

    @classmethod
    def of(cls, prices: Iterable[Price]) -> PriceTable:
        return cls(tuple(prices))

    def find(self, model: str) -> Price | None:
        name = model.split("/")[-1].lower()
        for table in (self.own, self.prices):
            matches = [p for p in table if name.startswith(p.model_prefix.lower())]
            if matches:
                return max(matches, key=lambda p: len(p.model_prefix))
        return None

    def estimate(self, model: str, prompt_tokens: int, completion_tokens: int) -> float | None:
        price = self.find(model)
        if price is None:
            return None
        return (
            prompt_tokens * price.prompt_per_million
            + completion_tokens * price.completion_per_million
        ) / 1_000_000


class PriceFileError(ValueError):
    """A ``--prices`` file that cannot be read as prices; the message says where and how."""


PRICE_FILE_FORM = (
    'one entry per model name prefix, in USD per million tokens: {"my-model": {"prompt": 0.5, '
    '"completion": 1.5}} (JSON) or [my-model] prompt = 0.5, completion = 1.5 (TOML)'
)


def load_price_file(path: Path) -> PriceTable:
    """The user's prices (a JSON or TOML file, see :data:`PRICE_FILE_FORM`) before the bundled
    ones: a model a user prices is priced as they say, the rest as the bundled table does."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise PriceFileError(f"--prices {path}: cannot be read ({error.strerror})") from None
    try:
        data: Any = tomllib.loads(text) if path.suffix == ".toml" else json.loads(text)
    except (tomllib.TOMLDecodeError, json.JSONDecodeError) as error:
        kind = "TOML" if path.suffix == ".toml" else "JSON"
        raise PriceFileError(f"--prices {path}: not valid {kind}: {error}") from None
    if not isinstance(data, dict) or not data:
        raise PriceFileError(f"--prices {path}: give {PRICE_FILE_FORM}")
    own = []
    for name, entry in data.items():
        try:
            prompt, completion = float(entry["prompt"]), float(entry["completion"])
        except (TypeError, KeyError, ValueError):
            raise PriceFileError(
                f"--prices {path}: {name!r} needs numbers 'prompt' and 'completion' (USD per "
                f"million tokens), got {entry!r}"
            ) from None
        if prompt < 0 or completion < 0:
            raise PriceFileError(f"--prices {path}: {name!r} has a negative price")
        own.append(Price(str(name), prompt, completion))
    return PriceTable(own=tuple(own))
