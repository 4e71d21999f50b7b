"""Reading a plan a model wrote: lenient, and never failing on any text.

The expected format is one call a line,
``AppName: [ret_1, ret_2 = api(#arg='literal', #arg2=var)]``.
Models add prose, code fences and numbering, drop brackets or the ``#``, use double quotes, write
``App.api(...)``; all of that is read. A line that looks like a call (an ``App: [`` head, or a
name followed by ``(`` and ``=``) but yields none is a *parse failure*, counted per task.

Quotes: a quote opens a literal only right after ``=`` (or at the start of a value) and closes
only when what follows is a comma, a closing bracket or the end, so ``'Cheeky's Cafe'`` is one
value. A bare value is a variable (a dependency) unless it is a number, a boolean or None; a
leading ``#`` on a value marks a variable too.
"""

from __future__ import annotations

import re

from pydantic import BaseModel, Field

from assistworld.paradigms.appbench.tasks.model import Argument, ArgumentKind, Call

_API_OPEN = re.compile(r"(?<![\w.])([A-Za-z_][\w.]*)\s*\(")
"""A name before ``(``; it must start where a name starts, which keeps the search linear."""
_IDENTIFIER = re.compile(r"[A-Za-z_]\w*")
_WORD = re.compile(r"[A-Za-z][\w]*")
_APP_HEAD = re.compile(r"^\W*\w+\s*:\s*\[")
_BARE_CONSTANTS = frozenset({"true", "false", "none", "null"})
_NUMBER = re.compile(r"[-+]?\d+(\.\d+)?")
_QUOTES = "'\""
_PLAIN = re.compile(r"[^'\"(),]+")
_MAX_LINE = 4_000
"""Longer lines are cut: no plan line is that long (a gold call with eight arguments is ~300)."""
_MAX_OPENINGS = 64
"""At most this many ``name(`` candidates are tried per line, so garbage such as ``f(f(f(...``
costs a bounded amount of work."""
_CLOSER = re.compile(r"\s*(?:[,)\]]|$)")


class ParsedPlan(BaseModel):
    """The calls read from a plan text, and one message per fragment that could not be read."""

    calls: list[Call] = Field(default_factory=list)
    failures: list[str] = Field(default_factory=list)


class _Args(BaseModel):
    pieces: list[str]
    end: int
    closed: bool


def _closes_quote(text: str, index: int) -> bool:
    """Whether the quote at ``index`` ends a value: only a comma, a bracket or the end follow."""
    return _CLOSER.match(text, index + 1) is not None


def _scan_arguments(text: str, start: int) -> _Args:
    """Split the argument text from ``start`` (just after ``(``) at top-level commas, up to the
    matching ``)`` (or the end of the line when it is missing)."""
    pieces: list[str] = []
    current: list[str] = []
    quote = ""
    depth = 0
    index = start
    last = ""  # the last non-space character of the current piece
    while index < len(text):
        if not quote:
            plain = _PLAIN.match(text, index)
            if plain is not None:
                chunk = plain.group()
                current.append(chunk)
                last = chunk.rstrip()[-1:] or last
                index = plain.end()
                continue
        char = text[index]
        previous = last
        if not char.isspace():
            last = char
        if quote:
            current.append(char)
            if char == "\\" and index + 1 < len(text):
                current.append(text[index + 1])
                index += 2
                continue
            if char == quote and _closes_quote(text, index):
                quote = ""
        elif char in _QUOTES and previous in ("=", ":", ""):
            quote = char
            current.append(char)
        elif char == "(":
            depth += 1
            current.append(char)
        elif char == ")":
            if depth == 0:
                pieces.append("".join(current))
                return _Args(pieces=pieces, end=index + 1, closed=True)
            depth -= 1
            current.append(char)
        elif char == "," and depth == 0:
            pieces.append("".join(current))
            current = []
            last = ""
        else:
            current.append(char)
        index += 1
    tail = "".join(current).rstrip().rstrip("]").rstrip()
    pieces.append(tail)
    return _Args(pieces=pieces, end=len(text), closed=False)


def _value(text: str) -> Argument:
    value = text.strip()
    if len(value) >= 1 and value[0] in _QUOTES:
        quote = value[0]
        inner = value[1:-1] if len(value) >= 2 and value[-1] == quote else value[1:]
        return _argument(ArgumentKind.LITERAL, inner.replace("\\" + quote, quote))
    if value.startswith("#") and _IDENTIFIER.fullmatch(value[1:].strip()):
        return _argument(ArgumentKind.VARIABLE, value[1:].strip())
    if _IDENTIFIER.fullmatch(value) and value.lower() not in _BARE_CONSTANTS:
        return _argument(ArgumentKind.VARIABLE, value)
    return _argument(ArgumentKind.LITERAL, value)


def _argument(kind: ArgumentKind, value: str) -> Argument:
    # validated: pydantic's compiled validation costs less than model_construct (see bench/)
    return Argument(kind=kind, value=value)


def _split_piece(piece: str) -> tuple[str, str] | None:
    """``name`` and value text of one ``#name=value`` piece (``:`` accepted for ``=``)."""
    for separator in ("=", ":"):
        name, found, value = piece.partition(separator)
        if found and _IDENTIFIER.fullmatch(name.strip().lstrip("#").strip()):
            return name.strip().lstrip("#").strip(), value
    return None


def _arguments(pieces: list[str], where: str, failures: list[str]) -> dict[str, Argument]:
    arguments: dict[str, Argument] = {}
    for piece in pieces:
        if not piece.strip():
            continue
        split = _split_piece(piece)
        if split is None:
            failures.append(f"{where}: cannot read argument {piece.strip()[:80]!r}")
            continue
        name, value = split
        arguments[name] = _value(value)
    return arguments


def _head(prefix: str, api_token: str) -> tuple[str, str, tuple[str, ...]]:
    """App, API and return variables from the text before ``api(``."""
    app = ""
    api = api_token
    if "." in api_token:
        owner, _, api = api_token.rpartition(".")
        app = owner.rpartition(".")[2]
    target = prefix
    if ":" in prefix:
        app_part, _, target = prefix.rpartition(":")
        words = _WORD.findall(app_part)
        if words and not app:
            app = words[-1]
    returns: tuple[str, ...] = ()
    if "=" in target:
        left = target.rpartition("=")[0]
        names = (name.strip().strip("[]`#'\" ") for name in left.split(","))
        returns = tuple(name for name in names if _IDENTIFIER.fullmatch(name))
    return app, api, returns


def _looks_like_call(prefix: str, arguments: list[str], api_token: str) -> bool:
    filled = [piece for piece in arguments if piece.strip()]
    if filled and not any("=" in piece or ":" in piece for piece in filled):
        return False
    return ":" in prefix or "=" in prefix or "." in api_token or bool(filled)


def _line_calls(line: str, number: int, failures: list[str]) -> list[Call]:
    calls: list[Call] = []
    position = 0
    where = f"line {number}"
    for _ in range(_MAX_OPENINGS):
        match = _API_OPEN.search(line, position)
        if match is None:
            break
        scanned = _scan_arguments(line, match.end())
        prefix = line[position : match.start()]
        if not _looks_like_call(prefix, scanned.pieces, match.group(1)):
            position = match.end()
            continue
        app, api, returns = _head(prefix, match.group(1))
        if not api:
            failures.append(f"{where}: no API name before '('")
        else:
            if not app:
                failures.append(f"{where}: call of {api} names no app")
            arguments = _arguments(scanned.pieces, where, failures)
            calls.append(Call(app=app, api=api, arguments=arguments, returns=returns))
        position = scanned.end
    return calls


def parse_plan(text: str) -> ParsedPlan:
    """Every call in ``text``, in order, and what could not be read. Never raises."""
    calls: list[Call] = []
    failures: list[str] = []
    for number, raw in enumerate(str(text).splitlines(), start=1):
        line = raw.strip()[:_MAX_LINE]
        if not line or line.startswith("```"):
            continue
        found = _line_calls(line, number, failures)
        looks_like_call = "(" in line and ("=" in line or "#" in line)
        if not found and (_APP_HEAD.match(line) or looks_like_call):
            failures.append(f"line {number}: looks like a call but none could be read")
        calls.extend(found)
    return ParsedPlan(calls=calls, failures=failures)


def parse_call_body(body: str, app: str) -> tuple[Call | None, list[str]]:
    """One gold call as the published data writes it (``r1, r2 = api(#a='x')``), made by ``app``."""
    found: list[str] = []
    calls = _line_calls(body.replace("\n", " ").strip()[:_MAX_LINE], 1, found)
    failures = [message for message in found if "names no app" not in message]
    if len(calls) != 1:
        failures.append(f"expected one call, read {len(calls)}")
        return (calls[0].model_copy(update={"app": app}) if calls else None), failures
    return calls[0].model_copy(update={"app": app}), failures
