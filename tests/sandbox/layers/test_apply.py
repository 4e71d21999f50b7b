"""apply_layers: order, fail-closed behaviour, the unsafe escape hatch, config validation."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from assistworld.sandbox.layers import LayerConfig, SandboxSetupError, apply_layers
from tests.sandbox._root import needs_root

from ._forked import outcome_of, run_forked
from .conftest import Targets


def _with(config: LayerConfig, **changes: Any) -> LayerConfig:
    fields = {
        "scratch_dir": config.scratch_dir,
        "read_only_paths": config.read_only_paths,
        "cpu_seconds": config.cpu_seconds,
        "address_space_bytes": config.address_space_bytes,
        "file_size_bytes": config.file_size_bytes,
        "open_files": config.open_files,
    }
    return LayerConfig(**{**fields, **changes})


def _apply_and_probe(config: LayerConfig, targets: Targets, *, unsafe: bool) -> dict[str, Any]:
    try:
        applied = apply_layers(config, unsafe=unsafe)
    except SandboxSetupError as exc:
        return {"layer": exc.layer, "message": str(exc)}
    return {
        "applied": applied,
        "write_outside": outcome_of(lambda: (targets.outside_dir / "x").write_text("x"))["ok"],
        "fork": outcome_of(lambda: os.waitpid(os.fork() or os._exit(0), 0))["ok"],
    }


@needs_root
def test_missing_read_only_path_fails_closed(layer_config: LayerConfig, targets: Targets) -> None:
    missing = targets.outside_dir / "gone"
    config = _with(layer_config, read_only_paths=[*layer_config.read_only_paths, missing])
    report = run_forked(lambda: _apply_and_probe(config, targets, unsafe=False)).report
    assert report is not None
    assert report["layer"] == "landlock"
    assert str(missing) in report["message"]


@needs_root
def test_unsafe_applies_the_other_layers(layer_config: LayerConfig, targets: Targets) -> None:
    config = _with(layer_config, read_only_paths=[targets.outside_dir / "gone"])
    report = run_forked(lambda: _apply_and_probe(config, targets, unsafe=True)).report
    assert report == {
        "applied": ["rlimits", "identity", "seccomp"],
        "write_outside": False,  # no Landlock, but the child's own (filesystem) uid is not root's
        "fork": False,
    }


@needs_root
def test_missing_scratch_dir_fails_closed(layer_config: LayerConfig, targets: Targets) -> None:
    config = _with(layer_config, scratch_dir=targets.outside_dir / "no-scratch")
    report = run_forked(lambda: _apply_and_probe(config, targets, unsafe=False)).report
    assert report is not None
    assert report["layer"] == "landlock"
    assert "scratch_dir" in report["message"]


@pytest.mark.parametrize(
    ("unsafe", "expected"),
    [
        (False, {"layer": "identity"}),
        (True, {"applied": ["rlimits"], "write_outside": True, "fork": True}),
    ],
)
def test_a_second_thread_is_refused(
    unsafe: bool, expected: dict[str, Any], layer_config: LayerConfig, targets: Targets
) -> None:
    def action() -> dict[str, Any]:
        stop = threading.Event()
        threading.Thread(target=stop.wait, daemon=True).start()
        time.sleep(0.01)
        report = _apply_and_probe(layer_config, targets, unsafe=unsafe)
        report.pop("message", None)
        return report

    assert run_forked(action).report == expected


@needs_root
def test_dev_null_stays_writable(layer_config: LayerConfig) -> None:
    def write_to_dev_null() -> object:
        with open(os.devnull, "w") as sink:
            return sink.write("discarded")

    outcome = run_forked(
        lambda: {"applied": apply_layers(layer_config), **outcome_of(write_to_dev_null)}
    )
    assert outcome.value("ok") is True


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"scratch_dir": Path("relative/scratch")}, "scratch_dir must be an absolute path"),
        ({"read_only_paths": [Path("lib")]}, "read_only_paths must be absolute"),
        ({"cpu_seconds": 0}, "cpu_seconds must be at least 1"),
        ({"address_space_bytes": 0}, "address_space_bytes must be positive"),
        ({"file_size_bytes": -1}, "file_size_bytes must be >= 0"),
        ({"open_files": 2}, "open_files must be at least 3"),
    ],
)
def test_bad_config_is_rejected_with_a_clear_message(
    changes: dict[str, Any], message: str, layer_config: LayerConfig
) -> None:
    with pytest.raises(ValueError, match=message):
        _with(layer_config, **changes)


def test_config_defaults_follow_the_limits_table(scratch_dir: Path) -> None:
    config = LayerConfig(scratch_dir=scratch_dir, read_only_paths=[])
    assert (config.cpu_seconds, config.file_size_bytes, config.open_files) == (15, 16 << 20, 64)
    assert config.address_space_bytes is None


def test_a_child_that_cannot_give_up_root_fails_closed(
    layer_config: LayerConfig, targets: Targets
) -> None:
    def action() -> dict[str, Any]:
        os.setresuid(65534, 65534, 65534)  # no capability left to set ids or secure bits with
        return _apply_and_probe(layer_config, targets, unsafe=False)

    report = run_forked(action).report
    assert report is not None
    assert report["layer"] == "identity"
    assert "secure bits" in report["message"]
