"""What a module documents: its public names, what kind of thing each is, and each one's parts.

Everything here reads live objects (``inspect``, ``typing.get_type_hints``, pydantic's
``model_fields``, ``NamedTuple._fields``, enum members), so the documentation cannot drift from the
code. The only source text read is for attribute docstrings (a string right after an assignment),
which Python does not keep at run time.
"""

from __future__ import annotations

import ast
import dataclasses
import enum
import functools
import inspect
import itertools
import types
import typing
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

from pydantic import BaseModel

from assistworld.core.parsing import parse_in_turn
from assistworld.docs.source_text import is_type_alias

__all__ = [
    "NO_DEFAULT",
    "ClassMember",
    "DataField",
    "FieldDefaultFactory",
    "Kind",
    "MemberKind",
    "attribute_docstrings",
    "class_constants",
    "class_fields",
    "class_members",
    "classify",
    "docstring_of",
    "public_names",
    "resolved_hints",
    "resolved_signature",
    "short_name",
]

NO_DEFAULT: object = inspect.Parameter.empty
"""Marks a field or parameter that has no default."""


class Kind(enum.Enum):
    """What a public name of a module is, which decides how it is documented."""

    ENUM = "enum"
    NAMED_TUPLE = "named tuple"
    PYDANTIC = "pydantic model"
    DATACLASS = "dataclass"
    CLASS = "class"
    FUNCTION = "function"
    ALIAS = "type alias"
    CONSTANT = "constant"


class MemberKind(enum.Enum):
    """How a class member is called: the decorator its stub needs (none for a method)."""

    METHOD = ""
    STATIC = "staticmethod"
    CLASS = "classmethod"
    PROPERTY = "property"


class FieldDefaultFactory(NamedTuple):
    """A field whose default is made by calling ``factory`` (pydantic or dataclass)."""

    factory: Callable[[], object]


class DataField(NamedTuple):
    """One data field of a NamedTuple, dataclass or pydantic model, in declaration order."""

    name: str
    annotation: object
    default: object
    doc: str | None


class ClassMember(NamedTuple):
    """A public method or property defined in a class's own body."""

    name: str
    kind: MemberKind
    function: Callable[..., Any]


_AUTO_ENUM_DOC = "An enumeration."
_PYDANTIC_HIDDEN_DECORATORS = (
    "validators",
    "field_validators",
    "root_validators",
    "field_serializers",
    "model_serializers",
    "model_validators",
)
_EMPTY_FACTORIES: tuple[Callable[[], object], ...] = (list, dict, set, tuple, frozenset)


def short_name(module: types.ModuleType) -> str:
    """``assistworld.apps.workplace.time_utils`` -> ``time_utils``."""
    return module.__name__.rpartition(".")[2]


def public_names(module: types.ModuleType) -> tuple[str, ...]:
    """The names in the module's ``__all__``, in order, without private (``_``) ones."""
    exported = getattr(module, "__all__", None)
    if exported is None:
        raise ValueError(
            f"Module {module.__name__} has no __all__: list its public names in __all__ so the "
            "documentation renderer knows what to show."
        )
    missing = [name for name in exported if not hasattr(module, name)]
    if missing:
        raise ValueError(
            f"Module {module.__name__} lists {', '.join(missing)} in __all__ but does not define "
            "them: fix the spelling in __all__ or define the names."
        )
    return tuple(name for name in exported if not name.startswith("_"))


def classify(value: object) -> Kind:
    """The kind of a public value."""
    if isinstance(value, type):
        if issubclass(value, enum.Enum):
            return Kind.ENUM
        if issubclass(value, tuple) and hasattr(value, "_fields"):
            return Kind.NAMED_TUPLE
        if issubclass(value, BaseModel):
            return Kind.PYDANTIC
        if dataclasses.is_dataclass(value):
            return Kind.DATACLASS
        return Kind.CLASS
    if is_type_alias(value):
        return Kind.ALIAS
    if inspect.isroutine(value) or isinstance(value, functools.partial):
        return Kind.FUNCTION
    return Kind.CONSTANT


def docstring_of(value: object) -> str | None:
    """The cleaned docstring written for ``value``; ``None`` for none or a generated one.

    Classes do not inherit docstrings here (a model must not show pydantic's own), and the
    docstrings Python generates for NamedTuples, dataclasses and (some versions') enums are
    dropped: they only repeat the signature.
    """
    if isinstance(value, type):
        raw = vars(value).get("__doc__")
        if not isinstance(raw, str) or raw in _generated_class_docs(value):
            return None
    else:
        raw = getattr(value, "__doc__", None)
        if not isinstance(raw, str):
            return None
    cleaned = inspect.cleandoc(raw)
    return cleaned or None


def _generated_class_docs(cls: type) -> tuple[str, ...]:
    generated = [_AUTO_ENUM_DOC]
    fields = getattr(cls, "_fields", None)
    if isinstance(fields, tuple):
        arguments = ", ".join(fields) + ("," if len(fields) == 1 else "")
        generated.append(f"{cls.__name__}({arguments})")
    if dataclasses.is_dataclass(cls):
        try:
            signature = str(inspect.signature(cls)).replace(" -> None", "")
        except (TypeError, ValueError):
            signature = ""
        generated.append(cls.__name__ + signature)
    return tuple(generated)


def resolved_hints(value: object) -> dict[str, object]:
    """``typing.get_type_hints``; the annotations as written when some name cannot be resolved.

    Annotations that name something imported only under ``TYPE_CHECKING`` stay as their text,
    which still reads as source.
    """
    try:
        return dict(typing.get_type_hints(value))
    except Exception:  # any failure to evaluate an annotation: fall back to its text
        raw = getattr(value, "__annotations__", None)
        return dict(raw) if isinstance(raw, dict) else {}


def resolved_signature(function: Callable[..., Any]) -> inspect.Signature:
    """The signature with every annotation resolved to the object it names."""
    signature = inspect.signature(function)
    hints = resolved_hints(inspect.unwrap(function))
    parameters = [
        parameter.replace(annotation=hints.get(parameter.name, parameter.annotation))
        for parameter in signature.parameters.values()
    ]
    return signature.replace(
        parameters=parameters,
        return_annotation=hints.get("return", signature.return_annotation),
    )


def class_fields(cls: type) -> list[DataField]:
    """The data fields of a NamedTuple, dataclass or pydantic model (``[]`` for other classes)."""
    kind = classify(cls)
    if kind is Kind.PYDANTIC:
        return _pydantic_fields(typing.cast(type[BaseModel], cls))
    if kind not in (Kind.NAMED_TUPLE, Kind.DATACLASS):
        return []
    hints = resolved_hints(cls)
    attribute_docs = _class_attribute_docs(cls)
    if kind is Kind.NAMED_TUPLE:
        defaults: dict[str, object] = getattr(cls, "_field_defaults", {})
        return [
            DataField(
                name,
                hints.get(name, NO_DEFAULT),
                defaults.get(name, NO_DEFAULT),
                attribute_docs.get(name),
            )
            for name in typing.cast(tuple[str, ...], getattr(cls, "_fields", ()))
        ]
    return [
        DataField(
            field.name,
            hints.get(field.name, field.type),
            _dataclass_default(field),
            attribute_docs.get(field.name),
        )
        for field in dataclasses.fields(cls)
    ]


def _dataclass_default(field: dataclasses.Field[Any]) -> object:
    if field.default is not dataclasses.MISSING:
        return field.default
    if field.default_factory is not dataclasses.MISSING:
        return _factory_default(field.default_factory)
    return NO_DEFAULT


def _factory_default(factory: Callable[[], object]) -> object:
    """An empty container when the factory is ``list`` and the like, else the factory itself."""
    return factory() if factory in _EMPTY_FACTORIES else FieldDefaultFactory(factory)


def _pydantic_fields(model: type[BaseModel]) -> list[DataField]:
    attribute_docs = _class_attribute_docs(model)
    fields = []
    for name, info in model.model_fields.items():
        if info.is_required():
            default: object = NO_DEFAULT
        elif info.default_factory is not None:
            default = _factory_default(typing.cast(Callable[[], object], info.default_factory))
        else:
            default = info.default
        fields.append(
            DataField(name, info.annotation, default, info.description or attribute_docs.get(name))
        )
    return fields


def _class_attribute_docs(cls: type) -> dict[str, str]:
    module = inspect.getmodule(cls)
    if module is None:
        return {}
    prefix = cls.__qualname__ + "."
    return {
        key.removeprefix(prefix): doc
        for key, doc in attribute_docstrings(module).items()
        if key.startswith(prefix)
    }


def _hidden_member_names(cls: type) -> frozenset[str]:
    """Names in a class body that are machinery, not API (pydantic validators and settings)."""
    if not issubclass(cls, BaseModel):
        return frozenset()
    decorators = cls.__pydantic_decorators__
    hidden = {"model_config"}
    for group in _PYDANTIC_HIDDEN_DECORATORS:
        hidden.update(getattr(decorators, group))
    return frozenset(hidden)


def _is_public_member(cls: type, name: str) -> bool:
    """Names starting with ``_`` never show, dunders included: ``__init__`` and ``__eq__`` are
    behaviour the class docstring describes, and pydantic's ``model_*`` methods are machinery."""
    if name.startswith("_"):
        return False
    return not (issubclass(cls, BaseModel) and name.startswith("model_"))


def class_members(cls: type) -> list[ClassMember]:
    """Public methods and properties written in the class body, in the order written.

    Inherited members are documented with the base class that defines them.
    """
    hidden = _hidden_member_names(cls)
    members = []
    for name, value in vars(cls).items():
        if name in hidden or not _is_public_member(cls, name):
            continue
        member = _as_member(name, value)
        if member is not None:
            members.append(member)
    return members


def _as_member(name: str, value: object) -> ClassMember | None:
    if isinstance(value, property) and value.fget is not None:
        return ClassMember(name, MemberKind.PROPERTY, value.fget)
    if isinstance(value, functools.cached_property):
        return ClassMember(name, MemberKind.PROPERTY, value.func)
    if isinstance(value, staticmethod):
        return ClassMember(name, MemberKind.STATIC, value.__func__)
    if isinstance(value, classmethod):
        return ClassMember(name, MemberKind.CLASS, value.__func__)
    if isinstance(value, types.FunctionType):
        return ClassMember(name, MemberKind.METHOD, value)
    return None


def class_constants(cls: type) -> list[tuple[str, object]]:
    """Public plain values in a class body (class variables), excluding fields and members."""
    if classify(cls) in (Kind.ENUM, Kind.NAMED_TUPLE):
        return []
    skip = {field.name for field in class_fields(cls)} | _hidden_member_names(cls)
    # Functions, properties and other descriptors have ``__get__``; plain values do not.
    return [
        (name, value)
        for name, value in vars(cls).items()
        if not name.startswith("_")
        and name not in skip
        and not isinstance(value, type)
        and not hasattr(value, "__get__")
    ]


def attribute_docstrings(module: types.ModuleType) -> dict[str, str]:
    """Docstrings written right after an assignment, keyed ``NAME`` or ``Class.NAME``.

    Python drops these at run time, so they are read from the module's source; a module without
    source (built in, or created in memory) has none.
    """
    try:
        tree = parse_in_turn(inspect.getsource(module))
    except (OSError, TypeError, SyntaxError):
        return {}
    found = dict(_docstrings_after_assignments(tree.body, ""))
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            found.update(_docstrings_after_assignments(node.body, node.name + "."))
    return found


def _docstrings_after_assignments(body: list[ast.stmt], prefix: str) -> Iterator[tuple[str, str]]:
    for statement, following in itertools.pairwise(body):
        target: ast.expr | None = None
        if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
            target = statement.targets[0]
        elif isinstance(statement, ast.AnnAssign):
            target = statement.target
        if not isinstance(target, ast.Name):
            continue
        if (
            isinstance(following, ast.Expr)
            and isinstance(following.value, ast.Constant)
            and isinstance(following.value.value, str)
        ):
            yield prefix + target.id, inspect.cleandoc(following.value.value)
