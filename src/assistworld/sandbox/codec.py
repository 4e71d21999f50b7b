"""Tagged JSON for the values that cross the sandbox boundary.

JSON scalars stand for themselves (``None``, ``bool``, ``int``, finite ``float``, ``str``) and a
JSON array is a ``list``. Every other value is an object ``{"$t": tag, "v": payload}`` (enums,
named tuples and models add ``"c"``, the class name):

``tuple``, ``set``, ``frozenset``
    ``v`` is the array of the items.
``dict``
    ``v`` is an array of ``[key, value]`` pairs (keys may be any hashable value).
``date``, ``datetime``, ``time``
    ``v`` is the ISO text.
``timedelta``
    ``v`` is ``[days, seconds, microseconds]``.
``enum``, ``namedtuple``, ``model``
    one of the library's types, by an explicit allow-list (the value types of the library the
    codec was made for): the member name, the field array, or the field object.

Decoding is strict: unknown tags, classes or keys, non-hashable keys, and values a library type
rejects all raise :class:`CodecError`. Encoding converts subclasses of the built-in scalars and
containers to the plain type (an always-equal ``str`` subclass arrives as a plain ``str``) and
refuses every other type with a ``TypeError`` that says what to return instead.
"""

from __future__ import annotations

import datetime
import math
from collections.abc import Iterable
from enum import Enum
from typing import Any

from pydantic import BaseModel, TypeAdapter, ValidationError

MAX_VALUE_DEPTH = 30
"""Deepest nesting of containers in one value (keeps each message under 64 JSON levels)."""

TAG = "$t"


class CodecError(ValueError):
    """A tagged-JSON value is malformed or names a type outside the allow-list."""


class Codec:
    """Encodes values to tagged JSON and decodes them back, strictly.

    One instance per process is enough; it holds the pydantic adapters of the named tuples.
    """

    def __init__(self, library_types: Iterable[type] = ()) -> None:
        """``library_types``: the value types of the program's library (enums, named tuples,
        pydantic models; :meth:`ProgramLibrary.value_types`), the only ones allowed besides
        plain data."""
        enums: list[type[Enum]] = []
        named: list[type[tuple[Any, ...]]] = []
        models: list[type[BaseModel]] = []
        for cls in library_types:
            if cls in enums or cls in named or cls in models:
                continue
            if issubclass(cls, Enum):
                enums.append(cls)
            elif issubclass(cls, BaseModel):
                models.append(cls)
            elif issubclass(cls, tuple) and hasattr(cls, "_fields"):
                named.append(cls)
            else:
                raise TypeError(f"{cls.__name__} is not an enum, a named tuple or a model")
        self._enums = {cls.__name__: cls for cls in enums}
        self._named = {cls.__name__: cls for cls in named}
        self._models = {cls.__name__: cls for cls in models}
        if len(self._enums) + len(self._named) + len(self._models) != (
            len(enums) + len(named) + len(models)
        ):
            raise RuntimeError("two library value types share a class name; the codec needs unique")
        self._enum_types = frozenset(enums)
        self._named_types = frozenset(named)
        self._named_adapters: dict[str, TypeAdapter[Any]] = {
            name: TypeAdapter(cls) for name, cls in self._named.items()
        }
        self._model_fields: dict[type, tuple[str, ...]] = {
            cls: tuple(cls.model_fields) for cls in models
        }
        self._mutable_models = frozenset(
            cls for cls in models if not cls.model_config.get("frozen", False)
        )

    def is_mutable_model(self, value: Any) -> bool:
        """True for instances of the library's models that library calls may change in place
        (a workplace ``Event``): a call's change to such an argument is written back."""
        return type(value) in self._mutable_models

    # -- encoding ------------------------------------------------------------------------------
    def encode(self, value: Any, *, what: str = "return") -> Any:
        """The tagged JSON form of ``value``.

        ``what`` names the use in error messages ("return" or "pass"). Raises ``TypeError`` for a
        type outside the allow-list and ``ValueError`` for non-finite floats or too-deep nesting.
        """
        return self._encode(value, what, 0)

    def _encode(self, value: Any, what: str, depth: int) -> Any:
        if depth > MAX_VALUE_DEPTH:
            raise ValueError(
                f"cannot {what} a value nested more than {MAX_VALUE_DEPTH} levels deep "
                "(or one that contains itself)"
            )
        kind = type(value)
        # Exact built-in types and library models first: they are nearly every value sent.
        if kind is str or kind is int or kind is bool or value is None:
            return value
        if kind is list:
            return [self._encode(item, what, depth + 1) for item in value]
        fields = self._model_fields.get(kind)
        if fields is not None:
            encoded = {name: self._encode(getattr(value, name), what, depth + 1) for name in fields}
            return {TAG: "model", "c": kind.__name__, "v": encoded}
        if isinstance(value, Enum):
            if kind not in self._enum_types:
                raise _refused(kind, what)
            return {TAG: "enum", "c": kind.__name__, "v": value.name}
        if kind in self._named_types:
            items = [self._encode(item, what, depth + 1) for item in tuple.__iter__(value)]
            return {TAG: "namedtuple", "c": kind.__name__, "v": items}
        if isinstance(value, str):
            return str.__str__(value)
        if isinstance(value, int):
            return int.__int__(value)
        if isinstance(value, float):
            number = float.__float__(value)
            if not math.isfinite(number):
                raise ValueError(f"cannot {what} a non-finite float ({number!r})")
            return number
        return self._encode_other(value, kind, what, depth)

    def _encode_other(self, value: Any, kind: type, what: str, depth: int) -> Any:
        if kind is datetime.datetime:
            return {TAG: "datetime", "v": value.isoformat()}
        if kind is datetime.date:
            return {TAG: "date", "v": value.isoformat()}
        if kind is datetime.time:
            return {TAG: "time", "v": value.isoformat()}
        if kind is datetime.timedelta:
            return {TAG: "timedelta", "v": [value.days, value.seconds, value.microseconds]}
        if isinstance(value, list):
            return [self._encode(item, what, depth + 1) for item in list.__iter__(value)]
        if isinstance(value, tuple):
            items = [self._encode(item, what, depth + 1) for item in tuple.__iter__(value)]
            return {TAG: "tuple", "v": items}
        if isinstance(value, dict):
            pairs = [
                [self._encode(k, what, depth + 1), self._encode(v, what, depth + 1)]
                for k, v in dict.items(value)
            ]
            return {TAG: "dict", "v": pairs}
        if isinstance(value, frozenset):
            items = [self._encode(item, what, depth + 1) for item in frozenset.__iter__(value)]
            return {TAG: "frozenset", "v": items}
        if isinstance(value, set):
            items = [self._encode(item, what, depth + 1) for item in set.__iter__(value)]
            return {TAG: "set", "v": items}
        raise _refused(kind, what)

    # -- decoding ------------------------------------------------------------------------------
    def decode(self, data: Any) -> Any:
        """The value ``data`` (tagged JSON) stands for; raises :class:`CodecError` if malformed."""
        return self._decode(data, 0)

    def _decode(self, data: Any, depth: int) -> Any:
        if depth > MAX_VALUE_DEPTH:
            raise CodecError(f"value nested more than {MAX_VALUE_DEPTH} levels deep")
        kind = type(data)
        if data is None or kind in (bool, int, str):
            return data
        if kind is float:
            if not math.isfinite(data):
                raise CodecError("non-finite float")
            return data
        if kind is list:
            return [self._decode(item, depth + 1) for item in data]
        if kind is not dict:
            raise CodecError(f"unexpected JSON value of type {kind.__name__}")
        tag = data.get(TAG)
        try:
            return self._decode_tagged(tag, data, depth)
        except CodecError:
            raise
        except (ValidationError, TypeError, ValueError, KeyError, OverflowError) as exc:
            raise CodecError(f"invalid {tag} value: {_one_line(exc)}") from None

    def _decode_tagged(self, tag: Any, data: dict[str, Any], depth: int) -> Any:
        if tag in ("enum", "namedtuple", "model"):
            _expect_keys(data, (TAG, "c", "v"))
            return self._decode_library(tag, data["c"], data["v"], depth)
        _expect_keys(data, (TAG, "v"))
        payload = data["v"]
        if tag in ("datetime", "date", "time"):
            return _parse_iso(tag, payload)
        if tag == "timedelta":
            if type(payload) is not list or len(payload) != 3:
                raise CodecError("timedelta payload must be [days, seconds, microseconds]")
            if any(type(part) is not int for part in payload):
                raise CodecError("timedelta parts must be integers")
            return datetime.timedelta(days=payload[0], seconds=payload[1], microseconds=payload[2])
        if type(payload) is not list:
            raise CodecError(f"{tag} payload must be an array")
        if tag == "tuple":
            return tuple(self._decode(item, depth + 1) for item in payload)
        if tag in ("set", "frozenset"):
            items = [self._decode(item, depth + 1) for item in payload]
            return set(items) if tag == "set" else frozenset(items)
        if tag == "dict":
            result: dict[Any, Any] = {}
            for pair in payload:
                if type(pair) is not list or len(pair) != 2:
                    raise CodecError("dict payload must be an array of [key, value] pairs")
                result[self._decode(pair[0], depth + 1)] = self._decode(pair[1], depth + 1)
            return result
        raise CodecError(f"unknown tag {str(tag)[:40]!r}")

    def _decode_library(self, tag: str, class_name: Any, payload: Any, depth: int) -> Any:
        if type(class_name) is not str:
            raise CodecError(f"{tag} class name must be text")
        if tag == "enum":
            enum_cls = self._enums.get(class_name)
            if enum_cls is None:
                raise CodecError(f"{class_name[:40]!r} is not a library enum")
            if type(payload) is not str or payload not in enum_cls.__members__:
                raise CodecError(f"{str(payload)[:40]!r} is not a member of {class_name}")
            return enum_cls[payload]
        if tag == "namedtuple":
            adapter = self._named_adapters.get(class_name)
            if adapter is None:
                raise CodecError(f"{class_name[:40]!r} is not a library named tuple")
            if type(payload) is not list:
                raise CodecError(f"{class_name} payload must be an array")
            items = tuple(self._decode(item, depth + 1) for item in payload)
            return adapter.validate_python(items, strict=True)
        model_cls = self._models.get(class_name)
        if model_cls is None:
            raise CodecError(f"{class_name[:40]!r} is not a library model")
        if type(payload) is not dict:
            raise CodecError(f"{class_name} payload must be an object")
        fields = {name: self._decode(value, depth + 1) for name, value in payload.items()}
        return model_cls.model_validate(fields, strict=True)


def _parse_iso(tag: str, payload: Any) -> datetime.date | datetime.time:
    if type(payload) is not str:
        raise CodecError(f"{tag} payload must be ISO text")
    if tag == "datetime":
        return datetime.datetime.fromisoformat(payload)
    if tag == "date":
        return datetime.date.fromisoformat(payload)
    return datetime.time.fromisoformat(payload)


def _refused(kind: type, what: str) -> TypeError:
    name = (
        f"{kind.__module__}.{kind.__qualname__}" if kind.__module__ != "builtins" else kind.__name__
    )
    return TypeError(
        f"cannot {what} a value of type {name}; {what} plain data (None, bool, int, float, str, "
        "list, tuple, dict, set, date/time values) or library types"
    )


def _expect_keys(data: dict[str, Any], keys: tuple[str, ...]) -> None:
    if set(data) != set(keys):
        raise CodecError(f"tagged value must have exactly the keys {list(keys)}")


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split())[:300]


__all__ = ["MAX_VALUE_DEPTH", "Codec", "CodecError"]
