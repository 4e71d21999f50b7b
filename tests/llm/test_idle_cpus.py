"""Choosing the local model's decoding threads from the CPUs idle when it loads."""

from __future__ import annotations

from pathlib import Path

import pytest

from assistworld.llm.idle_cpus import decoding_threads, idle_cpus


def _stat(path: Path, user: int, idle: int, iowait: int = 0) -> None:
    # user nice system idle iowait irq softirq steal guest guest_nice
    path.write_text(f"cpu  {user} 0 0 {idle} {iowait} 0 0 0 0 0\ncpu0 1 2 3 4 5\n")


def _sampled(tmp_path: Path, first: tuple[int, int, int], second: tuple[int, int, int]) -> float:
    stat = tmp_path / "stat"
    _stat(stat, *first)
    idle = idle_cpus(stat=stat, cpus=2, sleep=lambda _seconds: _stat(stat, *second))
    assert idle is not None
    return idle


def test_idle_cpus_are_the_idle_share_of_the_time_between_two_readings(tmp_path: Path) -> None:
    assert _sampled(tmp_path, (100, 100, 0), (100, 300, 0)) == pytest.approx(2.0)
    assert _sampled(tmp_path, (100, 100, 0), (200, 200, 0)) == pytest.approx(1.0)
    assert _sampled(tmp_path, (0, 0, 0), (150, 40, 10)) == pytest.approx(0.5)


def test_without_the_kernel_counters_the_load_average_stands_in(tmp_path: Path) -> None:
    idle = idle_cpus(stat=tmp_path / "missing", cpus=64, sleep=lambda _seconds: None)
    assert idle is not None and 0.0 <= idle <= 64.0


def test_all_threads_decode_only_when_that_many_cpus_are_idle() -> None:
    assert decoding_threads(2, 2.0) == 2
    assert decoding_threads(2, 1.8) == 2
    assert decoding_threads(2, 1.2) == 1
    assert decoding_threads(8, 3.0) == 4
    assert decoding_threads(1, 0.0) == 1
    assert decoding_threads(2, None) == 1
