"""Regenerate the bundled planning suite: ``python -m assistworld.paradigms.appbench.authoring
[FOLDER]`` (default: the installed ``assistworld_suites/travelplans``)."""

from __future__ import annotations

import sys
import time
from pathlib import Path

from assistworld.core.registry import bundled_suites_dir
from assistworld.paradigms.appbench.authoring.suite import SUITE_NAME, write_suite


def main(argv: list[str]) -> int:
    folder = Path(argv[0]) if argv else bundled_suites_dir() / SUITE_NAME
    started = time.perf_counter()
    counts = write_suite(folder)
    total = sum(counts.values())
    shown = ", ".join(f"{category.value}={count}" for category, count in counts.items())
    print(f"wrote {total} tasks ({shown}) to {folder} in {time.perf_counter() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
