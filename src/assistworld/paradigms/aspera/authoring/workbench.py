"""What every step of a session works with: settings, state, files, prompts, model, person.

Besides holding them, the workbench does the bookkeeping that steps share: saving the state and
the chats, writing draft files, logging the person's edits, setting tasks aside.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from rich.console import Console
from rich.markup import escape

from assistworld.core.atomic import write_atomically
from assistworld.llm import parse_model_spec
from assistworld.paradigms.aspera.authoring.draft_file import DraftRead, render_draft
from assistworld.paradigms.aspera.authoring.person import Person
from assistworld.paradigms.aspera.authoring.prompts import PromptBook
from assistworld.paradigms.aspera.authoring.records import SessionFiles
from assistworld.paradigms.aspera.authoring.state import (
    Draft,
    Message,
    Mode,
    Part,
    Round,
    SessionState,
    Version,
    save_state,
)
from assistworld.paradigms.aspera.grading.executors import make_executor
from assistworld.paradigms.aspera.grading.grade import Executor
from assistworld.paradigms.aspera.tasks.errors import SuiteError
from assistworld.paradigms.aspera.tasks.model import Task
from assistworld.paradigms.aspera.tasks.programs import EVALUATION_PREFIX, SETUP_PREFIX
from assistworld.paradigms.aspera.tasks.suite import load_suite
from assistworld.sandbox import InProcessExecutor, SandboxPool


class Asker(Protocol):
    """The generator model, as the steps use it."""

    spec: str

    def ask(self, messages: Sequence[Message]) -> str: ...


@dataclass(frozen=True)
class Settings:
    """How the session was started (see
    :func:`assistworld.paradigms.aspera.authoring.command.generate_command`)."""

    suite_dir: Path
    model: str
    mode: Mode
    n: int
    focus: str | None
    queries: tuple[str, ...]
    category: str
    min_kill_rate: float
    unsafe: bool
    timeout: float = 30.0


def function_name_for(prefix: str, plan: str, suffix: str) -> str:
    """``setup_env_<plan>`` / ``evaluate_<plan>``, with ``_<suffix>`` for later variants."""
    return prefix + plan + (f"_{suffix}" if suffix else "")


def setup_name(draft: Draft, suffix: str) -> str:
    return function_name_for(SETUP_PREFIX, draft.plan, suffix)


def evaluation_name(draft: Draft, suffix: str) -> str:
    return function_name_for(EVALUATION_PREFIX, draft.plan, suffix)


def _digest(*texts: str) -> str:
    return hashlib.sha256("\x00".join(texts).encode("utf-8")).hexdigest()[:12]


def _merge(old: list[Version], found: dict[str, str]) -> list[Version]:
    """Versions in file order, keeping what the engine knew about each suffix."""
    known = {version.suffix: version for version in old}
    merged = []
    for suffix, text in found.items():
        previous = known.get(suffix)
        if previous is None:
            merged.append(Version(suffix=suffix, text=text))
        else:
            merged.append(previous.model_copy(update={"text": text}))
    return merged


class Workbench:
    """Shared services and bookkeeping of one running session."""

    def __init__(
        self,
        settings: Settings,
        state: SessionState,
        files: SessionFiles,
        prompts: PromptBook,
        model: Asker,
        person: Person,
        console: Console,
    ) -> None:
        self.settings = settings
        self.state = state
        self.files = files
        self.prompts = prompts
        self.model = model
        self.person = person
        self.console = console
        self._executor: SandboxPool | InProcessExecutor | None = None
        self._suite_cache: tuple[tuple[tuple[str, int, int], ...], list[Task]] | None = None

    # -- services ----------------------------------------------------------------------------------

    def ask_model(self, messages: Sequence[Message], what: str) -> str:
        self.console.print(f"[dim]asking the model for {escape(what)} ...[/]", highlight=False)
        return self.model.ask(messages)

    def executor(self) -> Executor:
        """The sandbox (or the in-process runner with ``--unsafe``), started on first use."""
        if self._executor is None:
            self._executor = make_executor(
                unsafe=self.settings.unsafe, slots=2, timeout=self.settings.timeout
            )
        return self._executor

    def close(self) -> None:
        if self._executor is not None:
            self._executor.close()
            self._executor = None

    def suite_tasks(self) -> list[Task]:
        """The tasks already in the suite folder (bad files are skipped).

        Read again only when a task file was added, removed or changed since the last call.
        """
        folder = self.settings.suite_dir
        if not folder.is_dir():
            return []
        listing = tuple(
            sorted((p.name, p.stat().st_mtime_ns, p.stat().st_size) for p in folder.glob("*.py"))
        )
        if self._suite_cache is not None and self._suite_cache[0] == listing:
            return list(self._suite_cache[1])
        try:
            tasks = load_suite(folder, strict=False).tasks
        except SuiteError:
            tasks = []
        self._suite_cache = (listing, tasks)
        return list(tasks)

    # -- state and files ---------------------------------------------------------------------------

    def save(self) -> None:
        """Save the state atomically, and the chats of the current round."""
        save_state(self.files.root, self.state)
        current = self.state.current
        if current is None:
            return
        if current.chat:
            self.files.write_chat(current.tag, current.chat)
        for draft in current.drafts:
            if draft.chat:
                self.files.write_chat(f"{current.tag}-{draft.plan}", draft.chat)

    def draft_path(self, draft: Draft) -> Path:
        return self.files.root / draft.file

    def scenario(self, round_: Round) -> dict[str, Any]:
        spec = parse_model_spec(round_.model)
        scenario: dict[str, Any] = {"generator": f"{spec.provider}:{spec.model}"}
        if round_.focus:
            scenario["focus"] = round_.focus
        return scenario

    def write_draft(self, round_: Round, draft: Draft) -> Path:
        path = self.draft_path(draft)
        write_atomically(path, render_draft(draft, self.scenario(round_)))
        return path

    def sync_draft(self, draft: Draft, found: DraftRead) -> None:
        """Take the person's edits of the draft file into the state."""
        draft.query = found.query or draft.query
        draft.query_id = found.query_id or draft.query_id
        draft.category = found.category or draft.category
        draft.tags = found.tags
        if found.plan and found.plan != draft.plan:
            draft.plan = found.plan
        draft.program.text = found.program or draft.program.text
        draft.setups = _merge(draft.setups, found.setups)
        draft.evaluations = _merge(draft.evaluations, found.evaluations)

    # -- records -----------------------------------------------------------------------------------

    def log_version(
        self,
        round_: Round,
        subject: str,
        part: Part,
        version: Version,
        decision: str,
        note: str = "",
    ) -> None:
        """One edit-log line: the model's text next to the person's, and what they decided."""
        chat = f"chats/{round_.tag}" + (f"-{subject}" if part != "program" else "") + ".json"
        self.files.edit_log.append(
            {
                "id": "/".join(
                    (
                        round_.tag,
                        subject,
                        part + version.suffix,
                        decision,
                        _digest(version.model_text, version.text, note),
                    )
                ),
                "round": round_.number,
                "task": subject,
                "stage": part,
                "variant": version.suffix,
                "model": round_.model,
                "model_output": version.model_text,
                "final": version.text,
                "edited": version.model_text != version.text,
                "decision": decision,
                "feedback": note,
                "instructions": version.instructions,
                "chat": chat,
            }
        )

    def log_draft(self, round_: Round, draft: Draft, decision: str, note: str = "") -> None:
        """Log every program of a draft with the same decision (accept, quarantine, reject)."""
        self.log_version(round_, draft.plan, "program", draft.program, decision, note)
        for setup in draft.setups:
            self.log_version(round_, draft.plan, "setup", setup, decision, note)
        for evaluation in draft.evaluations:
            self.log_version(round_, draft.plan, "evaluation", evaluation, decision, note)

    def quarantine_draft(self, round_: Round, draft: Draft, reason: str) -> None:
        path = self.draft_path(draft)
        text = path.read_text(encoding="utf-8") if path.exists() else draft.program.text
        kept = self.files.set_aside(f"{round_.tag}-{draft.plan}", text, reason)
        self.files.quarantine.append(
            {
                "id": f"{round_.tag}/{draft.plan}",
                "round": round_.number,
                "task": draft.plan,
                "query": draft.query,
                "stage": draft.step,
                "reason": reason,
                "file": str(kept.relative_to(self.files.root)),
            }
        )
        self.log_draft(round_, draft, "quarantine", reason)
        draft.outcome, draft.reason, draft.step = "quarantined", reason, "done"
        self.console.print(
            f"[yellow]quarantined[/] {draft.query_id}: {escape(reason)}", highlight=False
        )

    def reject_draft(self, round_: Round, draft: Draft, reasons: list[str]) -> None:
        reason = "\n".join(reasons)
        self.files.rejected.append(
            {
                "id": f"{round_.tag}/{draft.plan}",
                "round": round_.number,
                "task": draft.plan,
                "query": draft.query,
                "stage": draft.step,
                "reasons": reasons,
                "verdict": draft.verdict.model_dump() if draft.verdict else None,
            }
        )
        self.log_draft(round_, draft, "reject", reason)
        draft.outcome, draft.reason, draft.step = "rejected", reason, "done"
        first = reasons[0] if reasons else "no reason"
        self.console.print(f"[red]rejected[/] {draft.query_id}: {escape(first)}", highlight=False)


def next_query_id(category: str, plan: str, taken: set[str], files: Sequence[str]) -> str:
    """``<category>_<NNN>_<plan>`` with the next number free among ``taken`` ids and file names."""
    slug = re.sub(r"[^a-z0-9]+", "_", category.lower()).strip("_") or "generated"
    pattern = re.compile(rf"^{re.escape(slug)}_(\d+)_")
    numbers = [
        int(match.group(1))
        for name in [*taken, *files]
        if (match := pattern.match(name)) is not None
    ]
    number = max(numbers, default=0) + 1
    candidate = f"{slug}_{number:03d}_{plan}"
    while candidate in taken:
        number += 1
        candidate = f"{slug}_{number:03d}_{plan}"
    return candidate
