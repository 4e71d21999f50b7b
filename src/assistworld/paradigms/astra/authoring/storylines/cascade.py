"""The model cascade of ASTRA-bench section 3.3: draft, critique, revise, verify.

Each role is any model (a model string through the run's :class:`~assistworld.llm.ModelPool`,
so calls are cached on disk and bounded; usage is recorded per event in a
:class:`~assistworld.llm.UsageLedger`). For every event with artifacts: the draft agent writes an
artifact set, the gatekeeper (``verify.py``, deterministic and strict) checks it, the critique
agent reviews it, and while the gatekeeper or the critic finds problems the revision agent fixes
them, up to ``max_rounds`` revisions. The gatekeeper has the last word: a set it accepts is kept
once the critic is content or the rounds are spent; a set it still rejects is left out of the
world and reported. Accepted sets are journalled in the session folder, so a run that stops
resumes with only the events not yet accepted (and the rerun of a failing one costs only its
uncached calls).
"""

from __future__ import annotations

import asyncio
import datetime
import hashlib
import json
import os
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import jinja2

from assistworld.core.templates import package_templates
from assistworld.llm import (
    ChatModel,
    ChatRequest,
    ModelCallError,
    UsageLedger,
    system_message,
    user_message,
)
from assistworld.paradigms.astra.authoring.storylines.artifacts import ArtifactSet
from assistworld.paradigms.astra.authoring.storylines.biography import ProtagonistProfile
from assistworld.paradigms.astra.authoring.storylines.events import Event
from assistworld.paradigms.astra.authoring.storylines.verify import (
    parse_artifacts,
    verify_artifacts,
)

JOURNAL = "accepted.jsonl"
_JSON_BLOCK = re.compile(r"\{.*\}", re.S)


@dataclass(frozen=True)
class CascadeModels:
    """One model per role (the same model may play several)."""

    draft: ChatModel
    critique: ChatModel
    revise: ChatModel
    names: tuple[str, str, str] = ("draft", "critique", "revise")
    """The model strings, part of the journal's key (another model, another projection)."""


@dataclass
class EventOutcome:
    event_id: str
    artifacts: ArtifactSet | None
    revisions: int = 0
    problems: list[str] = field(default_factory=list)
    resumed: bool = False


@cache
def _templates() -> jinja2.Environment:
    return package_templates("assistworld.paradigms.astra.authoring.storylines")


def _schema() -> str:
    return json.dumps(ArtifactSet.model_json_schema(), separators=(",", ":"))


class CascadeProjector:
    """Projects events with models; call :meth:`run` on the events, then :meth:`project`."""

    name = "cascade"

    def __init__(
        self,
        profile: ProtagonistProfile,
        now: datetime.datetime,
        models: CascadeModels,
        *,
        session_dir: Path | None = None,
        ledger: UsageLedger | None = None,
        max_rounds: int = 2,
        max_tokens: int = 3000,
    ) -> None:
        self.profile = profile
        self.now = now
        self.models = models
        self.session_dir = session_dir
        self.ledger = ledger or UsageLedger()
        self.max_rounds = max_rounds
        self.max_tokens = max_tokens
        self.outcomes: dict[str, EventOutcome] = {}

    def project(self, event: Event) -> ArtifactSet | None:
        """The accepted set of an event :meth:`run` has seen (None: left out)."""
        outcome = self.outcomes.get(event.event_id)
        if outcome is None:
            raise KeyError(f"{event.event_id} was not projected: run the cascade first")
        return outcome.artifacts

    async def run(self, events: list[Event]) -> list[EventOutcome]:
        """Project every event with artifacts (at once; the models' clients bound the calls)."""
        journal = self._journal()
        todo = [e for e in events if e.artifacts]
        outcomes = await asyncio.gather(*(self._event(e, journal) for e in todo))
        self.outcomes.update({o.event_id: o for o in outcomes})
        return list(outcomes)

    def _key(self, event: Event) -> str:
        text = json.dumps(
            [event.model_dump(mode="json"), list(self.models.names), self.now.isoformat()],
            sort_keys=True,
        )
        return hashlib.sha256(text.encode()).hexdigest()

    def _journal(self) -> dict[str, ArtifactSet]:
        if self.session_dir is None:
            return {}
        path = self.session_dir / JOURNAL
        found: dict[str, ArtifactSet] = {}
        if path.exists():
            for line in path.read_text(encoding="utf-8").splitlines():
                try:
                    row = json.loads(line)
                    found[row["key"]] = ArtifactSet.model_validate(row["artifacts"])
                except (ValueError, KeyError):
                    continue  # a torn last line of an interrupted run
        return found

    def _record(self, key: str, artifacts: ArtifactSet) -> None:
        if self.session_dir is None:
            return
        self.session_dir.mkdir(parents=True, exist_ok=True)
        line = json.dumps({"key": key, "artifacts": artifacts.model_dump(mode="json")})
        with (self.session_dir / JOURNAL).open("a", encoding="utf-8") as handle:
            handle.write(line + "\n")
            handle.flush()
            os.fsync(handle.fileno())

    async def _event(self, event: Event, journal: dict[str, ArtifactSet]) -> EventOutcome:
        key = self._key(event)
        if key in journal:
            return EventOutcome(event.event_id, journal[key], resumed=True)
        reply = await self._ask("draft", event, None, [])
        artifacts, problems = self._check(reply, event)
        revisions = 0
        while True:
            critique: list[str] = []
            last = revisions >= self.max_rounds
            if artifacts is not None and not (last and problems):
                critique = await self._critique(event, reply)
            issues = [str(p) for p in problems] + critique
            done = artifacts is not None and not problems
            if done and (not critique or last):
                assert artifacts is not None
                self._record(key, artifacts)
                return EventOutcome(event.event_id, artifacts, revisions)
            if last:
                return EventOutcome(event.event_id, None, revisions, issues)
            reply = await self._ask("revise", event, reply, issues)
            artifacts, problems = self._check(reply, event)
            revisions += 1

    def _check(self, reply: str | None, event: Event) -> tuple[ArtifactSet | None, list[Any]]:
        if reply is None:
            return None, ["[schema] the model gave no reply"]
        match = _JSON_BLOCK.search(reply)
        try:
            data = json.loads(match.group(0) if match else reply)
        except ValueError:
            return None, ["[schema] the reply is not a JSON object"]
        artifacts, problems = parse_artifacts(data, event.event_id)
        if artifacts is None:
            return None, problems
        return artifacts, verify_artifacts(artifacts, event, self.profile, self.now)

    async def _critique(self, event: Event, draft: str | None) -> list[str]:
        reply = await self._ask("critique", event, draft, [])
        match = _JSON_BLOCK.search(reply or "")
        try:
            found = json.loads(match.group(0)) if match else {}
        except ValueError:
            return []  # an unreadable critique blocks nothing: the gatekeeper decides
        violations = found.get("violations", []) if isinstance(found, dict) else []
        return [str(v) for v in violations if str(v).strip()]

    def request(
        self, role: str, event: Event, draft: str | None, violations: list[str]
    ) -> ChatRequest:
        """The request a role sends for ``event`` (greedy decoding, so it caches)."""
        environment = _templates()
        bio = self.profile.biography
        people = [
            {"id": p.id, "name": p.name, "email": p.email, "relationship": p.ties[0].label}
            for p in self.profile.people
            if p.id in event.participants
        ]
        system = environment.get_template("cascade_system.j2").render(role=role, schema=_schema())
        user = environment.get_template("cascade_user.j2").render(
            biography=f"{bio.name}, {bio.age}, {bio.occupation} in {bio.city}; speaks "
            f"{', '.join(bio.languages)}",
            people=json.dumps(people, ensure_ascii=False),
            now=self.now.isoformat(),
            event=event.model_dump_json(),
            draft=draft,
            violations=violations,
        )
        return ChatRequest(
            messages=(system_message(system), user_message(user)),
            temperature=0.0,
            max_tokens=self.max_tokens,
        )

    async def _ask(
        self, role: str, event: Event, draft: str | None, violations: list[str]
    ) -> str | None:
        model = getattr(self.models, role)
        metered = self.ledger.meter(model, event.event_id)
        try:
            response = await metered.complete(self.request(role, event, draft, violations))
        except ModelCallError:
            return None
        return response.text
