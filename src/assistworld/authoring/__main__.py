"""``python -m assistworld.authoring > docs/authoring.md``: print the author's reference page."""

from __future__ import annotations

import sys

from assistworld.authoring.page import render_page


def main() -> None:
    sys.stdout.write(render_page())


if __name__ == "__main__":
    main()
