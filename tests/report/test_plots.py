"""Plots as inline SVG: text kept as text, escaped, no prolog, ids distinct between plots."""

from __future__ import annotations

import re

from assistworld.paradigms.aspera.grading.results import aspera_metrics
from assistworld.report.buckets import Bucket
from assistworld.report.plots import error_breakdown, group_bars, success_bars
from tests.report._runs import result


def test_success_bars_show_bucket_sizes_and_keep_text_as_text() -> None:
    svg = success_bars(
        "Cyclomatic complexity", [("run", [Bucket("1", 4, 3), Bucket("2-3", 2, 0)])], "a"
    )
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    assert "<!DOCTYPE" not in svg and "<?xml" not in svg
    assert "<text" in svg and "n=4" in svg and "n=2" in svg
    assert ">75<" in svg  # the bar's percentage label


def test_bars_carry_their_own_n_when_runs_differ_in_bucket_sizes() -> None:
    svg = success_bars("CC", [("a", [Bucket("1", 4, 3)]), ("b", [Bucket("1", 2, 2)])], "b")
    assert "n=4" in svg and "n=2" in svg
    assert ">a<" in svg and ">b<" in svg  # legend entries


def test_label_text_is_escaped() -> None:
    svg = group_bars("by category", [("run", [Bucket("</svg><script>x</script>", 1, 1)])], "c")
    assert "<script>" not in svg
    assert "&lt;/svg&gt;&lt;script&gt;" in svg


def test_two_plots_share_no_referenced_ids() -> None:
    metrics = aspera_metrics([result("a", "passed"), result("b", "execution_error")])
    first = error_breakdown([("run", metrics.overall)], "one")
    second = error_breakdown([("run", metrics.overall)], "two")
    ids_first = set(re.findall(r'\sid="([^"]+)"', first))
    ids_second = set(re.findall(r'\sid="([^"]+)"', second))
    assert ids_first and not ids_first & ids_second


def test_error_breakdown_counts_failed_tasks_per_run() -> None:
    one = aspera_metrics([result("a", "passed"), result("b", "execution_error")]).overall
    two = aspera_metrics([result("a", "timeout"), result("b", "execution_error")]).overall
    svg = error_breakdown([("first", one), ("second", two)], "e")
    assert "1 failed" in svg and "2 failed" in svg
    assert "execution error" in svg and "timeout" in svg
