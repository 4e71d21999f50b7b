"""Placeholder."""

from __future__ import annotations

FRENCH: dict[str, list[str]] = {}

__all__ = ["FRENCH"]
