"""The steps that turn one kept action program into an audited task (or set it aside).

setup-instructions -> write-setup -> review-setups -> write-evaluations -> review-task -> audit
-> save, with detours: ``revise`` (the model rewrites programs with the person's feedback and, after
a refusal, the audit's evidence), ``refused`` and ``doubts`` (the person decides after an audit).
Each call of :meth:`DraftSteps.advance` does one step, with at most one model call, and leaves the
state ready to be saved.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path

from rich.markup import escape

from assistworld.paradigms.aspera.authoring.draft_file import read_draft, strict_task
from assistworld.paradigms.aspera.authoring.gate import (
    audit_candidate,
    automatic_refusals,
    evidence_text,
)
from assistworld.paradigms.aspera.authoring.person import Decision
from assistworld.paradigms.aspera.authoring.replies import pick_function
from assistworld.paradigms.aspera.authoring.state import (
    Draft,
    DraftStep,
    Message,
    Part,
    Round,
    Version,
)
from assistworld.paradigms.aspera.authoring.workbench import (
    Workbench,
    evaluation_name,
    next_query_id,
    setup_name,
)
from assistworld.paradigms.aspera.tasks.model import Task
from assistworld.paradigms.aspera.tasks.programs import EVALUATION_PREFIX, SETUP_PREFIX
from assistworld.paradigms.aspera.tasks.writer import (
    render_task_file,
    task_file_name,
    write_task_file,
)


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


_MISSING = (
    "    # The model's reply held no such function: write it here.\n"
    '    raise NotImplementedError("write this program")'
)


class DraftSteps:
    """Advances one draft of one round."""

    def __init__(self, bench: Workbench, round_: Round, draft: Draft) -> None:
        self.bench = bench
        self.round = round_
        self.draft = draft

    def advance(self) -> None:
        step = self.draft.step
        handler = {
            "setup-instructions": self._setup_instructions,
            "write-setup": self._write_setup,
            "review-setups": self._review_setups,
            "write-evaluations": self._write_evaluations,
            "review-task": self._review_task,
            "revise": self._revise,
            "audit": self._audit,
            "refused": self._refused,
            "doubts": self._doubts,
            "save": self._save,
        }.get(step)
        if handler is None:
            raise AssertionError(f"draft {self.draft.plan} cannot advance from step {step!r}")
        handler()

    # -- helpers -----------------------------------------------------------------------------------

    @property
    def _interactive(self) -> bool:
        return self.bench.person.interactive

    def _ask(self, prompt: str, what: str) -> str:
        messages = [*self.draft.chat, Message(role="user", content=prompt)]
        reply = self.bench.ask_model(messages, what)
        self.draft.chat = [*messages, Message(role="assistant", content=reply)]
        return reply

    def _placeholder(self, name: str, parameters: str = "") -> str:
        return f"def {name}({parameters}):\n{_MISSING}"

    def _file_problems(self, problems: list[str]) -> bool:
        """Report problems; in automatic mode reject the draft. True when there were any."""
        if not problems:
            return False
        if self._interactive:
            self.bench.person.show_problems(problems)
        else:
            self.bench.reject_draft(self.round, self.draft, problems)
        return True

    def _read(self, strict: bool) -> bool:
        """Take the person's edits from the draft file; False (and handled) on problems."""
        path = self.bench.draft_path(self.draft)
        found = read_draft(path)
        if self._file_problems(found.problems):
            return False
        self.bench.sync_draft(self.draft, found)
        if strict:
            _, problems = strict_task(path)
            if self._file_problems(problems):
                return False
        return True

    def _decide(self, decision: Decision, go_to: DraftStep) -> None:
        """Carry out a review decision taken after the file was read."""
        draft = self.draft
        if decision.action == "quarantine":
            self.bench.quarantine_draft(self.round, draft, decision.text)
        elif decision.action == "add-setup":
            used = {version.suffix for version in draft.setups}
            number = 2
            while str(number) in used:
                number += 1
            draft.setups.append(Version(suffix=str(number), instructions=decision.text))
            draft.step = "write-setup"
        elif decision.action == "revise":
            back: DraftStep = "review-setups" if draft.step == "review-setups" else "review-task"
            self._start_revision(decision.part, decision.text, back)
        elif decision.action == "accept":
            draft.step = "save"
        else:
            draft.step = go_to

    def _start_revision(self, part: Part, feedback: str, back: DraftStep) -> None:
        draft = self.draft
        after_audit = draft.step in ("refused", "doubts")
        evidence = evidence_text(draft.verdict) if after_audit and draft.verdict else ""
        versions = self._versions(part)
        for version in versions:
            self.bench.log_version(self.round, draft.plan, part, version, "revise", feedback)
        draft.revise_part, draft.feedback, draft.evidence = part, feedback, evidence
        draft.revise_queue = [version.suffix for version in versions]
        draft.return_step = back
        draft.step = "revise"

    def _versions(self, part: Part) -> list[Version]:
        if part == "program":
            return [self.draft.program]
        return self.draft.setups if part == "setup" else self.draft.evaluations

    # -- steps -------------------------------------------------------------------------------------

    def _setup_instructions(self) -> None:
        instructions = self.bench.person.setup_instructions(self.draft)
        self.draft.setups = [Version(suffix="", instructions=instructions)]
        self.draft.step = "write-setup"

    def _write_setup(self) -> None:
        draft = self.draft
        pending = next((v for v in draft.setups if not v.text and not v.model_text), None)
        if pending is not None:
            name = setup_name(draft, pending.suffix)
            prompt = self.bench.prompts.setup(
                plan=draft.plan,
                setup_name=name,
                query=draft.query,
                instructions=pending.instructions,
                other_setups=[v.text for v in draft.setups if v.text],
            )
            reply = self._ask(prompt, f"the setup program {name}")
            text = pick_function(reply, SETUP_PREFIX, name)
            if text is None and not self._interactive:
                self.bench.reject_draft(self.round, draft, ["the model wrote no setup program"])
                return
            pending.model_text = text or ""
            pending.text = text or self._placeholder(name)
        self.bench.write_draft(self.round, draft)
        draft.step = "review-setups"

    def _review_setups(self) -> None:
        self._review(self.bench.person.review_setups, strict=False, then="write-evaluations")

    def _write_evaluations(self) -> None:
        draft = self.draft
        have = {v.suffix for v in draft.evaluations if v.text or v.model_text}
        setup = next((v for v in draft.setups if v.suffix not in have), None)
        if setup is None:
            self.bench.write_draft(self.round, draft)
            draft.step = "review-task"
            return
        name = evaluation_name(draft, setup.suffix)
        prompt = self.bench.prompts.evaluation(
            plan=draft.plan,
            setup_name=setup_name(draft, setup.suffix),
            evaluation_name=name,
            query=draft.query,
            setup_program=setup.text,
        )
        reply = self._ask(prompt, f"the evaluation program {name}")
        text = pick_function(reply, EVALUATION_PREFIX, name)
        if text is None and not self._interactive:
            self.bench.reject_draft(self.round, draft, ["the model wrote no evaluation program"])
            return
        fallback = self._placeholder(name, "query, executable, setup_function")
        draft.evaluations = [v for v in draft.evaluations if v.suffix != setup.suffix]
        draft.evaluations.append(
            Version(suffix=setup.suffix, model_text=text or "", text=text or fallback)
        )

    def _review_task(self) -> None:
        self._review(self.bench.person.review_task, strict=True, then="audit")

    def _review(
        self, review: Callable[[Draft, Path], Decision], *, strict: bool, then: DraftStep
    ) -> None:
        """Show the draft file to the person; go on to ``then`` once it reads back (``strict``:
        as a whole task), unless they quarantine it."""
        decision = review(self.draft, self.bench.draft_path(self.draft))
        if decision.action == "quarantine" or self._read(strict=strict):
            self._decide(decision, then)

    def _revise(self) -> None:
        draft = self.draft
        if not draft.revise_queue:
            draft.feedback = draft.evidence = ""
            self.bench.write_draft(self.round, draft)
            draft.step = draft.return_step
            return
        suffix = draft.revise_queue[0]
        part = draft.revise_part
        version = next((v for v in self._versions(part) if v.suffix == suffix), None)
        if version is not None:
            if part == "program":
                name, prefix = draft.plan, draft.plan
            elif part == "setup":
                name, prefix = setup_name(draft, suffix), SETUP_PREFIX
            else:
                name, prefix = evaluation_name(draft, suffix), EVALUATION_PREFIX
            prompt = self.bench.prompts.revise(
                part=part,
                name=name,
                current=version.text,
                feedback=draft.feedback,
                evidence=draft.evidence,
            )
            reply = self._ask(prompt, f"a revision of {name}")
            text = pick_function(reply, prefix, name)
            if text is not None:
                version.model_text = version.text = text
            else:
                self.bench.console.print(f"[red]the reply held no {name}; kept the old text[/]")
        draft.revise_queue = draft.revise_queue[1:]

    def _audit(self) -> None:
        draft = self.draft
        task, problems = strict_task(self.bench.draft_path(draft))
        if task is None:
            if self._file_problems(problems) and self._interactive:
                draft.step = "review-task"
            return
        self.bench.console.print(f"[dim]auditing {draft.query_id} ...[/]", highlight=False)
        verdict = audit_candidate(
            task, self.bench.executor(), min_kill_rate=self.bench.settings.min_kill_rate
        )
        draft.verdict = verdict
        self.bench.files.edit_log.append(
            {
                "id": f"{self.round.tag}/{draft.plan}/audit/{_digest(render_task_file(task))}",
                "round": self.round.number,
                "task": draft.plan,
                "stage": "audit",
                "verdict": verdict.model_dump(),
                "evaluations": [v.text for v in draft.evaluations],
            }
        )
        if self._interactive:
            draft.step = "refused" if verdict.refused else "doubts" if verdict.doubts else "save"
            return
        reasons = automatic_refusals(verdict)
        if reasons:
            self.bench.console.print(
                evidence_text(verdict), markup=False, highlight=False, soft_wrap=True
            )
            self.bench.reject_draft(self.round, draft, reasons)
        else:
            draft.step = "save"

    def _after_audit(self, decision: Decision) -> None:
        if decision.action == "quarantine" or self._read(strict=True):
            self._decide(decision, "audit")

    def _refused(self) -> None:
        assert self.draft.verdict is not None
        path = self.bench.draft_path(self.draft)
        self._after_audit(self.bench.person.refused(self.draft, path, self.draft.verdict))

    def _doubts(self) -> None:
        assert self.draft.verdict is not None
        path = self.bench.draft_path(self.draft)
        self._after_audit(self.bench.person.doubts(self.draft, path, self.draft.verdict))

    def _save(self) -> None:
        draft = self.draft
        task, problems = strict_task(self.bench.draft_path(draft))
        if task is None:
            if self._file_problems(problems) and self._interactive:
                draft.step = "review-task"
            return
        suite_dir = self.bench.settings.suite_dir
        target = suite_dir / task_file_name(task.query_id)
        already_saved = target.exists() and target.read_text(encoding="utf-8") == (
            render_task_file(task)
        )
        taken = target.exists() and not already_saved
        taken = taken or any(
            other.query_id == task.query_id and Path(other.source) != target
            for other in self.bench.suite_tasks()
        )
        if taken:
            self._move_to_free_id(task)
            return
        if not already_saved:
            target = write_task_file(task, suite_dir)
        self.bench.log_draft(self.round, draft, "accept")
        draft.outcome, draft.step = "accepted", "done"
        self.bench.console.print(
            f"[bold green]accepted[/] {draft.query_id} -> {escape(str(target))}", highlight=False
        )

    def _move_to_free_id(self, task: Task) -> None:
        """The id is taken in the suite: interactively ask for another, else take the next free."""
        draft = self.draft
        suite_dir = self.bench.settings.suite_dir
        if self._interactive:
            self.bench.person.show_problems(
                [
                    f"QUERY_ID {task.query_id!r} is already used in {suite_dir}; change it in "
                    f"{self.bench.draft_path(draft)}"
                ]
            )
            draft.step = "review-task"
            return
        taken = {other.query_id for other in self.bench.suite_tasks()}
        files = [path.stem for path in suite_dir.glob("*.py")]
        draft.query_id = next_query_id(draft.category, draft.plan, taken, files)
        self.bench.write_draft(self.round, draft)
