"""Cost estimates from a price table (US dollars per million tokens).

The bundled table covers common OpenAI models at their published list prices when this was
written; prices change, so callers can pass their own table. A model name matches the longest
table entry it starts with (`gpt-4o-2024-08-06` is priced as `gpt-4o`, `gpt-4o-mini` as itself).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


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

    @classmethod
    def of(cls, prices: Iterable[Price]) -> PriceTable:
        return cls(tuple(prices))

    def find(self, model: str) -> Price | None:
        name = model.split("/")[-1].lower()
        matches = [p for p in self.prices if name.startswith(p.model_prefix.lower())]
        return max(matches, key=lambda p: len(p.model_prefix), default=None)

    def estimate(self, model: str, prompt_tokens: int, completion_tokens: int) -> float | None:
        price = self.find(model)
        if price is None:
            return None
        return (
            prompt_tokens * price.prompt_per_million
            + completion_tokens * price.completion_per_million
        ) / 1_000_000
