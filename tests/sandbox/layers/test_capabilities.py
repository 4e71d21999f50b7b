"""The capability probe and its report."""

from __future__ import annotations

import pytest

from assistworld.sandbox.layers import CapabilityReport, probe
from tests.sandbox._root import needs_root


@needs_root
def test_this_machine_has_every_layer() -> None:
    report = probe()
    assert report.landlock_abi is not None and report.landlock_abi >= 6
    assert report.seccomp_problem == ""
    assert report.missing() == []
    assert report.ready
    assert f"landlock: ABI {report.landlock_abi}" in report.summary()
    assert "ready" in report.summary()


@pytest.mark.parametrize(
    ("report", "missing"),
    [
        (CapabilityReport(7, "", ""), []),
        (CapabilityReport(4, "", ""), []),
        (CapabilityReport(2, "", ""), ["landlock-abi3"]),
        (CapabilityReport(None, "the kernel has no Landlock syscalls", ""), ["landlock"]),
        (CapabilityReport(7, "", "pyseccomp cannot be loaded"), ["seccomp"]),
        (CapabilityReport(None, "disabled at boot", "no seccomp"), ["landlock", "seccomp"]),
    ],
)
def test_missing_layers(report: CapabilityReport, missing: list[str]) -> None:
    assert report.missing() == missing
    assert report.ready is (missing == [])


def test_summary_names_what_is_missing_and_why() -> None:
    summary = CapabilityReport(
        None, "Landlock is disabled at boot", "pyseccomp cannot be loaded"
    ).summary()
    assert "landlock: MISSING (Landlock is disabled at boot)" in summary
    assert "seccomp: MISSING (pyseccomp cannot be loaded)" in summary
    assert "not ready" in summary


def test_summary_mentions_gaps_of_an_old_abi() -> None:
    summary = CapabilityReport(4, "", "").summary()
    assert "no signal/abstract-socket scoping" in summary
    assert "no TCP rules" not in summary
