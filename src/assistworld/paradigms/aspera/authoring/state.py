"""The state of a generation session: where each round and each task draft stands.

The engine advances one step at a time and saves this state atomically after every step, so a
session that crashes or is interrupted resumes exactly where it stopped. Everything a step needs
to redo its work (model replies, the person's edits and decisions) is in here; files in the
session folder (staging files, chats, logs) are views of it or append-only records.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, ValidationError

from assistworld.core.atomic import write_atomically

STATE_FILE = "state.json"
STATE_FORMAT = 1

Mode = Literal["invent", "queries"]
Mark = Literal["keep", "quarantine", "revise"]
Outcome = Literal["accepted", "quarantined", "rejected"]
RoundStep = Literal["focus", "write-programs", "review-programs", "revise-programs", "tasks", "end"]
DraftStep = Literal[
    "setup-instructions",
    "write-setup",
    "review-setups",
    "write-evaluations",
    "review-task",
    "revise",
    "audit",
    "refused",
    "doubts",
    "save",
    "done",
]
Part = Literal["program", "setup", "evaluation"]


class StateError(ValueError):
    """A session folder whose state cannot be used; the message says what to do."""


class Message(BaseModel):
    """One chat turn, as sent to the model."""

    role: Literal["system", "user", "assistant"]
    content: str


class Version(BaseModel):
    """One program the engine tracks: what the model last wrote and what it is now."""

    suffix: str = ""
    """The variant suffix of a setup or evaluation function (``""`` for the first)."""
    model_text: str = ""
    """The model's latest text; empty when the person wrote the program."""
    text: str = ""
    """The current text, with the person's edits."""
    instructions: str = ""
    """Setups: what the person asked this starting state to be."""


class Section(BaseModel):
    """One action program of a round's staging file."""

    number: int
    model_text: str
    text: str
    mark: Mark = "keep"
    note: str = ""
    """The quarantine reason or the revision feedback."""
    outcome: Outcome | None = None


class Verdict(BaseModel):
    """The audit of a candidate task, with the evidence shown to the person and the model."""

    problems: list[str] = Field(default_factory=list)
    """Rules broken: each refuses the task."""
    doubts: list[str] = Field(default_factory=list)
    """Weaknesses the person must accept explicitly (automatic mode refuses some)."""
    mutants: int = 0
    killed: int = 0
    equivalent: int = 0
    kill_rate: float = 1.0
    survivors: list[str] = Field(default_factory=list)
    """``operator: what it changed`` for each mutant the evaluation accepted."""
    null_passed: bool = False

    @property
    def refused(self) -> bool:
        return bool(self.problems)


class Draft(BaseModel):
    """A kept action program on its way to becoming a task."""

    plan: str
    query: str
    query_id: str
    category: str
    tags: list[str] = Field(default_factory=list)
    file: str
    """The draft task file, relative to the session folder."""
    program: Version
    setups: list[Version] = Field(default_factory=list)
    evaluations: list[Version] = Field(default_factory=list)
    chat: list[Message] = Field(default_factory=list)
    step: DraftStep = "setup-instructions"
    feedback: str = ""
    evidence: str = ""
    """Audit evidence sent with the current revision (empty unless the audits refused)."""
    revise_part: Part = "evaluation"
    revise_queue: list[str] = Field(default_factory=list)
    """Suffixes (or ``"program"``) still to revise in the current revision."""
    return_step: DraftStep = "review-task"
    verdict: Verdict | None = None
    outcome: Outcome | None = None
    reason: str = ""


class Round(BaseModel):
    """One round: a batch of action programs and the drafts made from the kept ones."""

    number: int
    mode: Mode
    model: str
    n: int
    focus: str | None = None
    queries: list[str] = Field(default_factory=list)
    step: RoundStep = "focus"
    chat: list[Message] = Field(default_factory=list)
    sections: list[Section] = Field(default_factory=list)
    drafts: list[Draft] = Field(default_factory=list)

    @property
    def tag(self) -> str:
        return f"round-{self.number:03d}"


class SessionState(BaseModel):
    """Everything about a session; saved as ``state.json`` in the session folder."""

    format: int = STATE_FORMAT
    suite_dir: str
    rounds: list[Round] = Field(default_factory=list)
    queries_used: list[str] = Field(default_factory=list)
    finished: bool = False

    @property
    def current(self) -> Round | None:
        return self.rounds[-1] if self.rounds else None

    def drafts(self) -> list[Draft]:
        return [draft for round_ in self.rounds for draft in round_.drafts]


def save_state(session_dir: Path, state: SessionState) -> None:
    """Write ``state.json`` atomically (a temporary file renamed into place, then fsync)."""
    write_atomically(session_dir / STATE_FILE, state.model_dump_json(indent=1))


def load_state(session_dir: Path) -> SessionState | None:
    """The saved state, or None for a new session; :class:`StateError` if it is unusable."""
    path = session_dir / STATE_FILE
    if not path.exists():
        return None
    try:
        state = SessionState.model_validate_json(path.read_text(encoding="utf-8"))
    except (OSError, ValidationError, ValueError) as error:
        raise StateError(
            f"{path}: cannot read the saved session ({str(error).splitlines()[0]}); "
            "move the folder away to start a new session"
        ) from None
    if state.format != STATE_FORMAT:
        raise StateError(
            f"{path}: saved by another version of the engine (format {state.format}); "
            "start a new session in another folder"
        )
    return state
