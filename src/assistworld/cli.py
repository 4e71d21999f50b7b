"""The ``assistworld`` command line."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, TypeVar

import typer
from rich.console import Console

from assistworld.core.registry import UnknownParadigmError, load_suite
from assistworld.core.suite import SuiteError, TaskSelectionError
from assistworld.paradigms.aspera.evaluation.thresholds import MIN_TASK_KILL_RATE
from assistworld.progress import run_progress
from assistworld.report.terminal import headline_table
from assistworld.runner.build import PreparedRun, RunRequest, build_run
from assistworld.runner.session import RunSetupError, execute_run
from assistworld.sandbox import SandboxSetupError

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Evaluate assistants that write programs against a simulated workplace.",
)

T = TypeVar("T")

USER_ERRORS: tuple[type[Exception], ...] = (
    RunSetupError,
    SuiteError,
    SandboxSetupError,
    UnknownParadigmError,
    TaskSelectionError,
)


def _user_error_types() -> tuple[type[Exception], ...]:
    """The user errors of the core and of the built-in paradigm's agents."""
    from assistworld.paradigms.aspera.agents import ReplayFileError, UnknownAgentError

    return (*USER_ERRORS, ReplayFileError, UnknownAgentError)


LOOPBACK_REPLY = "```python\ndef do_nothing():\n    return None\n```"
"""What ``assistworld loopback`` answers by default: a program that does nothing."""

LOG_WIDTH = 160
"""Columns used when the output is a file or a pipe: rich's default of 80 cuts the metrics
table's group names and column headings to a few letters each."""


def _console() -> Console:
    console = Console(stderr=False)
    if not console.is_terminal and "COLUMNS" not in os.environ:
        console.width = LOG_WIDTH
    return console


def _fail(message: str) -> typer.Exit:
    Console(stderr=True).print(f"[bold red]error:[/] {message}", highlight=False)
    return typer.Exit(code=2)


def _user_errors(action: Callable[[], T]) -> T:
    """Run ``action``; turn a user error into one clear line and exit status 2."""
    try:
        return action()
    except _user_error_types() as exc:
        raise _fail(str(exc)) from None


SuiteOption = Annotated[
    str, typer.Option("--suite", help="A bundled suite's name (e.g. workplace) or a path.")
]


@app.command()
def run(
    suite: SuiteOption = "workplace",
    agent: Annotated[
        str, typer.Option(help="oracle, null, replay, cck, ps or selfdebug.")
    ] = "oracle",
    model: Annotated[
        str | None,
        typer.Option(
            help="Model for cck/ps/selfdebug: openai:gpt-4o, "
            "openai-compatible:NAME@http://127.0.0.1:8000/v1 or local:qwen2.5-coder-1.5b."
        ),
    ] = None,
    programs: Annotated[
        Path | None, typer.Option(help="JSONL of {query_id, program} for --agent replay.")
    ] = None,
    out: Annotated[Path | None, typer.Option(help="Run directory (default runs/...).")] = None,
    concurrency: Annotated[int, typer.Option(min=1, help="Tasks solved at once.")] = 4,
    limit: Annotated[int | None, typer.Option(min=1, help="Only the first N tasks.")] = None,
    tasks: Annotated[str | None, typer.Option(help="Comma-separated task ids.")] = None,
    timeout: Annotated[float, typer.Option(help="Wall-clock seconds per program run.")] = 30.0,
    resume: Annotated[bool, typer.Option(help="Continue an interrupted run in --out.")] = False,
    unsafe: Annotated[
        bool, typer.Option(help="Run candidates in-process, without the sandbox (recorded).")
    ] = False,
    return_type_hint: Annotated[
        bool, typer.Option(help="Tell the model the reference's return type (recorded).")
    ] = False,
    dry_runs: Annotated[int, typer.Option(help="Trial runs the selfdebug agent may make.")] = 3,
    guidelines: Annotated[
        Path | None, typer.Option(help="TOML file replacing the agents' guidelines.")
    ] = None,
    temperature: Annotated[
        float | None, typer.Option(help="Sampling temperature (default 0: greedy).")
    ] = 0.0,
    max_tokens: Annotated[int | None, typer.Option(help="Completion token limit.")] = None,
    prompt: Annotated[
        str | None,
        typer.Option(help="cck/selfdebug prompt: full or compact (default: compact if local)."),
    ] = None,
    cache: Annotated[
        bool, typer.Option(help="Reuse cached model replies (re-runs make no calls).")
    ] = True,
    model_concurrency: Annotated[
        int, typer.Option(min=1, help="Model requests in flight at once.")
    ] = 8,
    threads: Annotated[
        int,
        typer.Option(min=1, help="CPU threads a local model reads prompts with (decodes: half)."),
    ] = 2,
) -> None:
    """Run an agent over a suite and write results.jsonl, manifest.json and summary.json."""
    request = RunRequest(
        suite=suite,
        agent=agent,
        model=model,
        programs=programs,
        out=out,
        concurrency=concurrency,
        limit=limit,
        task_ids=[t.strip() for t in tasks.split(",") if t.strip()] if tasks else None,
        timeout=timeout,
        resume=resume,
        unsafe=unsafe,
        cache=cache,
        model_concurrency=model_concurrency,
        threads=threads,
        agent_options={
            "return_type_hint": return_type_hint,
            "dry_runs": dry_runs,
            "guidelines": guidelines,
            "temperature": temperature,
            "max_tokens": max_tokens,
            "prompt": prompt,
        },
    )
    with _user_errors(lambda: build_run(request)) as prepared:
        _run_with_progress(prepared)


def _run_with_progress(prepared: PreparedRun) -> None:
    console = _console()
    name = prepared.suite.name
    progress = run_progress(console, name)
    prepared.listen(progress.note)
    with progress:
        report = _user_errors(
            lambda: execute_run(
                prepared.suite,
                prepared.agent,
                prepared.settings,
                executor=prepared.executor,
                models=prepared.describe_models(),
                on_start=progress.start,
                on_result=progress.finished,
            )
        )
    console.print(headline_table(report.metrics, title=f"{name} · {prepared.agent.name}"))
    layers = ", ".join(report.manifest["sandbox_layers"]) or "none"
    console.print(
        f"{len(report.results)} tasks ({report.ran_now} run now) · sandbox: {layers} · "
        f"results in {report.run_dir}",
        highlight=False,
    )


@app.command("suites")
def list_suites(
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
) -> None:
    """List the bundled suites: name, paradigm, task count and what each holds."""
    from assistworld.core.listing import render_suites, suite_rows

    rows = _user_errors(suite_rows)
    if as_json:
        print(json.dumps(rows, indent=2))
    else:
        _console().print(render_suites(rows))


@app.command("tasks")
def list_tasks(
    suite: SuiteOption = "workplace",
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
    with_programs: Annotated[
        bool, typer.Option(help="Include each reference program's text.")
    ] = False,
    summary: Annotated[
        bool, typer.Option(help="Counts per category and kind and complexity statistics.")
    ] = False,
) -> None:
    """List a suite's tasks: id, query, kind, category, pairs and complexity."""
    from assistworld.core.registry import get_paradigm

    loaded = _user_errors(lambda: load_suite(suite, strict=False))
    for problem in loaded.errors:
        Console(stderr=True).print(f"[yellow]skipped[/] {problem}", highlight=False)
    get_paradigm(loaded.paradigm).list_tasks(
        loaded, _console(), as_json=as_json, summary=summary, with_programs=with_programs
    )


@app.command()
def verify(
    suite: SuiteOption = "workplace",
    mutants: Annotated[
        bool, typer.Option(help="Also generate mutants of each reference and report kill rates.")
    ] = False,
    tasks: Annotated[str | None, typer.Option(help="Comma-separated task ids.")] = None,
    unsafe: Annotated[
        bool, typer.Option(help="Run programs in-process, without the sandbox (faster).")
    ] = False,
    timeout: Annotated[float, typer.Option(help="Wall-clock seconds per program run.")] = 30.0,
    show_survivors: Annotated[
        bool, typer.Option(help="List every mutant the evaluation failed to reject.")
    ] = False,
) -> None:
    """Prove a suite sound: the reference passes, doing nothing fails, mutants are rejected."""
    from assistworld.core.paradigm import VerifyRequest
    from assistworld.core.registry import get_paradigm

    loaded = _user_errors(lambda: load_suite(suite))
    ids = [t.strip() for t in tasks.split(",") if t.strip()] if tasks else None
    request = VerifyRequest(
        task_ids=ids, mutants=mutants, unsafe=unsafe, timeout=timeout, show_survivors=show_survivors
    )
    paradigm = get_paradigm(loaded.paradigm)
    ok = _user_errors(lambda: paradigm.verify(loaded, _console(), request))
    if not ok:
        raise typer.Exit(code=1)


@app.command()
def report(
    run_dirs: Annotated[list[Path], typer.Argument(help="One or more run directories.")],
    out: Annotated[Path, typer.Option(help="The HTML file to write.")] = Path("report.html"),
) -> None:
    """Write one self-contained HTML report (plots, error breakdown, every task) of the runs."""
    from assistworld.report.commands import report_command
    from assistworld.report.rundata import RunDirError

    try:
        written = report_command(run_dirs, out)
    except RunDirError as exc:
        raise _fail(str(exc)) from None
    _console().print(f"report written to {written}", highlight=False)


@app.command()
def show(run_dir: Annotated[Path, typer.Argument(help="A run directory.")]) -> None:
    """Print a run's headline metrics and manifest."""
    from assistworld.report.commands import show_command
    from assistworld.report.rundata import RunDirError

    try:
        show_command(run_dir, _console())
    except RunDirError as exc:
        raise _fail(str(exc)) from None


@app.command()
def compare(
    run_a: Annotated[Path, typer.Argument(help="The first run directory.")],
    run_b: Annotated[Path, typer.Argument(help="The second run directory.")],
) -> None:
    """List the tasks that flipped between two runs graded the same way."""
    from assistworld.report.commands import compare_command
    from assistworld.report.rundata import RunDirError

    try:
        code = compare_command(run_a, run_b, _console())
    except RunDirError as exc:
        raise _fail(str(exc)) from None
    if code:
        raise typer.Exit(code=code)


@app.command()
def generate(
    suite: Annotated[Path, typer.Option(help="Folder the accepted task files are written to.")],
    model: Annotated[str, typer.Option(help="The generator model (a model string).")],
    focus: Annotated[str | None, typer.Option(help="Focus instruction for new queries.")] = None,
    queries: Annotated[
        Path | None, typer.Option(help="Your own queries, one per line: the model writes programs.")
    ] = None,
    n: Annotated[int, typer.Option(min=1, help="Programs per round.")] = 3,
    auto: Annotated[
        bool, typer.Option(help="No questions: keep only tasks that pass every audit.")
    ] = False,
    rounds: Annotated[int, typer.Option(min=1, help="With --auto: rounds in all.")] = 1,
    session: Annotated[
        Path | None, typer.Option(help="Session folder (default <suite>/.generation); resumes.")
    ] = None,
    guidelines: Annotated[
        Path | None, typer.Option(help="YAML file replacing the bundled guidelines.")
    ] = None,
    category: Annotated[str, typer.Option(help="Category (and id prefix) of new tasks.")] = (
        "generated"
    ),
    min_kill_rate: Annotated[
        float, typer.Option(help="Share of mutants the evaluation must reject.")
    ] = MIN_TASK_KILL_RATE,
    timeout: Annotated[float, typer.Option(help="Seconds per program run in audits.")] = 30.0,
    unsafe: Annotated[bool, typer.Option(help="Audit without the sandbox.")] = False,
) -> None:
    """Write new tasks with a model, the person in charge of every step; every task is audited."""
    from assistworld.paradigms.aspera.generation.command import generate_command

    code = generate_command(
        suite,
        model,
        focus=focus,
        queries_file=queries,
        n=n,
        auto=auto,
        session_dir=session,
        console=_console(),
        guidelines_file=guidelines,
        category=category,
        rounds=rounds,
        min_kill_rate=min_kill_rate,
        timeout=timeout,
        unsafe=unsafe,
    )
    if code:
        raise typer.Exit(code=code)


@app.command("tools")
def list_tools(
    suite: Annotated[
        str,
        typer.Option(
            "--suite", help="A suite's name or path. For now every suite uses the workplace tools."
        ),
    ] = "workplace",
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
) -> None:
    """List every tool an agent may call: app, effect (read, write, pure) and JSON schema."""
    from assistworld.apps.workplace import toolset
    from assistworld.tools.listing import tools_json, tools_table

    tools = toolset()
    if as_json:
        print(tools_json(tools))
    else:
        _console().print(tools_table(tools, f"{suite}: {len(tools)} tools"))


@app.command()
def loopback(
    port: Annotated[int, typer.Option(min=0, max=65535, help="Port (0: any free one).")] = 0,
    latency: Annotated[float, typer.Option(min=0.0, help="Seconds before each reply.")] = 0.0,
    reply: Annotated[
        str, typer.Option(help="The reply to every request (default: a do-nothing program).")
    ] = LOOPBACK_REPLY,
    model: Annotated[str, typer.Option(help="The model name it answers to.")] = "loopback",
) -> None:
    """Serve a stand-in OpenAI-compatible model on 127.0.0.1 until Ctrl-C: fixed replies, optional
    latency; try a run end to end or time the harness without a model."""
    import time

    from assistworld.llm.loopback import LoopbackServer

    with LoopbackServer(reply, model=model, latency_s=latency, port=port) as server:
        print(
            f"serving at {server.base_url}; use --model openai-compatible:{model}@{server.base_url}"
        )
        sys.stdout.flush()
        try:
            while True:
                time.sleep(3600)
        except KeyboardInterrupt:
            print(f"stopped after {server.chat_requests} chat requests")


def main() -> None:
    """Entry point of the ``assistworld`` console script."""
    app(prog_name="assistworld")


if __name__ == "__main__":  # pragma: no cover
    main()
