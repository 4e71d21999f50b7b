"""The rules ``verify`` holds a conversation suite to, each with its threshold, and the
scenarios that break each one (the conversations and what "fails" means are in
:mod:`.baselines`; mutants in :mod:`.mutants`; the capability metrics in
:mod:`.capabilities`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from assistworld.core.verify_rules import Rule
from assistworld.paradigms.astra.audit.baselines import ScenarioAudit, Verdict
from assistworld.paradigms.astra.audit.capabilities import REFERENCE_CAPABILITY

MIN_SCENARIO_KILL_RATE = 0.90
"""Share of one scenario's non-equivalent mutants its score must reject (S < 1)."""


@dataclass(frozen=True)
class Breach:
    """One scenario breaking one rule, and why."""

    query_id: str
    reason: str


@dataclass
class SuiteRule:
    """A rule, how many scenarios it applies to, and the scenarios that break it."""

    demand: str
    applies_to: int
    breaches: list[Breach] = field(default_factory=list)
    found: str = ""

    def rule(self) -> Rule:
        found = self.found or f"{self.applies_to - len(self.breaches)} of {self.applies_to} hold"
        return Rule(self.demand, found, not self.breaches)


def _baseline_rule(
    audits: Sequence[ScenarioAudit],
    demand: str,
    pick: Callable[[ScenarioAudit], Verdict | None],
) -> SuiteRule:
    """A rule that a baseline conversation fails every scenario it is played on."""
    played = [(audit.query_id, pick(audit)) for audit in audits]
    verdicts = [(query_id, verdict) for query_id, verdict in played if verdict is not None]
    rule = SuiteRule(demand, len(verdicts))
    for query_id, verdict in verdicts:
        if not verdict.fails:
            rule.breaches.append(Breach(query_id, f"{verdict.shown()} ({verdict.outcome})"))
    rule.found = f"{len(verdicts) - len(rule.breaches)} of {len(verdicts)} fail"
    return rule


def reference_rule(audits: Sequence[ScenarioAudit]) -> SuiteRule:
    rule = SuiteRule("the reference passes every scenario with S = 1", len(audits))
    for audit in audits:
        reference = audit.reference
        if reference is None:
            rule.breaches.append(Breach(audit.query_id, "no reference conversation"))
        elif not reference.perfect:
            rule.breaches.append(Breach(audit.query_id, f"{reference.shown()}: {reference.note}"))
    rule.found = f"{len(audits) - len(rule.breaches)} of {len(audits)} pass"
    return rule


def mutant_rule(audits: Sequence[ScenarioAudit]) -> SuiteRule:
    """Each scenario with a reference rejects at least :data:`MIN_SCENARIO_KILL_RATE` of its
    non-equivalent mutants (a scenario with none to count holds)."""
    demand = f"each scenario rejects >= {100 * MIN_SCENARIO_KILL_RATE:.0f}% of its mutants"
    referenced = [audit for audit in audits if audit.reference is not None]
    rule = SuiteRule(demand, len(referenced))
    for audit in referenced:
        report = audit.mutants
        if report is None:
            reason = "no milestones or minefields: its score cannot tell a mutant apart"
            rule.breaches.append(Breach(audit.query_id, reason))
            continue
        rate = report.kill_rate
        if rate is not None and rate < MIN_SCENARIO_KILL_RATE:
            killed = len(report.counted) - len(report.survivors)
            operators = ", ".join(dict.fromkeys(o.operator for o in report.survivors))
            reason = f"{100 * rate:.0f}% ({killed}/{len(report.counted)}); survivors: {operators}"
            rule.breaches.append(Breach(audit.query_id, reason))
    rule.found = f"{len(rule.breaches)} of {len(referenced)} below"
    return rule


def _listed_rule(
    audits: Sequence[ScenarioAudit],
    demand: str,
    pick: Callable[[ScenarioAudit], list[str]],
    found: str,
) -> SuiteRule:
    """A rule that no scenario lists anything under ``pick`` (the conditions that break it)."""
    rule = SuiteRule(demand, len(audits))
    for audit in audits:
        listed = pick(audit)
        if listed:
            rule.breaches.append(Breach(audit.query_id, "; ".join(listed)))
    rule.found = f"{len(rule.breaches)} of {len(audits)} {found}"
    return rule


def start_rule(audits: Sequence[ScenarioAudit]) -> SuiteRule:
    """No effect condition holds in the starting world (and every ``still`` condition does)."""
    return _listed_rule(
        audits,
        "no effect condition already holds in the starting world",
        lambda audit: audit.held_at_start,
        "with one",
    )


def subject_rule(audits: Sequence[ScenarioAudit]) -> SuiteRule:
    """Every effect condition names whom or what its row concerns."""
    return _listed_rule(
        audits,
        "every effect condition names whom or what it concerns",
        lambda audit: audit.unnamed,
        "with one that does not",
    )


def capability_rule(audits: Sequence[ScenarioAudit]) -> SuiteRule:
    """Each scenario's reference scores :data:`REFERENCE_CAPABILITY` on every capability metric
    that applies (a scenario without milestones has none)."""
    demand = (
        f"the reference scores {REFERENCE_CAPABILITY:.1f} on every capability metric that "
        "applies (IR recall, response quality, payload accuracy, task success)"
    )
    measured = [audit for audit in audits if audit.capabilities is not None]
    rule = SuiteRule(demand, len(measured))
    for audit in measured:
        found = audit.capabilities
        assert found is not None
        short = {n: v for n, v in found.scores.items() if v < REFERENCE_CAPABILITY}
        if short:
            reason = "; ".join(
                f"{name} {value:.2f}" + (f" ({found.why[name]})" if name in found.why else "")
                for name, value in short.items()
            )
            rule.breaches.append(Breach(audit.query_id, reason))
    rule.found = f"{len(measured) - len(rule.breaches)} of {len(measured)} score 1.0"
    return rule


def suite_rules(audits: Sequence[ScenarioAudit], *, mutants: bool) -> list[SuiteRule]:
    """Every rule, in the order ``verify`` prints them."""
    rules = [
        reference_rule(audits),
        _baseline_rule(
            audits, "answering without acting fails every scenario", lambda audit: audit.null
        ),
        _baseline_rule(
            audits,
            "always asking fails every single-turn scenario without insufficient context",
            lambda audit: audit.ask,
        ),
        _baseline_rule(
            audits,
            "acting without asking fails every insufficient-context scenario",
            lambda audit: audit.unasked,
        ),
        _baseline_rule(
            audits,
            "replying as the reference without acting fails every stateful scenario",
            lambda audit: audit.replied,
        ),
        start_rule(audits),
        subject_rule(audits),
    ]
    rules.append(capability_rule(audits))
    if mutants:
        rules.append(mutant_rule(audits))
    return rules


__all__ = [
    "MIN_SCENARIO_KILL_RATE",
    "Breach",
    "SuiteRule",
    "capability_rule",
    "mutant_rule",
    "reference_rule",
    "start_rule",
    "subject_rule",
    "suite_rules",
]
