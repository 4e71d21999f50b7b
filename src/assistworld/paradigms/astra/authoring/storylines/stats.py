"""A world's statistics in the layout of ASTRA-bench's Table S1 (events and the six apps)."""

from __future__ import annotations

from typing import Any

from rich.table import Table

COLUMNS = ("Events", "Contact", "Calendar", "Email", "Message", "WhatsApp", "Phone call")


def world_counts(data: dict[str, Any], events: int) -> dict[str, int]:
    """Events and records per app (messages counted one by one)."""
    return {
        "Events": events,
        "Contact": len(data["contacts"]),
        "Calendar": len(data["calendar"]),
        "Email": len(data["emails"]),
        "Message": sum(len(c["messages"]) for c in data["text_conversations"]),
        "WhatsApp": sum(len(c["messages"]) for c in data["whatsapp_conversations"]),
        "Phone call": len(data["phone_calls"]),
    }


def artifact_total(counts: dict[str, int]) -> int:
    """Records across the six apps."""
    return sum(value for key, value in counts.items() if key != "Events")


def table_s1(rows: dict[str, dict[str, int]]) -> Table:
    """One row per protagonist and a total row."""
    table = Table(title="Protagonists breakdown (Table S1 layout)")
    table.add_column("Protagonist")
    for column in COLUMNS:
        table.add_column(column, justify="right")
    table.add_column("Artifacts", justify="right")
    totals = dict.fromkeys(COLUMNS, 0)
    for name, counts in rows.items():
        table.add_row(name, *(str(counts[c]) for c in COLUMNS), str(artifact_total(counts)))
        for column in COLUMNS:
            totals[column] += counts[column]
    if len(rows) > 1:
        table.add_row("Total", *(str(totals[c]) for c in COLUMNS), str(artifact_total(totals)))
    return table
