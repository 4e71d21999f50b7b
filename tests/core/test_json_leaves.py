"""The scalar values of JSON data at any depth."""

from __future__ import annotations

from assistworld.core.json_leaves import json_leaves, json_texts


def test_leaves_are_every_scalar_at_any_depth_but_none() -> None:
    data = {"a": [1, {"b": "x", "c": None}], "d": {"e": [True, 2.5, ["y"]]}}
    assert list(json_leaves(data)) == [1, "x", True, 2.5, "y"]
    assert list(json_texts(data)) == ["x", "y"]
    assert list(json_texts("plain")) == ["plain"]
