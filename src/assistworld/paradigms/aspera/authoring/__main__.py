"""``python -m assistworld.paradigms.aspera.authoring``: the generation engine without the main
CLI.

Takes the same options as ``assistworld generate`` (see
:mod:`assistworld.paradigms.aspera.authoring.command`).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from assistworld.paradigms.aspera.authoring.command import generate_command
from assistworld.paradigms.aspera.authoring.gate import DEFAULT_MIN_KILL_RATE


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m assistworld.paradigms.aspera.authoring",
        description="Generate benchmark tasks with a model, the person in charge at every step.",
    )
    parser.add_argument("--suite", type=Path, required=True, help="folder for accepted tasks")
    parser.add_argument("--model", required=True, help="e.g. openai-compatible:NAME@URL")
    parser.add_argument("--focus", help="focus instruction for invented queries")
    parser.add_argument("--queries", type=Path, help="file of queries, one per line")
    parser.add_argument("--n", type=int, default=3, help="programs per round")
    parser.add_argument("--auto", action="store_true", help="no questions; keep audited tasks")
    parser.add_argument("--rounds", type=int, default=1, help="rounds in all, with --auto")
    parser.add_argument("--session", type=Path, help="session folder (default <suite>/.generation)")
    parser.add_argument("--guidelines", type=Path, help="YAML file overriding the guidelines")
    parser.add_argument("--category", default="generated", help="category and id prefix")
    parser.add_argument("--min-kill-rate", type=float, default=DEFAULT_MIN_KILL_RATE)
    parser.add_argument("--timeout", type=float, default=30.0, help="seconds per program run")
    parser.add_argument("--unsafe", action="store_true", help="audit without the sandbox")
    return parser


def main(argv: list[str] | None = None) -> int:
    options = _parser().parse_args(argv)
    return generate_command(
        options.suite,
        options.model,
        focus=options.focus,
        queries_file=options.queries,
        n=options.n,
        auto=options.auto,
        session_dir=options.session,
        guidelines_file=options.guidelines,
        category=options.category,
        rounds=options.rounds,
        min_kill_rate=options.min_kill_rate,
        timeout=options.timeout,
        unsafe=options.unsafe,
    )


if __name__ == "__main__":
    raise SystemExit(main())
