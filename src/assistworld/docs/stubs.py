"""Render modules as Python stub text: the documentation language models read.

Two styles share one walk over a module's ``__all__``:

- full (``render_module``, ``render_library``): every docstring in full, field defaults, methods,
  each body ``...``: what the complete-codebase-knowledge prompt shows;
- signatures (``render_module_signatures``): one line per function or member with the first
  docstring line as a comment: what the primitive-selection step scans.

Either output parses with ``ast.parse``. Names are not imported: the text is read, not run.
"""

from __future__ import annotations

import enum
import inspect
import itertools
import types
import typing
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from assistworld.docs.members import (
    NO_DEFAULT,
    ClassMember,
    DataField,
    FieldDefaultFactory,
    Kind,
    attribute_docstrings,
    class_constants,
    class_fields,
    class_members,
    classify,
    docstring_of,
    public_names,
    resolved_hints,
    resolved_signature,
    short_name,
)
from assistworld.docs.source_text import AliasNames, format_annotation, format_value

__all__ = [
    "module_header",
    "render_library",
    "render_module",
    "render_module_signatures",
]

_INDENT = "    "


class _Style(enum.Enum):
    FULL = "full"
    SIGNATURES = "signatures"


class _Page(typing.NamedTuple):
    """What rendering one module needs besides the module itself."""

    style: _Style
    aliases: AliasNames
    attribute_docs: dict[str, str]
    module_hints: dict[str, object]


def module_header(module: types.ModuleType) -> str:
    """The comment line that introduces a module in multi-module text: ``# module: time_utils``."""
    return f"# module: {short_name(module)}"


def render_module(
    module: types.ModuleType,
    *,
    only: Iterable[str] | None = None,
    context: Sequence[types.ModuleType] | None = None,
) -> str:
    """The module as stub text: its docstring, then each public name in ``__all__`` order.

    ``only`` restricts the names shown (still in ``__all__`` order). ``context`` lists the modules
    whose public type aliases print by name inside annotations (``day: weekdays``), beside this
    module's own (pass the library's modules when rendering one of them).
    """
    return _render(module, _Style.FULL, only, context)


def render_module_signatures(
    module: types.ModuleType, *, context: Sequence[types.ModuleType] | None = None
) -> str:
    """A compact listing: signatures, fields and members, with first docstring lines as comments."""
    return _render(module, _Style.SIGNATURES, None, context)


def render_library(modules: Sequence[types.ModuleType], *, compact: bool = False) -> str:
    """Every module of ``modules`` (a library, in its order) as one stub text with header lines.

    ``compact`` renders each module in the signatures style (about half the tokens), for
    prompts of small models where every token of the prompt costs time.
    """
    chosen = tuple(modules)
    render = render_module_signatures if compact else render_module
    return "\n\n".join(
        module_header(module) + "\n" + render(module, context=chosen) for module in chosen
    )


def _render(
    module: types.ModuleType,
    style: _Style,
    only: Iterable[str] | None,
    context: Sequence[types.ModuleType] | None,
) -> str:
    names = public_names(module)
    if only is not None:
        wanted = set(only)
        unknown = sorted(wanted - set(names))
        if unknown:
            raise ValueError(
                f"{', '.join(unknown)} not among the public names of {module.__name__}; "
                f"choose from: {', '.join(names)}."
            )
        names = tuple(name for name in names if name in wanted)
    scope = (module, *(context or ()))
    page = _Page(style, _alias_names(scope), attribute_docstrings(module), resolved_hints(module))
    blocks = [_docstring_block(docstring_of(module), "", page)] if module.__doc__ else []
    blocks.extend(_render_name(name, getattr(module, name), page) for name in names)
    return _join_blocks([block for block in blocks if block], style) + "\n"


def _join_blocks(blocks: list[str], style: _Style) -> str:
    """Blank lines between blocks; the signatures style packs one-line blocks together."""
    if not blocks:
        return ""
    text = blocks[0]
    for previous, block in itertools.pairwise(blocks):
        one_liners = "\n" not in previous and "\n" not in block
        text += ("\n" if style is _Style.SIGNATURES and one_liners else "\n\n") + block
    return text


def _alias_names(modules: Iterable[types.ModuleType]) -> tuple[tuple[object, str], ...]:
    pairs: list[tuple[object, str]] = []
    for module in modules:
        for name in public_names(module):
            value = getattr(module, name)
            if classify(value) is Kind.ALIAS and all(value is not v for v, _ in pairs):
                pairs.append((value, name))
    return tuple(pairs)


def _render_name(name: str, value: object, page: _Page) -> str:
    kind = classify(value)
    if kind is Kind.FUNCTION:
        return _function(name, typing.cast(Callable[..., Any], value), "", page)
    if kind is Kind.ALIAS:
        own = tuple((v, n) for v, n in page.aliases if v is not value)
        line = f"{name} = {format_annotation(value, own)}"
        return _with_attribute_doc(line, page.attribute_docs.get(name), "", page)
    if kind is Kind.CONSTANT:
        return _constant(name, value, page, annotation=page.module_hints.get(name, NO_DEFAULT))
    return _class(name, typing.cast(type, value), kind, page)


def _constant(
    name: str,
    value: object,
    page: _Page,
    *,
    annotation: object = NO_DEFAULT,
    indent: str = "",
    owner: str = "",
) -> str:
    """``NAME: type = literal`` plus its doc; the type is the value's own when no literal fits."""
    literal = format_value(value)
    if annotation is NO_DEFAULT and literal is None:
        annotation = type(value)
    line = indent + name
    if annotation is not NO_DEFAULT:
        line += f": {format_annotation(annotation, page.aliases)}"
    if literal is not None:
        line += f" = {literal}"
    return _with_attribute_doc(line, page.attribute_docs.get(owner + name), indent, page)


def _with_attribute_doc(line: str, doc: str | None, indent: str, page: _Page) -> str:
    if doc is None:
        return line
    if page.style is _Style.SIGNATURES:
        return f"{line}  # {_first_line(doc)}"
    return line + "\n" + _docstring_block(doc, indent, page)


def _class(name: str, cls: type, kind: Kind, page: _Page) -> str:
    doc = docstring_of(cls)
    header = _class_header(name, cls, kind)
    if page.style is _Style.SIGNATURES and doc:
        header += f"  # {_first_line(doc)}"
    body_indent = _INDENT
    sections: list[str] = []
    if page.style is _Style.FULL and doc:
        sections.append(_docstring_block(doc, body_indent, page))
    data_lines = _class_data_lines(cls, kind, page)
    if data_lines:
        sections.append("\n".join(data_lines))
    sections.extend(_member(member, body_indent, page) for member in class_members(cls))
    if not sections:
        return f"{header}\n{body_indent}..."
    separator = "\n" if page.style is _Style.SIGNATURES else "\n\n"
    return header + "\n" + separator.join(sections)


def _class_header(name: str, cls: type, kind: Kind) -> str:
    if kind is Kind.NAMED_TUPLE:
        return f"class {name}(NamedTuple):"
    decorator = ""
    if kind is Kind.DATACLASS:
        params = getattr(cls, "__dataclass_params__", None)
        decorator = (
            "@dataclass(frozen=True)\n" if getattr(params, "frozen", False) else ("@dataclass\n")
        )
    bases = [
        format_annotation(base)
        for base in vars(cls).get("__orig_bases__", cls.__bases__)
        if base is not object
    ]
    shown = [base for base in bases if not base.startswith("_")]
    return f"{decorator}class {name}({', '.join(shown)}):" if shown else f"{decorator}class {name}:"


def _class_data_lines(cls: type, kind: Kind, page: _Page) -> list[str]:
    """Enum members, data fields and class variables, one per line (with any attribute doc)."""
    lines: list[str] = []
    if kind is Kind.ENUM:
        for member_name, member in typing.cast(type[enum.Enum], cls).__members__.items():
            lines.append(f"{_INDENT}{member_name} = {format_value(member.value) or '...'}")
    for field in class_fields(cls):
        lines.append(_field_line(field, page))
    hints = resolved_hints(cls)
    for constant_name, value in class_constants(cls):
        lines.append(
            _constant(
                constant_name,
                value,
                page,
                annotation=hints.get(constant_name, NO_DEFAULT),
                indent=_INDENT,
                owner=cls.__qualname__ + ".",
            )
        )
    return lines


def _field_line(field: DataField, page: _Page) -> str:
    line = f"{_INDENT}{field.name}"
    if field.annotation is not NO_DEFAULT:
        line += f": {format_annotation(field.annotation, page.aliases)}"
    if field.default is not NO_DEFAULT:
        line += f" = {_default_text(field.default)}"
    return _with_attribute_doc(line, field.doc, _INDENT, page)


def _default_text(default: object) -> str:
    if isinstance(default, FieldDefaultFactory):
        return f"{getattr(default.factory, '__qualname__', 'factory')}()"
    return format_value(default) or "..."


def _member(member: ClassMember, indent: str, page: _Page) -> str:
    decorator = member.kind.value
    text = _function(member.name, member.function, indent, page)
    return f"{indent}@{decorator}\n{text}" if decorator else text


def _function(name: str, function: Callable[..., Any], indent: str, page: _Page) -> str:
    line = f"{indent}def {name}{_signature_text(function, page.aliases)}:"
    doc = docstring_of(function)
    if page.style is _Style.SIGNATURES or doc is None:
        return f"{line} ...  # {_first_line(doc)}" if doc else f"{line} ..."
    body_indent = indent + _INDENT
    return f"{line}\n{_docstring_block(doc, body_indent, page)}\n{body_indent}..."


def _signature_text(function: Callable[..., Any], aliases: AliasNames) -> str:
    try:
        signature = resolved_signature(function)
    except (TypeError, ValueError):
        return "(*args, **kwargs)"
    parts: list[str] = []
    parameters = list(signature.parameters.values())
    star_written = False
    for index, parameter in enumerate(parameters):
        kind = parameter.kind
        if kind is inspect.Parameter.KEYWORD_ONLY and not star_written:
            parts.append("*")
            star_written = True
        prefix = ""
        if kind is inspect.Parameter.VAR_POSITIONAL:
            prefix, star_written = "*", True
        elif kind is inspect.Parameter.VAR_KEYWORD:
            prefix = "**"
        parts.append(prefix + _parameter_text(parameter, aliases))
        is_last_positional_only = kind is inspect.Parameter.POSITIONAL_ONLY and (
            index + 1 == len(parameters)
            or parameters[index + 1].kind is not inspect.Parameter.POSITIONAL_ONLY
        )
        if is_last_positional_only:
            parts.append("/")
    text = "(" + ", ".join(parts) + ")"
    if signature.return_annotation is not inspect.Signature.empty:
        text += f" -> {format_annotation(signature.return_annotation, aliases)}"
    return text


def _parameter_text(parameter: inspect.Parameter, aliases: AliasNames) -> str:
    text = parameter.name
    annotated = parameter.annotation is not inspect.Parameter.empty
    if annotated:
        text += f": {format_annotation(parameter.annotation, aliases)}"
    if parameter.default is not inspect.Parameter.empty:
        text += (" = " if annotated else "=") + _default_text(parameter.default)
    return text


def _first_line(doc: str | None) -> str:
    """The summary line, made safe to put in a comment."""
    if not doc or not doc.strip():
        return ""
    line = doc.strip().splitlines()[0]
    return "".join(c if c.isprintable() else " " for c in line).strip()


def _docstring_block(doc: str | None, indent: str, page: _Page) -> str:
    """A docstring as a string literal statement (or a comment line in the signatures style).

    Lines are indented to the block and lose trailing spaces, so ``inspect.cleandoc`` of the
    literal's value gives the docstring back.
    """
    if not doc:
        return ""
    if page.style is _Style.SIGNATURES:
        return f"{indent}# {_first_line(doc)}"
    lines = [line.rstrip() for line in doc.split("\n")]
    if len(lines) == 1:
        return indent + _string_literal(lines[0])
    body = "\n".join(indent + line if line else "" for line in lines)
    return indent + _string_literal(body.removeprefix(indent) + "\n" + indent)


def _string_literal(text: str) -> str:
    """A triple-quoted literal whose value is exactly ``text``: plain, raw, or escaped."""
    plain_characters = all(c.isprintable() or c == "\n" for c in text)
    if plain_characters and '"""' not in text and not text.endswith(('"', "\\")):
        return f'r"""{text}"""' if "\\" in text else f'"""{text}"""'
    return '"""' + "".join(_escaped(c) for c in text) + '"""'


def _escaped(character: str) -> str:
    if character in ('"', "\\"):
        return "\\" + character
    if character == "\n" or character.isprintable():
        return character
    return repr(character)[1:-1]
