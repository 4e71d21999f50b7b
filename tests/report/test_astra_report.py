"""The astra sections of the report and of ``show``, on two run directories of hand-made results
(see ``tests/paradigms/astra/made_results.py``): the paper's tables side by side, the judge
against the milestones with its scatter, and a note instead of plots without matplotlib."""

from __future__ import annotations

import html
import io
import re
import sys
from pathlib import Path

import pytest
from rich.console import Console

from assistworld.core.paradigm import LabelledResults
from assistworld.paradigms.astra.report.sections import complexity_section
from assistworld.report.commands import report_command, show_command

from ..paradigms.astra.made_results import run_a, run_b, write_run


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("astra-runs")
    return (
        write_run(folder / "a", run_a(), "openai:strong"),
        write_run(folder / "b", run_b(), "openai:weak"),
    )


def section(page: str, anchor: str) -> str:
    found = re.search(rf'<section id="{anchor}".*?</section>', page, re.DOTALL)
    assert found is not None, f"no section {anchor}"
    return html.unescape(found.group(0))


def test_the_papers_tables_set_the_runs_side_by_side(runs: tuple[Path, Path]) -> None:
    page = report_command(list(runs), runs[0].parent / "report.html").read_text()
    tiers = section(page, "astra-complexity")
    assert "openai:strong · tools: success" in tiers and "openai:weak · tools: mean S" in tiers
    low = re.search(r"<td>referential</td><td>low</td>(.*?)</tr>", tiers)
    assert low is not None
    cells = re.findall(r"<td[^>]*>(.*?)</td>", low.group(1))
    judged = ["0.833 (n=3)", "0.500 (n=3)"]  # the judge's task completion, over 2
    assert cells == ["3", "66.7% (2)", "0.750", judged[0], "3", "33.3% (1)", "0.500", judged[1]]
    assert 'title="3 scenarios: s1, s1-de, s4"' in tiers
    everything = re.search(r"<td>all</td><td>all levels</td>(.*?)</tr>", tiers)
    assert everything is not None
    cells = re.findall(r"<td[^>]*>(.*?)</td>", everything.group(1))
    strong = ["5", "40.0% (2)", "0.550", "0.600 (n=5)"]
    assert cells == [*strong, "5", "20.0% (1)", "0.300", "0.300 (n=5)"]
    assert tiers.count("<svg") == 1

    capabilities = section(page, "astra-capabilities")
    assert "IR recall" in capabilities and "0.500 (n=3)" in capabilities
    stress = section(page, "astra-stress")
    assert "insufficient context" in stress and "-66.7 pts" in stress
    assert "judge: no halluc." in stress
    assert "0.500 (n=1), Δ -0.333" in stress  # misinformation against neither, by the judge
    languages = section(page, "astra-languages")
    assert re.search(r"<td>de</td>.*?-100\.0 pts", languages)

    judge = section(page, "astra-judge")
    assert "<th>task completion</th>" in judge and "0.600 (n=5)" in judge and "0.300 (n=5)" in judge
    assert "<strong>the same order</strong>" in judge
    assert judge.count("<svg") == 1 and "judge: task completion" in judge


def test_without_translations_or_a_judge_those_sections_are_left_out(tmp_path: Path) -> None:
    plain = [
        r.model_copy(update={"details": r.details.model_copy(update={"judge": None})})
        for r in run_a()[:4]
    ]
    page = report_command([write_run(tmp_path / "run", plain, "m")], tmp_path / "r.html")
    text = page.read_text()
    assert 'id="astra-complexity"' in text
    assert 'id="astra-languages"' not in text and 'id="astra-judge"' not in text


def test_plots_give_way_to_a_note_without_matplotlib(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("assistworld.paradigms.astra.report.plots", "assistworld.core.figures"):
        monkeypatch.delitem(sys.modules, name, raising=False)
        package, _, module = name.rpartition(".")
        monkeypatch.delattr(sys.modules[package], module, raising=False)
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib now fails
    found = complexity_section([LabelledResults("a", run_a())])
    assert "<svg" not in found.html
    assert "pip install 'assistworld[report]'" in html.unescape(found.html)
    assert "66.7% (2)" in found.html


def test_show_prints_the_milestone_figures_and_the_judge_means(runs: tuple[Path, Path]) -> None:
    buffer = io.StringIO()
    show_command(runs[0], Console(file=buffer, width=80, color_system=None))
    text = buffer.getvalue()
    assert re.search(r"mean S\s+0\.550\s+5", text)
    assert re.search(r"IR recall\s+0\.500\s+3", text)
    assert re.search(r"task completion\s+0\.600\s+5", text)
    assert re.search(r"pearson with S\s+0\.9\d\d\s+5", text)
    assert re.search(r"judge\s+openai-compatible:judge@", text)  # the manifest's judge
    assert max(len(line.rstrip()) for line in text.splitlines()) <= 80
