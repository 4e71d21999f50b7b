"""``python -m assistworld.paradigms.astra.authoring.scenario_gen [FOLDER]``: regenerate the bundled
``lifelines`` suite (or write it into FOLDER) and print its distribution."""

from __future__ import annotations

import sys
from pathlib import Path

from rich.console import Console

from assistworld.paradigms.astra.authoring.scenario_gen.generate import generate_suite, write_suite
from assistworld.paradigms.astra.tasks.distribution import distribution, render_distribution
from assistworld.paradigms.astra.tasks.files import read_suite


def bundled_folder() -> Path:
    import assistworld_suites

    return Path(assistworld_suites.__file__).parent / "lifelines"


def main(argv: list[str]) -> int:
    folder = Path(argv[0]) if argv else bundled_folder()
    suite = generate_suite()
    write_suite(folder, suite)
    print(f"wrote {len(suite.scenarios)} scenarios to {folder}")
    written = read_suite(folder, folder.name)
    Console().print(render_distribution(folder.name, distribution(written.tasks)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
