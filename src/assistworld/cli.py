"""The ``assistworld`` command line."""

from __future__ import annotations

import functools
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import typer
from rich.console import Console

from assistworld.cli_flags import FlagCommand, FlagGroup
from assistworld.cli_options import CHOSEN, ParadigmOptionsCommand
from assistworld.core.errors import UserError

if TYPE_CHECKING:
    from assistworld.cli_option_flags import ChosenOptions
    from assistworld.progress import RunProgress
    from assistworld.runner.build import PreparedRun

app = typer.Typer(
    cls=FlagGroup,
    add_completion=False,
    no_args_is_help=True,
    help=(
        "Evaluate assistants acting in a simulated world: writing programs (ASPERA), planning "
        "API calls (AppBench) or calling tools turn by turn with a simulated user (ASTRA)."
    ),
)

T = TypeVar("T")

MIN_TASK_KILL_RATE = 0.6
"""``generate --min-kill-rate``'s default; a test holds it equal to the audits' own threshold
(``paradigms.aspera.evaluation.thresholds``), which is not imported for ``--help``."""


LOOPBACK_REPLY = "```python\ndef do_nothing():\n    return None\n```"
"""What ``assistworld loopback`` answers by default: a program that does nothing."""

LOG_WIDTH = 160
"""Columns used when the output is a file or a pipe: rich's default of 80 cuts the metrics
table's group names and column headings to a few letters each."""


def _console() -> Console:
    # Bound to the stream of the moment, not looked up at each write: an in-process program run
    # (--unsafe) swaps sys.stdout while it is graded in a worker thread, and a progress line
    # printed meanwhile must reach the terminal, not that program's captured output.
    console = Console(file=sys.stdout)
    if not console.is_terminal and "COLUMNS" not in os.environ:
        console.width = LOG_WIDTH
    return console


def _fail(message: str) -> typer.Exit:
    Console(stderr=True).print(f"[bold red]error:[/] {message}", highlight=False, soft_wrap=True)
    return typer.Exit(code=2)


def _writable(path: Path, flag: str, *, folder: bool = False) -> None:
    """Refuse, before any work, an output path that cannot be written: a file name that is a
    folder (unless a folder is what ``flag`` takes), or a place that cannot be created."""
    if not folder and path.is_dir():
        raise _fail(f"{flag} {path} is a folder; give a file name (e.g. {path / 'report.html'})")
    try:  # the folder it goes in is made now: a check of permissions alone misleads root
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise _fail(
            f"{flag} {path}: cannot create it ({error.strerror}); choose a place you can write to"
        ) from None


def _user_errors(action: Callable[[], T]) -> T:
    """Run ``action``; turn a user error (any :class:`UserError`) into one clear line and exit
    status 2."""
    try:
        return action()
    except UserError as exc:
        raise _fail(str(exc)) from None


SuiteOption = Annotated[
    str, typer.Option("--suite", help="A bundled suite's name (e.g. workplace) or a path.")
]


WHAT = "What to run"
MODEL = "Model agents (cck, ps, selfdebug, hierarchical, flat, tools)"
HOW = "How to run"


class RunCommand(ParadigmOptionsCommand):
    """``run``: its own flags, then each paradigm's run options in a panel of their own (the
    sampling options every model agent reads among the model agents' flags)."""

    common_panel = MODEL
    panels_after = HOW


def _in_panel(panel: str) -> Callable[..., Any]:
    """``typer.Option`` shown under ``panel`` in ``--help``."""
    return functools.partial(typer.Option, rich_help_panel=panel)


_what, _model, _how = map(_in_panel, (WHAT, MODEL, HOW))


@app.command(cls=RunCommand)
def run(
    ctx: typer.Context,
    suite: Annotated[
        str, _what("--suite", metavar="S", help="Bundled suite name or a path.")
    ] = "workplace",
    agent: Annotated[
        str, _what(metavar="A", help="oracle, null, replay or a model agent.")
    ] = "oracle",
    tasks: Annotated[
        str | None, _what(metavar="IDS", help="Only these task ids (comma-separated).")
    ] = None,
    limit: Annotated[
        int | None,
        _what(min=1, metavar="N", help="N tasks spread over the categories (and kinds)."),
    ] = None,
    seed: Annotated[int, _what(metavar="S", help="Which --limit sample (recorded).")] = 0,
    programs: Annotated[
        Path | None,
        _what(metavar="FILE", help="replay: JSONL of one agent output per task."),
    ] = None,
    all_tasks: Annotated[
        bool, _what("--all-tasks", help="replay: also score tasks the file lacks.")
    ] = False,
    command: Annotated[
        str | None,
        _what(metavar="CMD", help="external: the agent's command (reads ASSISTWORLD_MCP_URL)."),
    ] = None,
    time_limit: Annotated[
        float | None,
        _what(min=1, metavar="S", help="external: seconds an episode may last (600)."),
    ] = None,
    model: Annotated[
        str | None,
        _model(
            metavar="SPEC",
            help="openai:gpt-4o, openai-compatible:NAME@URL or local:qwen2.5-coder-1.5b.",
        ),
    ] = None,
    no_cache: Annotated[bool, _model("--no-cache", help="Ignore cached model replies.")] = False,
    stream: Annotated[
        bool, _model("--stream", help="HTTP servers: stream replies (server-sent events).")
    ] = False,
    model_timeout: Annotated[
        float,
        _model(min=1, metavar="S", help="HTTP servers: seconds to wait for a reply (or a chunk)."),
    ] = 120.0,
    model_concurrency: Annotated[
        int, _model(min=1, metavar="N", help="Model requests in flight.")
    ] = 8,
    prices: Annotated[
        Path | None,
        _model(metavar="FILE", help="Your model prices (JSON/TOML, USD per million tokens)."),
    ] = None,
    threads: Annotated[
        int,
        _model(
            min=1, metavar="N", help="Local model: prompt threads (decode: all if idle, else half)."
        ),
    ] = 2,
    judge_model: Annotated[
        str | None,
        _model(metavar="SPEC", help="A model that grades the results too (suites with a judge)."),
    ] = None,
    out: Annotated[
        Path | None, _how(metavar="DIR", help="Run directory (default runs/...).")
    ] = None,
    resume: Annotated[bool, _how("--resume", help="Continue the run in --out.")] = False,
    concurrency: Annotated[int, _how(min=1, metavar="N", help="Tasks at once.")] = 4,
    samples: Annotated[
        int, _how(min=1, metavar="K", help="Solve each task K times: pass@k, pass^k.")
    ] = 1,
    timeout: Annotated[
        float, _how(metavar="S", help="Seconds per program run or plan execution.")
    ] = 30.0,
    unsafe: Annotated[bool, _how("--unsafe", help="Run programs unsandboxed (recorded).")] = False,
    shard: Annotated[
        str | None, _how(metavar="K/N", help="Run part K of N (one per machine); see merge.")
    ] = None,
) -> None:
    """Run an agent over a suite and write results.jsonl, manifest.json and summary.json."""
    chosen: ChosenOptions = ctx.meta[CHOSEN]  # the paradigms' options: see RunCommand
    # said at once: loading the suite, starting the sandbox and the agent take seconds
    _console().print(
        f"{suite}: loading the suite, the sandbox and the {agent} agent",
        highlight=False,
        soft_wrap=True,
    )
    from assistworld.runner.build import RunRequest, build_run

    request = RunRequest(
        suite=suite,
        agent=agent,
        model=model,
        programs=programs,
        out=out,
        concurrency=concurrency,
        limit=limit,
        seed=seed,
        task_ids=[t.strip() for t in tasks.split(",") if t.strip()] if tasks else None,
        all_tasks=all_tasks,
        samples=samples,
        timeout=timeout,
        resume=resume,
        unsafe=unsafe,
        cache=not no_cache,
        model_concurrency=model_concurrency,
        threads=threads,
        judge_model=judge_model,
        shard=shard,
        prices=prices,
        stream=stream,
        model_timeout=model_timeout,
        agent_options=chosen.values,
        given_options=chosen.given,
        command=command,
        time_limit=time_limit,
    )
    with _user_errors(lambda: build_run(request)) as prepared:
        _run_with_progress(prepared)


def _run_with_progress(prepared: PreparedRun) -> None:
    from assistworld.core.agent import NotesSkipped
    from assistworld.progress import run_progress
    from assistworld.report.commands import paradigm_views, print_paradigm_figures
    from assistworld.report.terminal import headline_table, role_usage_table, samples_table
    from assistworld.runner.session import execute_run

    _answer_ctrl_c()  # the kept results and the resume command are said on Ctrl-C
    console = _console()
    name = prepared.suite.name
    progress = run_progress(console, name)
    prepared.listen(progress.note)
    on_start, on_result = _announcing_the_judge(progress, prepared)
    try:
        with progress:
            report = _user_errors(
                lambda: execute_run(
                    prepared.suite,
                    prepared.agent,
                    prepared.settings,
                    executor=prepared.executor,
                    models=prepared.describe_models,
                    on_start=on_start,
                    on_result=on_result,
                    judge=prepared.judge,
                )
            )
    except KeyboardInterrupt:
        raise _interrupted(prepared.settings.out_dir) from None
    paradigm = prepared.paradigm
    title = f"{name} · {prepared.agent.name}"
    console.print(headline_table(report.metrics, title=title, hooks=paradigm.report))
    if report.metrics.samples is not None:
        console.print(samples_table(report.metrics.samples))
    print_paradigm_figures(paradigm_views(paradigm, report.results), console)
    layers = ", ".join(report.manifest["sandbox_layers"]) or "none"
    samples = report.metrics.samples
    counted = (
        f"{samples.tasks} tasks × {samples.samples} samples"
        if samples is not None
        else f"{len(report.results)} tasks"
    )
    earlier = f", {report.earlier} from earlier invocations" if report.earlier else ""
    console.print(
        f"{counted} ({report.ran_now} run now{earlier}) · sandbox: {layers} · results in "
        f"{report.run_dir}",
        highlight=False,
        soft_wrap=True,
    )
    replies = _replies_line(report.usage_now, report.metrics.usage, resumed=report.earlier > 0)
    if replies:
        console.print(replies, highlight=False, soft_wrap=True)
    if report.metrics.usage_by_role:
        console.print(role_usage_table(report.metrics.usage_by_role))
    note = prepared.agent.skipped_note() if isinstance(prepared.agent, NotesSkipped) else None
    if note:
        console.print(note, highlight=False)


def _announcing_the_judge(progress: RunProgress, prepared: PreparedRun) -> tuple[Any, Any]:
    """The progress callbacks, saying when the last task is done that the judge now grades the
    conversations (which takes a while after the bar is full)."""
    if prepared.judge is None:
        return progress.start, progress.finished
    model = prepared.judge.settings().get("model", "the judge")
    left = [0]

    def announce() -> None:
        progress.note(f"the judge ({model}) grades each conversation now")

    def start(total: int, done: int, passed: int) -> None:
        progress.start(total, done, passed)
        left[0] = total - done
        if left[0] == 0:
            announce()

    def finished(result: Any) -> None:
        progress.finished(result)
        left[0] -= 1
        if left[0] == 0:
            announce()

    return start, finished


def _replies_line(
    now: dict[str, Any], whole: dict[str, Any], *, resumed: bool = False
) -> str | None:
    """How many model replies this invocation used and how many came from the cache; after a
    resume, the earlier invocations' replies are named apart."""
    calls, cached = int(now.get("calls", 0)), int(now.get("cache_hits", 0))
    before = int(whole.get("calls", 0)) + int(whole.get("cache_hits", 0)) - calls - cached
    if not calls + cached and not before:
        return None
    line = f"model replies: {calls + cached} ({cached} from the cache, {calls} asked now)"
    if resumed:
        line += f"; earlier invocations of this run: {before}"
    return line


def _load_suite(suite: str) -> Any:
    """The suite named or at ``suite`` (imported here: ``--help`` needs no paradigm)."""
    from assistworld.core.registry import load_suite

    return load_suite(suite)


def _answer_ctrl_c() -> None:
    """Make Ctrl-C (SIGINT) raise KeyboardInterrupt even where the shell that started the command
    in the background set it to be ignored, as shells do; only the main thread can."""
    import signal
    import threading

    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.default_int_handler)


def _interrupted(run_dir: Path) -> typer.Exit:
    """Ctrl-C: say how many results are kept and the exact command that continues the run."""
    from assistworld.core.store import MANIFEST_FILE
    from assistworld.runner.interrupted import kept_results, resume_command

    console = Console(stderr=True)
    if not (run_dir / MANIFEST_FILE).is_file():  # stopped before the run began: nothing to resume
        console.print("[yellow]interrupted[/] before the first task started", highlight=False)
        return typer.Exit(code=130)
    kept = kept_results(run_dir)
    console.print(
        f"[yellow]interrupted:[/] {kept} finished task{'s' if kept != 1 else ''} kept in "
        f"{run_dir}; continue with:",
        highlight=False,
    )
    command = resume_command(sys.argv[1:], run_dir)
    console.print(f"  {command}", highlight=False, markup=False, soft_wrap=True)
    return typer.Exit(code=130)


@app.command("suites", cls=FlagCommand)
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


@app.command("tasks", cls=FlagCommand)
def list_tasks(
    suite: SuiteOption = "workplace",
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
    with_programs: Annotated[
        bool, typer.Option("--with-programs", help="aspera: include each reference program's text.")
    ] = False,
    summary: Annotated[
        bool,
        typer.Option("--summary", help="Counts per category and kind and complexity statistics."),
    ] = False,
) -> None:
    """List a suite's tasks: id, query and what each holds (pairs, calls and apps, turns)."""
    from assistworld.core.registry import get_paradigm

    loaded = _user_errors(lambda: _load_suite(suite))  # a broken file is refused, as by run
    get_paradigm(loaded.paradigm).list_tasks(
        loaded, _console(), as_json=as_json, summary=summary, with_programs=with_programs
    )


@app.command(cls=FlagCommand)
def verify(
    suite: SuiteOption = "workplace",
    mutants: Annotated[
        bool,
        typer.Option(
            "--mutants", help="Also generate mutants of each reference and report kill rates."
        ),
    ] = False,
    tasks: Annotated[str | None, typer.Option(help="Comma-separated task ids.")] = None,
    unsafe: Annotated[
        bool,
        typer.Option("--unsafe", help="Run programs in-process, without the sandbox (faster)."),
    ] = False,
    timeout: Annotated[float, typer.Option(help="Wall-clock seconds per program run.")] = 30.0,
    show_survivors: Annotated[
        bool,
        typer.Option("--show-survivors", help="List every mutant the evaluation failed to reject."),
    ] = False,
    by_operator: Annotated[
        bool,
        typer.Option(
            "--by-operator", help="With --mutants: killed and equivalent counts per operator."
        ),
    ] = False,
) -> None:
    """Prove a suite sound: the reference passes, doing nothing fails, mutants are rejected."""
    from assistworld.core.paradigm import VerifyRequest
    from assistworld.core.registry import get_paradigm

    loaded = _user_errors(lambda: _load_suite(suite))
    ids = [t.strip() for t in tasks.split(",") if t.strip()] if tasks else None
    request = VerifyRequest(
        task_ids=ids,
        mutants=mutants,
        unsafe=unsafe,
        timeout=timeout,
        show_survivors=show_survivors,
        by_operator=by_operator,
    )
    paradigm = get_paradigm(loaded.paradigm)
    ok = _user_errors(lambda: paradigm.verify(loaded, _console(), request))
    if not ok:
        raise typer.Exit(code=1)


@app.command(cls=FlagCommand)
def report(
    run_dirs: Annotated[list[Path], typer.Argument(help="One or more run directories.")],
    out: Annotated[
        Path | None,
        typer.Option(metavar="FILE", help="HTML file (default: report.html in the first run)."),
    ] = None,
) -> None:
    """Write one self-contained HTML report (plots, error breakdown, every task) of the runs."""
    from assistworld.report.commands import report_command
    from assistworld.report.rundata import RunDirError

    if out is not None:
        _writable(out, "--out")
    try:
        written = report_command(run_dirs, out or run_dirs[0] / "report.html")
    except RunDirError as exc:
        raise _fail(str(exc)) from None
    _console().print(f"report written to {written}", highlight=False)


@app.command(cls=FlagCommand)
def merge(
    run_dirs: Annotated[list[Path], typer.Argument(help="The shards' run directories.")],
    out: Annotated[Path, typer.Option(metavar="DIR", help="The merged run directory (new).")],
) -> None:
    """Join the run directories of `run --shard K/N` into one run directory."""
    from assistworld.runner.merge import describe_missing, merge_runs

    report = _user_errors(lambda: merge_runs(run_dirs, out))
    console = _console()
    console.print(
        f"merged shards {', '.join(report.shards)}: {report.results} results in {report.out_dir}",
        highlight=False,
    )
    for line in describe_missing(report):
        console.print(f"[yellow]missing:[/] {line}", highlight=False)


@app.command(cls=FlagCommand)
def show(
    run_dir: Annotated[Path, typer.Argument(help="A run directory.")],
    from_records: Annotated[
        bool,
        typer.Option(
            "--from-records",
            help="Compute the figures from results.jsonl even where summary.json holds them.",
        ),
    ] = False,
) -> None:
    """Print a run's headline metrics and manifest."""
    from assistworld.report.commands import show_command
    from assistworld.report.rundata import RunDirError

    try:
        show_command(run_dir, _console(), from_records=from_records)
    except RunDirError as exc:
        raise _fail(str(exc)) from None


@app.command(cls=FlagCommand)
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


@app.command(cls=FlagCommand)
def generate(
    suite: Annotated[Path, typer.Option(help="Folder the accepted task files are written to.")],
    model: Annotated[str, typer.Option(help="The generator model (a model string).")],
    focus: Annotated[str | None, typer.Option(help="Focus instruction for new queries.")] = None,
    queries: Annotated[
        Path | None, typer.Option(help="Your own queries, one per line: the model writes programs.")
    ] = None,
    n: Annotated[int, typer.Option(min=1, help="Programs per round.")] = 3,
    auto: Annotated[
        bool, typer.Option("--auto", help="No questions: keep only tasks that pass every audit.")
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
    unsafe: Annotated[bool, typer.Option("--unsafe", help="Audit without the sandbox.")] = False,
) -> None:
    """Write new tasks with a model, the person in charge of every step; every task is audited."""
    from assistworld.paradigms.aspera.authoring.command import generate_command

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


world_app = typer.Typer(
    cls=FlagGroup, no_args_is_help=True, help="Personal worlds from protagonists' storylines."
)
app.add_typer(world_app, name="world")


@world_app.command("generate", cls=FlagCommand)
def world_generate(
    protagonist: Annotated[
        list[str],
        typer.Option(help="A bundled protagonist's name, a protagonist file, or 'all'."),
    ],
    seed: Annotated[int, typer.Option(help="The seed: the same seed, the same world.")] = 0,
    days: Annotated[int, typer.Option(min=14, help="Days of storyline.")] = 21,
    out: Annotated[
        Path | None, typer.Option(help="The JSON file (a folder for several protagonists).")
    ] = None,
    model: Annotated[
        str | None,
        typer.Option(help="Project with this model (draft, critique, revise); default: templates."),
    ] = None,
    critique_model: Annotated[str | None, typer.Option(help="Model for the critique.")] = None,
    revise_model: Annotated[str | None, typer.Option(help="Model for the revisions.")] = None,
    session: Annotated[
        Path | None, typer.Option(help="Folder of accepted projections (resumes a stopped run).")
    ] = None,
) -> None:
    """Generate a personal world from a protagonist's storyline and print its statistics."""
    from assistworld.paradigms.astra.authoring.storylines import WORLD_ERRORS
    from assistworld.paradigms.astra.authoring.storylines.command import (
        CascadeOptions,
        generate_command,
    )

    cascade = CascadeOptions(model, critique_model, revise_model, session)
    if out is not None:
        _writable(out, "--out", folder=True)
    try:
        generate_command(protagonist, seed, days, out, _console(), cascade)
    except WORLD_ERRORS as exc:
        raise _fail(str(exc)) from None


@app.command("tools", cls=FlagCommand)
def list_tools(
    suite: SuiteOption = "workplace",
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the OpenAI tool definitions as JSON.")
    ] = False,
) -> None:
    """List the tools a suite's agents act with: app, effect (read, write, pure) and JSON schema."""
    from assistworld.core.registry import get_paradigm
    from assistworld.tools.listing import tools_json, tools_table

    loaded = _user_errors(lambda: _load_suite(suite))
    tools = [tool for toolset in get_paradigm(loaded.paradigm).toolsets(loaded) for tool in toolset]
    if as_json:
        print(tools_json(tools))
    elif not tools:
        _console().print(f"{suite}: no tools (its tasks' apps are only described)", highlight=False)
    else:
        _console().print(tools_table(tools, f"{suite}: {len(tools)} tools"))


@app.command(cls=FlagCommand)
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

    _answer_ctrl_c()
    with LoopbackServer(reply, model=model, latency_s=latency, port=port) as server:
        try:  # from the announcement on: a Ctrl-C right after it still ends with the count
            print(
                f"serving at {server.base_url}; "
                f"use --model openai-compatible:{model}@{server.base_url}"
            )
            sys.stdout.flush()
            while True:
                time.sleep(3600)
        except KeyboardInterrupt:
            print(f"stopped after {server.chat_requests} chat requests")


@app.command("mcp", cls=FlagCommand)
def mcp_episode(
    suite: Annotated[str, typer.Option("--suite", metavar="S", help="Bundled suite or a path.")],
    task: Annotated[str, typer.Option("--task", metavar="ID", help="The task to serve.")],
    user_model: Annotated[
        str | None,
        typer.Option(metavar="SPEC", help="astra: the simulated user's model ('scripted')."),
    ] = None,
    dry_runs: Annotated[
        int, typer.Option(min=1, metavar="N", help="Program suites: trial runs allowed.")
    ] = 3,
    timeout: Annotated[float, typer.Option(metavar="S", help="Seconds per program run.")] = 30.0,
    unsafe: Annotated[
        bool, typer.Option("--unsafe", help="Run programs unsandboxed (no root needed).")
    ] = False,
) -> None:
    """Serve one task's episode over stdio (an MCP client's server command); when the client
    calls finish or leaves, print the graded result to stderr."""
    import json

    from assistworld.runner.one_episode import EpisodeRequest, serve_one_episode

    request = EpisodeRequest(
        suite=suite,
        task_id=task,
        unsafe=unsafe,
        timeout=timeout,
        options={"user_model": user_model, "dry_runs": dry_runs},
    )
    result = _user_errors(lambda: serve_one_episode(request))
    verdict = "passed" if result.passed else f"failed: {result.outcome}"
    print(f"{result.query_id}: {verdict} (score {result.score:g})", file=sys.stderr)
    print(json.dumps(result.model_dump(mode="json"), ensure_ascii=False), file=sys.stderr)


def main() -> None:
    """Entry point of the ``assistworld`` console script."""
    app(prog_name="assistworld")


if __name__ == "__main__":  # pragma: no cover
    main()
