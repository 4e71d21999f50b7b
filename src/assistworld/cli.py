"""The ``assistworld`` command line."""

from __future__ import annotations

import os
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer
from rich.console import Console

from assistworld.paradigms.aspera.agents import (
    Agent,
    ReplayFileError,
    UnknownAgentError,
    build_agent,
)
from assistworld.paradigms.aspera.tasks.suite import Suite, SuiteError, load_suite
from assistworld.progress import run_progress
from assistworld.report.terminal import headline_table
from assistworld.runner.session import RunSettings, RunSetupError, execute_run, make_executor
from assistworld.sandbox import InProcessExecutor, SandboxPool, SandboxSetupError

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Evaluate assistants that write programs against a simulated workplace.",
)

T = TypeVar("T")

USER_ERRORS: tuple[type[Exception], ...] = (
    RunSetupError,
    SuiteError,
    ReplayFileError,
    UnknownAgentError,
    SandboxSetupError,
)


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
    except USER_ERRORS as exc:
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
    cache: Annotated[
        bool, typer.Option(help="Reuse cached model replies (re-runs make no calls).")
    ] = True,
    model_concurrency: Annotated[
        int, typer.Option(min=1, help="Model requests in flight at once.")
    ] = 8,
    threads: Annotated[int, typer.Option(min=1, help="CPU threads for a local model.")] = 2,
) -> None:
    """Run an agent over a suite and write results.jsonl, manifest.json and summary.json."""
    from assistworld.llm import ClientSettings, ModelConfigError, ModelPool, preflight
    from assistworld.paradigms.aspera.agents.model_calls import GenerationSettings
    from assistworld.paradigms.aspera.agents.registry import MODEL_AGENT_NAMES

    loaded = _user_errors(lambda: load_suite(suite))
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    run_dir = out or Path("runs") / f"{loaded.name}-{agent}-{stamp}"
    settings = RunSettings(
        out_dir=run_dir,
        concurrency=concurrency,
        limit=limit,
        task_ids=[t.strip() for t in tasks.split(",") if t.strip()] if tasks else None,
        timeout=timeout,
        resume=resume,
        unsafe=unsafe,
        options={"return_type_hint": return_type_hint, "cache": cache},
    )
    if agent in MODEL_AGENT_NAMES and model:
        try:
            preflight(model)
        except ModelConfigError as exc:
            raise _fail(str(exc)) from None
    pool = ModelPool(
        ClientSettings(use_cache=cache, concurrency=model_concurrency, local_threads=threads)
    )
    executor = _user_errors(lambda: make_executor(settings))
    try:
        chosen = _user_errors(
            lambda: build_agent(
                agent,
                programs=programs,
                model=model,
                models=pool,
                executor=executor,
                return_type_hint=return_type_hint,
                dry_runs=dry_runs,
                guidelines=guidelines,
                generation=GenerationSettings(temperature=temperature, max_tokens=max_tokens),
            )
        )
        _run_with_progress(loaded, chosen, settings, executor, pool.describe())
    finally:
        pool.close()
        executor.close()


def _run_with_progress(
    loaded: Suite,
    chosen: Agent,
    settings: RunSettings,
    executor: SandboxPool | InProcessExecutor,
    models: dict[str, Any],
) -> None:
    console = _console()
    progress = run_progress(console, loaded.name)
    with progress:
        report = _user_errors(
            lambda: execute_run(
                loaded,
                chosen,
                settings,
                executor=executor,
                models=models,
                on_start=progress.start,
                on_result=progress.finished,
            )
        )
    console.print(headline_table(report.metrics, title=f"{loaded.name} · {chosen.name}"))
    layers = ", ".join(report.manifest["sandbox_layers"]) or "none"
    console.print(
        f"{len(report.results)} tasks ({report.ran_now} run now) · sandbox: {layers} · "
        f"results in {report.run_dir}",
        highlight=False,
    )


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
    from assistworld.paradigms.aspera.tasks.listing import (
        render_rows,
        render_summary,
        rows_to_json,
        summarise,
        task_rows,
    )

    loaded = _user_errors(lambda: load_suite(suite, strict=False))
    console = _console()
    for problem in loaded.errors:
        Console(stderr=True).print(f"[yellow]skipped[/] {problem}", highlight=False)
    rows = task_rows(loaded.tasks, with_programs=with_programs)
    if summary:
        summed = summarise(rows)
        if as_json:
            print(summed.model_dump_json(indent=2))
        else:
            console.print(render_summary(summed, title=f"{loaded.name}: {summed.tasks} tasks"))
        return
    if as_json:
        print(rows_to_json(rows))
    else:
        console.print(render_rows(rows, title=f"{loaded.name}: {len(rows)} tasks"))


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
    from assistworld.paradigms.aspera.evaluation.audit_command import run_verify

    loaded = _user_errors(lambda: load_suite(suite))
    ids = [t.strip() for t in tasks.split(",") if t.strip()] if tasks else None
    ok = _user_errors(
        lambda: run_verify(
            loaded,
            _console(),
            task_ids=ids,
            mutants=mutants,
            unsafe=unsafe,
            timeout=timeout,
            show_survivors=show_survivors,
        )
    )
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
    ] = 0.6,
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


def main() -> None:
    """Entry point of the ``assistworld`` console script."""
    app(prog_name="assistworld")


if __name__ == "__main__":  # pragma: no cover
    main()
