"""The Jinja2 environment every package's templates are rendered in.

A package keeps its templates in its own ``templates/`` folder. Undefined names fail loudly (a
template that names a value its caller forgot is a bug, not an empty string); HTML is escaped
only for pages, never for prompts (a model must read the text as written).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # imported when templates are first asked for: not every command renders one
    import jinja2


def package_templates(
    package: str,
    *,
    html: bool = False,
    trim_blocks: bool = False,
    keep_trailing_newline: bool = False,
) -> jinja2.Environment:
    """The templates of ``package`` (its ``templates/`` folder), strict about undefined names.

    ``html`` escapes values for a web page; ``trim_blocks`` drops the newline after a block tag
    and the indentation before it (for templates that lay out plain text with control blocks).
    """
    import jinja2

    return jinja2.Environment(
        loader=jinja2.PackageLoader(package, "templates"),
        undefined=jinja2.StrictUndefined,
        autoescape=html,
        trim_blocks=trim_blocks,
        lstrip_blocks=trim_blocks,
        keep_trailing_newline=keep_trailing_newline,
    )
