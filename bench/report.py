"""How the HTML report copes with a 10,000-task run: build time, file size, time to usable page.

Writes a suite of N task files (the bundled workplace suite's files, copied under new ids), a
synthetic run over it (outcomes drawn with a fixed seed, programs, tracebacks, token usage and
primitive selections), builds the report, and opens it in headless Chromium. Prints:

- build time, split into reading the suite and everything else, and the file size;
- load time: from the navigation command until the page's script sets ``window.__reportReady``
  (wall clock seen from here, and the page's own ``performance.now()`` at that moment);
- the time a filter change and a task page take to render.

Usage: ``python bench/report.py [--tasks 10000] [--keep DIR]``.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from assistworld.paradigms.aspera.grading.results import AsperaResult, aspera_metrics
from assistworld.paradigms.aspera.tasks.suite import bundled_suites_dir, load_suite
from assistworld.report.html import load_report, render_report

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repository, for tests/
from tests.report.browser_driver import find_chromium, launch

OUTCOMES = (
    ("passed", 0.45),
    ("task_completion_error", 0.2),
    ("execution_error", 0.15),
    ("handback_control_error", 0.1),
    ("parse_failure", 0.04),
    ("timeout", 0.03),
    ("resource_limit", 0.03),
)
TRACEBACK = (
    "Traceback (most recent call last):\n"
    '  File "<candidate>", line 12, in solve\n'
    "    events = find_events(subject=name)\n"
    '  File "<candidate>", line 7, in helper\n'
    "    return team.members[0]\n"
    "AttributeError: 'Employee' object has no attribute 'team'\n"
)
_QUERY_ID = re.compile(r'^QUERY_ID = "[^"]*"$', re.MULTILINE)
_FIRST_DEF = re.compile(r"^(def [^\n]*\n)", re.MULTILINE)


def write_suite(folder: Path, count: int) -> list[str]:
    """``count`` task files copied from the workplace suite under ids ``bench_00000``...

    Each reference program gets a comment naming its copy, so no two program texts are equal
    and the report measures every one of them (as it would for a real suite of that size).
    """
    sources = sorted((bundled_suites_dir() / "workplace").glob("[!_]*.py"))
    folder.mkdir(parents=True)
    ids = []
    for n in range(count):
        query_id = f"bench_{n:05d}"
        text = sources[n % len(sources)].read_text(encoding="utf-8")
        text = _QUERY_ID.sub(f'QUERY_ID = "{query_id}"', text, count=1)
        text = _FIRST_DEF.sub(rf"\g<1>    # copy {n}\n", text, count=1)
        (folder / f"{query_id}.py").write_text(text, encoding="utf-8")
        ids.append(query_id)
    return ids


def _pair(index: int, outcome: str, rng: random.Random) -> dict[str, Any]:
    failed_in_run = outcome in ("execution_error", "handback_control_error")
    return {
        "index": index,
        "passed": outcome == "passed",
        "outcome": outcome,
        "error_type": "SolutionError" if outcome == "task_completion_error" else None,
        "error_message": "Incorrect solution" if outcome == "task_completion_error" else None,
        "run": {
            "outcome": "agent_exception" if failed_in_run else "completed",
            "return_value": None,
            "exception_type": "AttributeError" if outcome == "execution_error" else None,
            "exception_message": "'Employee' object has no attribute 'team'"
            if outcome == "execution_error"
            else None,
            "traceback": TRACEBACK if outcome == "execution_error" else None,
            "stdout": "",
            "stderr": "",
            "api_calls": rng.randint(1, 40),
            "seconds": rng.uniform(0.005, 0.2),
            "tamper_flags": [],
        },
        "seconds": rng.uniform(0.02, 0.4),
    }


def synthetic_results(suite_dir: Path, seed: int = 0) -> list[AsperaResult]:
    """One result per task of the suite, as a CCK-like model run would leave them."""
    rng = random.Random(seed)
    names, weights = zip(*OUTCOMES, strict=True)
    results = []
    for task in load_suite(suite_dir).tasks:
        outcome = rng.choices(names, weights)[0]
        program = f"# candidate for {task.query_id}\n{task.program}"
        if outcome == "parse_failure":
            program = program[:-20] + " ((("
        selected = sorted(
            rng.sample(
                [
                    "find_events",
                    "add_event",
                    "Event",
                    "find_employee",
                    "get_current_user",
                    "combine",
                    "time_by_hm",
                    "Team",
                ],
                4,
            )
        )
        results.append(
            AsperaResult(
                query_id=task.query_id,
                passed=outcome == "passed",
                outcome=outcome,
                category=task.category,
                kind=task.kind,
                agent="cck",
                program=program,
                parse_error="syntax error on line 9: '(' was never closed"
                if outcome == "parse_failure"
                else None,
                pairs=[]
                if outcome == "parse_failure"
                else [_pair(i, outcome, rng) for i in range(len(task.pairs))],
                usage={
                    "prompt_tokens": rng.randint(9000, 14000),
                    "completion_tokens": rng.randint(150, 900),
                    "latency_s": rng.uniform(1.0, 12.0),
                    "cost_usd": rng.uniform(0.01, 0.05),
                },
                agent_details={"selected_primitives": {"work_calendar": selected}},
                timings={"evaluation_s": rng.uniform(0.05, 0.6)},
            )
        )
    return results


def write_run(run_dir: Path, suite_dir: Path, results: list[AsperaResult]) -> None:
    run_dir.mkdir(parents=True)
    with (run_dir / "results.jsonl").open("w", encoding="utf-8") as handle:
        for result in results:
            handle.write(result.model_dump_json() + "\n")
    manifest = {
        "assistworld_version": "bench",
        "suite": suite_dir.name,
        "suite_path": str(suite_dir),
        "suite_hash": load_suite(suite_dir).content_hash,
        "agent": {"agent": "cck", "model": "synthetic-model", "return_type_hint": False},
        "sandbox_layers": ["rlimits", "landlock-abi7", "seccomp"],
        "unsafe": False,
        "limits": {"wall_seconds": 30.0, "cpu_seconds": 15},
        "task_ids": [result.query_id for result in results],
        "options": {},
    }
    (run_dir / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    summary = {"metrics": aspera_metrics(results).model_dump(mode="json"), "tasks": len(results)}
    (run_dir / "summary.json").write_text(json.dumps(summary), encoding="utf-8")


def measure_browser(report: Path) -> dict[str, float]:
    """Seconds until usable, and for a filter change and a task page to render."""
    figures: dict[str, float] = {}
    with launch() as browser:
        started = time.perf_counter()
        browser.navigate(report.as_uri())
        browser.wait_for("window.__reportReady === true", timeout=120)
        figures["ready_wall_s"] = time.perf_counter() - started
        figures["ready_page_s"] = float(browser.evaluate("window.__reportReadyAt")) / 1000
        figures["filter_s"] = float(
            browser.evaluate(
                "(function () { var t = performance.now();"
                " var s = document.getElementById('filter-outcome'); s.value = 'execution_error';"
                " s.dispatchEvent(new Event('change'));"
                " return (performance.now() - t) / 1000; })()"
            )
        )
        figures["rows_shown"] = float(
            browser.evaluate("document.querySelectorAll('#task-rows tr').length")
        )
        figures["task_page_s"] = float(
            browser.evaluate(
                "(function () { var t = performance.now();"
                " document.querySelector('#task-rows tr a').click();"
                " return new Promise(function (done) { requestAnimationFrame(function () {"
                " done((performance.now() - t) / 1000); }); }); })()"
            )
        )
        if browser.events.console_errors:
            raise SystemExit(f"console errors: {browser.events.console_errors}")
        if browser.events.requests != [report.as_uri()]:
            raise SystemExit(f"unexpected requests: {browser.events.requests}")
        browser.evaluate("location.hash = ''")
        browser.screenshot(report.with_suffix(".png"))
    return figures


def print_browser_figures(figures: dict[str, float]) -> None:
    print(
        f"page usable after {figures['ready_wall_s']:.2f} s from navigation "
        f"(page clock: {figures['ready_page_s']:.2f} s)"
    )
    print(
        f"filter change: {1000 * figures['filter_s']:.1f} ms "
        f"({figures['rows_shown']:.0f} rows on the page); "
        f"task page: {1000 * figures['task_page_s']:.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tasks", type=int, default=10_000)
    parser.add_argument("--keep", type=Path, help="keep the suite, run and report in this folder")
    parser.add_argument("--open", type=Path, help="only time opening this existing report")
    args = parser.parse_args()
    if args.open:
        print_browser_figures(measure_browser(args.open.resolve()))
        return
    work = args.keep or Path(tempfile.mkdtemp(prefix="assistworld-bench-report-"))
    work.mkdir(parents=True, exist_ok=True)
    try:
        suite_dir, run_dir = work / "suite", work / "run"
        for stale in (suite_dir, run_dir):
            shutil.rmtree(stale, ignore_errors=True)
        write_suite(suite_dir, args.tasks)
        write_run(run_dir, suite_dir, synthetic_results(suite_dir))

        started = time.perf_counter()
        loaded = load_report([run_dir])
        loaded_at = time.perf_counter()
        html = render_report(loaded)
        out = work / "report.html"
        out.write_text(html, encoding="utf-8")
        done = time.perf_counter()
        print(f"tasks: {args.tasks}")
        print(
            f"build: {done - started:.2f} s (reading run + suite and measuring references "
            f"{loaded_at - started:.2f} s, rendering {done - loaded_at:.2f} s)"
        )
        print(f"file size: {out.stat().st_size / 1e6:.2f} MB")
        if find_chromium() is None:
            print("headless Chromium not installed (apt-get install -y chromium): no load time")
            return
        print_browser_figures(measure_browser(out))
        if args.keep:
            print(f"report and screenshot of its first screen: {out}, {out.with_suffix('.png')}")
    finally:
        if args.keep is None:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
