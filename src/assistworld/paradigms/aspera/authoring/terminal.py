"""The person at the terminal: shows programs and audit evidence with rich, reads answers.

Answers are read with ``input()`` (through rich's console), so the session works in any terminal
and under a pseudo-terminal. At a review point the person types one short command:

    Enter            go on (after saving any edits to the file)
    + <state>        add a setup program for another starting state
    r <feedback>     ask the model to revise the evaluation programs
    rs <feedback>    ... the setup programs;   rp <feedback>  ... the action program
    q <reason>       quarantine the task (set aside with the reason)
    y                accept a task despite the audit's doubts
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.syntax import Syntax
from rich.text import Text

from assistworld.paradigms.aspera.authoring.gate import evidence_text
from assistworld.paradigms.aspera.authoring.person import Action, Decision, SessionInterrupted
from assistworld.paradigms.aspera.authoring.state import Draft, Part, SessionState, Verdict

EditorWait = Callable[[Path], None]
"""Called when the person should edit a file; returns when they are done."""

_REVISE_PARTS: tuple[tuple[str, Part], ...] = (
    ("rp", "program"),
    ("rs", "setup"),
    ("r", "evaluation"),
)
_HELP: tuple[tuple[str, Action, Part | None, str], ...] = (
    ("Enter", "go", None, ""),
    ("y", "accept", None, "accept as it is"),
    ("+ <starting state>", "add-setup", None, "add a setup for another starting state"),
    ("r <feedback>", "revise", "evaluation", "revise the evaluations"),
    ("rs <feedback>", "revise", "setup", "revise the setups"),
    ("rp <feedback>", "revise", "program", "revise the action program"),
    ("q <reason>", "quarantine", None, "quarantine"),
)


def parse_command(
    line: str,
    allowed: Collection[Action],
    parts: Collection[Part] = ("program", "setup", "evaluation"),
) -> Decision | str:
    """The decision a typed line stands for, or a message saying what is wrong with it."""
    text = line.strip()
    word, _, rest = text.partition(" ")
    rest = rest.strip()
    decision: Decision | None = None
    if not text:
        decision = Decision("go")
    elif word.lower() in ("y", "yes", "accept"):
        decision = Decision("accept")
    elif text.startswith("+"):
        decision = Decision("add-setup", text[1:].strip())
    elif word.lower() == "q":
        decision = Decision("quarantine", rest)
    else:
        for command, part in _REVISE_PARTS:
            if word.lower() == command:
                decision = Decision("revise", rest, part)
    if decision is None or decision.action not in allowed:
        return f"unknown answer {text!r}; type one of the commands listed"
    if decision.action == "revise" and decision.part not in parts:
        return f"nothing to revise with {word!r} yet; type one of the commands listed"
    return decision


class TerminalPerson:
    """A human deciding at the terminal."""

    interactive = True

    def __init__(self, console: Console, editor_wait: EditorWait | None = None) -> None:
        self.console = console
        self.editor_wait = editor_wait

    # -- input -----------------------------------------------------------------------------------

    def ask(self, prompt: str) -> str:
        try:
            return self.console.input(escape(prompt))
        except (EOFError, KeyboardInterrupt):
            self.console.print()
            raise SessionInterrupted from None

    def _decide(
        self,
        intro: str,
        allowed: tuple[Action, ...],
        parts: tuple[Part, ...] = ("program", "setup", "evaluation"),
    ) -> Decision:
        choices = " · ".join(
            f"[bold]{escape(keys)}[/]: {what or intro}"
            for keys, action, part, what in _HELP
            if action in allowed and (part is None or part in parts)
        )
        self.console.print(choices, highlight=False)
        while True:
            parsed = parse_command(self.ask("> "), allowed, parts)
            if isinstance(parsed, str):
                self.console.print(f"[red]{escape(parsed)}[/]", highlight=False)
                continue
            if parsed.action in ("revise", "quarantine", "add-setup") and not parsed.text:
                question = {
                    "revise": "Feedback for the model: ",
                    "quarantine": "Reason for the quarantine: ",
                    "add-setup": "Describe the other starting state: ",
                }[parsed.action]
                text = self.ask(question).strip()
                if not text:
                    continue
                parsed = Decision(parsed.action, text, parsed.part)
            return parsed

    def _show_code(self, title: str, code: str) -> None:
        self.console.print(
            Panel(
                Syntax(code.rstrip(), "python", theme="ansi_dark", word_wrap=True),
                title=escape(title),
            )
        )

    # -- the decisions -----------------------------------------------------------------------------

    def choose_focus(self, round_number: int, previous: str | None) -> str | None:
        self.console.rule(f"Round {round_number}")
        shown = previous or "none"
        answer = self.ask(
            f"Focus for round {round_number} (Enter keeps: {shown}; '-' for none): "
        ).strip()
        if not answer:
            return previous
        return None if answer == "-" else answer

    def edit_programs(self, path: Path) -> None:
        self.console.print(
            f"The action programs are in [bold]{escape(str(path))}[/]. Mark each one (keep / "
            "quarantine <reason> / revise <feedback>) and edit freely.",
            highlight=False,
        )
        if self.editor_wait is not None:
            self.editor_wait(path)
        else:
            self.ask("Save the file, then press Enter to read it: ")

    def show_problems(self, problems: list[str]) -> None:
        self.console.print("[bold red]The file has problems; fix them and try again:[/]")
        for problem in problems:
            self.console.print(f"  {problem}", markup=False, highlight=False, soft_wrap=True)

    def setup_instructions(self, draft: Draft) -> str:
        self.console.rule(f"Task {draft.query_id}")
        self._show_code(draft.query, draft.program.text)
        return self.ask(
            f"Instructions for the setup program of {draft.plan} (Enter for none): "
        ).strip()

    def review_setups(self, draft: Draft, path: Path) -> Decision:
        for setup in draft.setups:
            if setup.text:
                self._show_code(f"setup {setup.suffix or '(first)'}", setup.text)
        self.console.print(
            f"The setup programs are in [bold]{escape(str(path))}[/]; edit it if needed.",
            highlight=False,
        )
        return self._decide(
            "write the evaluation programs",
            ("go", "add-setup", "revise", "quarantine"),
            ("program", "setup"),
        )

    def review_task(self, draft: Draft, path: Path) -> Decision:
        for evaluation in draft.evaluations:
            self._show_code(f"evaluation {evaluation.suffix or '(first)'}", evaluation.text)
        self.console.print(
            f"The task file [bold]{escape(str(path))}[/] is complete (try it with `python "
            f"{escape(str(path))}`); edit it "
            "if needed.",
            highlight=False,
        )
        return self._decide("run the audits", ("go", "add-setup", "revise", "quarantine"))

    def _evidence(self, verdict: Verdict, title: str, style: str) -> None:
        self.console.print(
            Panel(Text(evidence_text(verdict)), title=escape(title), border_style=style)
        )

    def refused(self, draft: Draft, path: Path, verdict: Verdict) -> Decision:
        self._evidence(verdict, f"The audits refused {draft.query_id}", "red")
        self.console.print(
            f"Edit [bold]{escape(str(path))}[/] and press Enter to audit again, or ask the model "
            "to revise (the evidence goes with your feedback).",
            highlight=False,
        )
        return self._decide("audit again", ("go", "add-setup", "revise", "quarantine"))

    def doubts(self, draft: Draft, path: Path, verdict: Verdict) -> Decision:
        self._evidence(verdict, f"{draft.query_id} passes the rules, with doubts", "yellow")
        return self._decide(
            "audit again after editing", ("accept", "go", "add-setup", "revise", "quarantine")
        )

    def another_round(self, state: SessionState) -> bool:
        answer = self.ask("Another round? [y/N]: ").strip().lower()
        return answer in ("y", "yes")
