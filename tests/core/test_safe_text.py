"""Lone surrogates from a candidate or a model are escaped, visibly, and nothing else changes."""

from __future__ import annotations

import json

from assistworld.core.safe_text import safe_text, safe_value


def test_a_lone_surrogate_becomes_its_escape_text_and_the_result_encodes() -> None:
    assert safe_text("a\ud800b") == "a\\ud800b"
    assert safe_text("\udcff") == "\\udcff"
    safe_text("x\ud800y\udfffz").encode("utf-8")  # no UnicodeEncodeError any more


def test_valid_text_is_returned_unchanged() -> None:
    text = "Grüße, 東京, 😀 and a literal backslash \\ud800"
    assert safe_text(text) is text


def test_every_string_in_a_nested_value_is_made_safe_keys_included() -> None:
    value = {"k\ud800": ["\udc80", ("t\ud801", 3)], "n": None, "f": 1.5}
    cleaned = safe_value(value)
    assert cleaned == {"k\\ud800": ["\\udc80", ("t\\ud801", 3)], "n": None, "f": 1.5}
    json.dumps(cleaned, ensure_ascii=False).encode("utf-8")
