"""The session loop: rounds of action programs, each kept program drafted into a task.

A round: focus (the person may change it every round) -> the model writes action programs (it
invents the queries, with the suite's queries in the prompt so it does not repeat itself, or it
writes programs for the person's queries) -> the person marks each program in the staging file
(keep, quarantine, revise) -> revisions go back to the model -> each kept program becomes a draft
(:mod:`.drafting`). :meth:`Engine.run` saves the state after every step.
"""

from __future__ import annotations

from rich.markup import escape

from assistworld.core.atomic import write_atomically
from assistworld.core.parsing import parse_in_turn
from assistworld.paradigms.aspera.authoring.drafting import DraftSteps
from assistworld.paradigms.aspera.authoring.history import near_duplicate, query_history
from assistworld.paradigms.aspera.authoring.replies import (
    docstring_of,
    function_name,
    reply_functions,
    with_docstring,
)
from assistworld.paradigms.aspera.authoring.staging import (
    read_staging,
    render_staging,
    section_query,
)
from assistworld.paradigms.aspera.authoring.state import Draft, Message, Round, Section, Version
from assistworld.paradigms.aspera.authoring.workbench import Workbench, next_query_id
from assistworld.paradigms.aspera.tasks.complexity import (
    default_library_names,
    primitives_used,
)
from assistworld.paradigms.aspera.tasks.programs import derive_kind, top_level_functions

STAGING_FILE = "programs.py"


def tags_for(program: str) -> list[str]:
    """Library primitives the program calls, its kind when it answers a question, ``generated``."""
    tree = parse_in_turn(program)
    tags = primitives_used(tree, default_library_names())
    functions = top_level_functions(tree)
    if functions and derive_kind(functions[0]) == "information-seeking":
        tags.append("information-seeking")
    return [*tags, "generated"]


class Engine:
    """Runs a session until the person (or the automatic rules) ends it."""

    def __init__(self, bench: Workbench) -> None:
        self.bench = bench

    def run(self) -> None:
        state = self.bench.state
        if not state.rounds:
            self._new_round()
        elif state.finished and self.bench.person.another_round(state):
            state.finished = False
            self._new_round()
        self.bench.save()
        while not state.finished:
            self.step()
            self.bench.save()

    def step(self) -> None:
        """Do the next step of the current round."""
        round_ = self.bench.state.current
        assert round_ is not None
        handler = {
            "focus": self._focus,
            "write-programs": self._write_programs,
            "review-programs": self._review_programs,
            "revise-programs": self._revise_programs,
            "tasks": self._tasks,
            "end": self._end,
        }[round_.step]
        handler(round_)

    # -- rounds ------------------------------------------------------------------------------------

    def _new_round(self) -> None:
        bench, state = self.bench, self.bench.state
        settings = bench.settings
        queries: list[str] = []
        if settings.mode == "queries":
            used = set(state.queries_used)
            queries = [q for q in settings.queries if q not in used][: settings.n]
            if not queries:
                bench.console.print("Every query of the queries file has been worked on.")
                state.finished = True
                return
            state.queries_used.extend(queries)
        previous = state.current
        state.rounds.append(
            Round(
                number=len(state.rounds) + 1,
                mode=settings.mode,
                model=settings.model,
                n=len(queries) if queries else settings.n,
                focus=previous.focus if previous is not None else settings.focus,
                queries=queries,
                step="focus" if settings.mode == "invent" else "write-programs",
            )
        )

    def _focus(self, round_: Round) -> None:
        round_.focus = self.bench.person.choose_focus(round_.number, round_.focus)
        round_.step = "write-programs"

    def _write_programs(self, round_: Round) -> None:
        bench = self.bench
        prompts = bench.prompts
        round_.model = bench.settings.model
        if round_.mode == "invent":
            history = query_history(bench.suite_tasks(), bench.state, round_.number)
            request = prompts.invent(round_.n, round_.focus, history)
        else:
            request = prompts.translate(round_.queries)
        messages = [
            Message(role="system", content=prompts.system()),
            Message(role="user", content=request),
        ]
        reply = bench.ask_model(messages, f"{round_.n} action programs")
        round_.chat = [*messages, Message(role="assistant", content=reply)]
        pieces = reply_functions(reply) or [""]
        if round_.mode == "queries":
            pieces = [
                with_docstring(piece, round_.queries[i]) if i < len(round_.queries) else piece
                for i, piece in enumerate(pieces)
            ]
        round_.sections = [
            Section(number=i + 1, model_text=piece, text=piece) for i, piece in enumerate(pieces)
        ]
        self._write_staging(round_)
        round_.step = "review-programs"

    def _history(self, round_: Round) -> list[str]:
        return query_history(self.bench.suite_tasks(), self.bench.state, round_.number)

    def _write_staging(self, round_: Round) -> None:
        open_sections = [s for s in round_.sections if s.outcome is None]
        history = self._history(round_)
        notes: dict[int, list[str]] = {}
        for section in open_sections:
            similar = near_duplicate(section_query(section), history)
            if similar is not None:
                notes[section.number] = [
                    f"close to an earlier query ({similar[1]:.0f}%): {similar[0]}"
                ]
        path = self.bench.files.round_dir(round_.tag) / STAGING_FILE
        title = f"round {round_.number}, action programs"
        write_atomically(path, render_staging(title, open_sections, notes))

    def _review_programs(self, round_: Round) -> None:
        bench = self.bench
        path = bench.files.round_dir(round_.tag) / STAGING_FILE
        bench.person.edit_programs(path)
        open_sections = [s for s in round_.sections if s.outcome is None]
        found = read_staging(path, open_sections)
        if found.problems and bench.person.interactive:
            bench.person.show_problems(found.problems)
            return
        closed = [s for s in round_.sections if s.outcome is not None]
        history = self._history(round_)
        for section in found.sections:
            if section.number in found.problem_sections:
                reasons = [p for p in found.problems if f": program {section.number}: " in p]
                self._close_section(round_, section, "rejected", "\n".join(reasons))
            elif section.mark == "keep" and not bench.person.interactive:
                similar = near_duplicate(section_query(section), history)
                if similar is not None:
                    reason = f"repeats an earlier query ({similar[1]:.0f}%): {similar[0]}"
                    self._close_section(round_, section, "rejected", reason)
        round_.sections = closed + found.sections
        revising = [s for s in found.sections if s.mark == "revise" and s.outcome is None]
        for section in revising:
            version = Version(model_text=section.model_text, text=section.text)
            bench.log_version(
                round_, f"program-{section.number}", "program", version, "revise", section.note
            )
        if revising:
            round_.step = "revise-programs"
            return
        for section in found.sections:
            if section.outcome is not None:
                continue
            if section.mark == "quarantine":
                self._close_section(round_, section, "quarantined", section.note)
            else:
                self._start_draft(round_, section)
        round_.step = "tasks"

    def _close_section(self, round_: Round, section: Section, outcome: str, reason: str) -> None:
        bench = self.bench
        version = Version(model_text=section.model_text, text=section.text)
        decision = "quarantine" if outcome == "quarantined" else "reject"
        bench.log_version(round_, f"program-{section.number}", "program", version, decision, reason)
        record = {
            "id": f"{round_.tag}/program-{section.number}",
            "round": round_.number,
            "task": function_name(section.text) or f"program-{section.number}",
            "query": docstring_of(section.text) or "",
            "stage": "program",
        }
        if outcome == "quarantined":
            kept = bench.files.set_aside(
                f"{round_.tag}-program-{section.number}", section.text, reason
            )
            bench.files.quarantine.append(
                {**record, "reason": reason, "file": str(kept.relative_to(bench.files.root))}
            )
            section.outcome = "quarantined"
        else:
            bench.files.rejected.append({**record, "reasons": reason.split("\n")})
            section.outcome = "rejected"
        section.note = reason
        bench.console.print(
            f"[yellow]{section.outcome}[/] program {section.number}: "
            f"{escape(reason.splitlines()[0]) if reason else ''}",
            highlight=False,
        )

    def _revise_programs(self, round_: Round) -> None:
        bench = self.bench
        pending = next(
            (s for s in round_.sections if s.outcome is None and s.mark == "revise"), None
        )
        if pending is None:
            self._write_staging(round_)
            round_.step = "review-programs"
            return
        name = function_name(pending.text) or f"program_{pending.number}"
        prompt = bench.prompts.revise(
            part="program", name=name, current=pending.text, feedback=pending.note
        )
        messages = [*round_.chat, Message(role="user", content=prompt)]
        reply = bench.ask_model(messages, f"a revision of {name}")
        round_.chat = [*messages, Message(role="assistant", content=reply)]
        pieces = reply_functions(reply)
        named = [piece for piece in pieces if function_name(piece) == name]
        text = named[0] if named else "\n\n\n".join(pieces)
        if text.strip():
            pending.model_text = pending.text = text
        pending.mark, pending.note = "keep", ""

    def _start_draft(self, round_: Round, section: Section) -> None:
        bench = self.bench
        settings = bench.settings
        plan = function_name(section.text) or f"program_{section.number}"
        taken = {task.query_id for task in bench.suite_tasks()}
        taken |= {draft.query_id for draft in bench.state.drafts()}
        files = [path.stem for path in settings.suite_dir.glob("*.py")]
        query = section_query(section)
        draft = Draft(
            plan=plan,
            query=query,
            query_id=next_query_id(settings.category, plan, taken, files),
            category=settings.category,
            tags=tags_for(section.text),
            file=f"{round_.tag}/{plan}.py",
            program=Version(model_text=section.model_text, text=section.text),
            chat=[
                *round_.chat[:2],
                Message(role="assistant", content=f"```python\n{section.text}\n```"),
            ],
        )
        version = Version(model_text=section.model_text, text=section.text)
        bench.log_version(round_, plan, "program", version, "keep")
        round_.drafts.append(draft)

    def _tasks(self, round_: Round) -> None:
        draft = next((d for d in round_.drafts if d.outcome is None), None)
        if draft is None:
            round_.step = "end"
            return
        DraftSteps(self.bench, round_, draft).advance()

    def _end(self, round_: Round) -> None:
        bench = self.bench
        accepted = [d.query_id for d in round_.drafts if d.outcome == "accepted"]
        aside = sum(d.outcome == "quarantined" for d in round_.drafts)
        aside += sum(s.outcome == "quarantined" for s in round_.sections)
        rejected = sum(d.outcome == "rejected" for d in round_.drafts)
        rejected += sum(s.outcome == "rejected" for s in round_.sections)
        bench.console.print(
            f"Round {round_.number} done: {len(accepted)} accepted, {aside} quarantined, "
            f"{rejected} rejected.",
            highlight=False,
        )
        if bench.person.another_round(bench.state):
            self._new_round()
        else:
            bench.state.finished = True
