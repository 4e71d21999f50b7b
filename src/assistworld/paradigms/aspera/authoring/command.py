"""``assistworld generate``: the task generation engine as one plain function the CLI calls.

Options (the typer command maps each flag to the keyword of the same name):

    --suite DIR            folder of task files that accepted tasks are written to (created if
                           missing); its queries go into the prompt, so the model avoids them
    --model MODEL          the generator: openai:NAME, openai-compatible:NAME@URL or local:NAME
    --focus TEXT           focus instruction for the invented queries (interactive: the default
                           answer each round, which the person can change)
    --queries FILE         the person's own queries, one per line (# comments and blank lines are
                           skipped); the model writes their programs instead of inventing queries
    --n N                  programs per round (default 3)
    --auto                 no questions: keep only tasks that pass every audit (reference passes,
                           do-nothing fails, kill rate >= --min-kill-rate) and report the rest
    --rounds R             with --auto: stop after R rounds in all (default 1)
    --session DIR          the session folder (default <suite>/.generation); rerunning the same
                           command with the same folder resumes the session where it stopped
    --guidelines FILE      YAML file replacing fields of the bundled guidelines and example list
    --category TEXT        category of new tasks, also the prefix of their ids (default generated)
    --min-kill-rate X      share of mutants the evaluation must reject (default 0.6)
    --timeout S            wall-clock seconds per program run in the audits (default 30)
    --unsafe               audit without the sandbox (in-process)

Exit status: 0 when the session ended, 1 when the model failed (the session is saved: rerun to
continue), 2 for bad input, 130 when interrupted (saved: rerun to continue).
"""

from __future__ import annotations

import json
from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from assistworld.core.atomic import write_atomically
from assistworld.llm import ModelConfigError, ModelError, parse_model_spec, preflight
from assistworld.paradigms.aspera.authoring.automatic import AutomaticPerson, Summary, summarise
from assistworld.paradigms.aspera.authoring.engine import Engine
from assistworld.paradigms.aspera.authoring.gate import DEFAULT_MIN_KILL_RATE
from assistworld.paradigms.aspera.authoring.guidelines import GuidelinesError, load_guidelines
from assistworld.paradigms.aspera.authoring.model_client import GeneratorModel
from assistworld.paradigms.aspera.authoring.person import Person, SessionInterrupted
from assistworld.paradigms.aspera.authoring.prompts import PromptBook
from assistworld.paradigms.aspera.authoring.records import SessionBusyError, SessionFiles
from assistworld.paradigms.aspera.authoring.state import SessionState, StateError, load_state
from assistworld.paradigms.aspera.authoring.terminal import EditorWait, TerminalPerson
from assistworld.paradigms.aspera.authoring.workbench import Settings, Workbench
from assistworld.sandbox import SandboxSetupError

DEFAULT_SESSION_DIR = ".generation"
REPORT_FILE = "report.json"

EXIT_OK, EXIT_MODEL_FAILED, EXIT_BAD_INPUT, EXIT_INTERRUPTED = 0, 1, 2, 130


class GenerateInputError(ValueError):
    """A bad option or file; the message names it and the fix."""


def read_queries(path: Path) -> tuple[str, ...]:
    """The queries of a ``--queries`` file: one per line, ``#`` comments and blanks skipped."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as error:
        raise GenerateInputError(
            f"{path}: cannot read the queries file ({error.strerror}); pass a text file with "
            "one query per line"
        ) from None
    queries = tuple(line.strip() for line in lines if line.strip() and line.lstrip()[:1] != "#")
    if not queries:
        raise GenerateInputError(f"{path}: holds no query; write one query per line")
    return queries


def _check_numbers(n: int, rounds: int, min_kill_rate: float, timeout: float) -> None:
    if n < 1:
        raise GenerateInputError("--n must be at least 1 (programs per round)")
    if rounds < 1:
        raise GenerateInputError("--rounds must be at least 1")
    if not 0.0 <= min_kill_rate <= 1.0:
        raise GenerateInputError("--min-kill-rate must be between 0 and 1, e.g. 0.6")
    if timeout <= 0:
        raise GenerateInputError("--timeout must be a positive number of seconds")


def _open_state(session_dir: Path, suite_dir: Path) -> SessionState:
    state = load_state(session_dir)
    if state is None:
        return SessionState(suite_dir=str(suite_dir))
    if Path(state.suite_dir) != suite_dir:
        raise GenerateInputError(
            f"the session in {session_dir} writes to the suite {state.suite_dir}, not "
            f"{suite_dir}; pass that --suite, or another --session folder for a new session"
        )
    return state


def _summary_table(summary: Summary) -> Table:
    table = Table(title="Generation session")
    table.add_column("")
    table.add_column("count", justify="right")
    table.add_column("details")
    table.add_row("programs written", str(summary.programs), "")
    table.add_row("accepted", str(len(summary.accepted)), ", ".join(summary.accepted))
    table.add_row("quarantined", str(summary.quarantined), "")
    reasons = "; ".join(f"{reason} ({count})" for reason, count in summary.reasons.most_common())
    table.add_row("rejected", str(summary.rejected), reasons)
    return table


def _write_report(session_dir: Path, summary: Summary, state: SessionState) -> None:
    report = {
        "programs": summary.programs,
        "accepted": summary.accepted,
        "quarantined": summary.quarantined,
        "rejected": summary.rejected,
        "reasons": dict(summary.reasons.most_common()),
        "rounds": len(state.rounds),
        "finished": state.finished,
    }
    write_atomically(session_dir / REPORT_FILE, json.dumps(report, indent=1) + "\n")


def generate_command(
    suite_dir: Path,
    model: str,
    *,
    focus: str | None,
    queries_file: Path | None,
    n: int,
    auto: bool,
    session_dir: Path | None,
    editor_wait: EditorWait | None = None,
    console: Console | None = None,
    guidelines_file: Path | None = None,
    category: str = "generated",
    rounds: int = 1,
    min_kill_rate: float = DEFAULT_MIN_KILL_RATE,
    timeout: float = 30.0,
    unsafe: bool = False,
) -> int:
    """Run (or resume) a generation session; return the exit status (see the module docstring)."""
    out = console or Console()
    try:
        _check_numbers(n, rounds, min_kill_rate, timeout)
        if suite_dir.exists() and not suite_dir.is_dir():
            raise GenerateInputError(f"--suite {suite_dir} is a file; pass a folder of task files")
        if not category.strip():
            raise GenerateInputError("--category must not be empty")
        queries = read_queries(queries_file) if queries_file is not None else ()
        spec = parse_model_spec(model)
        guidelines = load_guidelines(guidelines_file)
        prompts = PromptBook.build(guidelines)
        preflight(spec)
    except (GenerateInputError, GuidelinesError, ModelConfigError) as error:
        out.print(f"[bold red]error:[/] {escape(str(error))}", highlight=False)
        return EXIT_BAD_INPUT
    suite_dir.mkdir(parents=True, exist_ok=True)
    suite = suite_dir.resolve()
    session = (session_dir or suite / DEFAULT_SESSION_DIR).resolve()
    files = SessionFiles(session)
    try:
        files.lock()
        state = _open_state(session, suite)
    except (SessionBusyError, StateError, GenerateInputError) as error:
        files.unlock()
        out.print(f"[bold red]error:[/] {error}", highlight=False)
        return EXIT_BAD_INPUT
    settings = Settings(
        suite_dir=suite,
        model=model,
        mode="queries" if queries else "invent",
        n=n,
        focus=focus,
        queries=queries,
        category=category.strip(),
        min_kill_rate=min_kill_rate,
        unsafe=unsafe,
        timeout=timeout,
    )
    person: Person = (
        AutomaticPerson(focus, rounds) if auto else TerminalPerson(out, editor_wait=editor_wait)
    )
    resumed = f"resuming round {len(state.rounds)}" if state.rounds else "new session"
    out.print(
        f"Session [bold]{escape(str(session))}[/] ({resumed}); suite {escape(str(suite))}",
        highlight=False,
    )
    generator = GeneratorModel(model, session)
    bench = Workbench(settings, state, files, prompts, generator, person, out)
    status = EXIT_OK
    try:
        Engine(bench).run()
    except (SessionInterrupted, KeyboardInterrupt):
        out.print(
            f"Interrupted. The session is saved in {session}; run the same command again "
            "to continue.",
            highlight=False,
        )
        status = EXIT_INTERRUPTED
    except ModelError as error:
        out.print(
            f"[bold red]the model failed:[/] {error}. The session is saved; run the same "
            "command again to continue.",
            highlight=False,
        )
        status = EXIT_MODEL_FAILED
    except SandboxSetupError as error:
        out.print(f"[bold red]error:[/] {error}", highlight=False)
        status = EXIT_BAD_INPUT
    finally:  # the state was saved after the last whole step; a step cut short is redone
        bench.close()
        generator.close()
        files.unlock()
    summary = summarise(state)
    _write_report(session, summary, state)
    out.print(_summary_table(summary))
    return status
