"""How ``assistworld verify`` prints its rules, whatever the paradigm: each rule with the
threshold it demands, what was found, whether it holds, and one closing verdict line."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from rich import box
from rich.console import Console
from rich.table import Table


class Rule(NamedTuple):
    """One rule ``verify`` applies: what it demands, what was found, whether it holds."""

    demand: str
    found: str
    holds: bool


def rules_table(rules: Sequence[Rule]) -> Table:
    """The rules, one row each, with a verdict column."""
    table = Table(title="Rules", box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column("rule")
    table.add_column("found", justify="right")
    table.add_column("", no_wrap=True)
    for rule in rules:
        verdict = "[green]holds[/]" if rule.holds else "[bold red]FAILED[/]"
        table.add_row(rule.demand, rule.found, verdict)
    return table


def print_verdict(console: Console, rules: Sequence[Rule]) -> bool:
    """Print the rules and the verdict (``verify: OK`` or ``verify: FAILED`` with each broken
    rule); True when every rule holds."""
    console.print(rules_table(rules))
    failed = [rule for rule in rules if not rule.holds]
    if failed:
        reasons = "; ".join(f"{rule.demand}: {rule.found}" for rule in failed)
        console.print(f"[bold red]verify: FAILED[/] ({reasons})", highlight=False, soft_wrap=True)
    else:
        console.print("[bold green]verify: OK[/]", highlight=False)
    return not failed


__all__ = ["Rule", "print_verdict", "rules_table"]
