"""Who decides at each step of a session: the person at the terminal, or automatic rules.

The engine asks a :class:`Person` at every point where the paper's developer steps in (focus,
review of programs, setup instructions, extra starting states, revisions, quarantine, audit
refusals). :mod:`.terminal` asks a human; :mod:`.automatic` applies fixed rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal, Protocol

from assistworld.paradigms.aspera.authoring.state import Draft, Part, SessionState, Verdict

Action = Literal["go", "accept", "revise", "add-setup", "quarantine"]


@dataclass(frozen=True)
class Decision:
    """What the person chose at a review point.

    ``go`` continues (write the next programs, run the audits, or audit again after edits);
    ``accept`` takes a task despite the audit's doubts; ``revise`` sends ``text`` as feedback on
    ``part`` to the model; ``add-setup`` asks for one more starting state described by ``text``;
    ``quarantine`` sets the task aside with ``text`` as the reason.
    """

    action: Action
    text: str = ""
    part: Part = "evaluation"


class SessionInterrupted(Exception):
    """The person left (end of input or Ctrl-C); the session is saved and can be resumed."""


class Person(Protocol):
    """The decisions a session needs."""

    @property
    def interactive(self) -> bool:
        """True for a human: file problems wait for a fix instead of rejecting the program."""
        ...

    def choose_focus(self, round_number: int, previous: str | None) -> str | None: ...

    def edit_programs(self, path: Path) -> None:
        """Return when the person has marked the programs in the staging file ``path``."""
        ...

    def show_problems(self, problems: list[str]) -> None: ...

    def setup_instructions(self, draft: Draft) -> str: ...

    def review_setups(self, draft: Draft, path: Path) -> Decision: ...

    def review_task(self, draft: Draft, path: Path) -> Decision: ...

    def refused(self, draft: Draft, path: Path, verdict: Verdict) -> Decision: ...

    def doubts(self, draft: Draft, path: Path, verdict: Verdict) -> Decision: ...

    def another_round(self, state: SessionState) -> bool: ...
