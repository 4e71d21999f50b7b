"""Placeholder."""

from __future__ import annotations

GERMAN: dict[str, list[str]] = {}

__all__ = ["GERMAN"]
