"""What a confined command is shown of the host, and what is hidden from it."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

import assistworld_suites
from assistworld.core.cache_dirs import user_cache_dir
from assistworld.sandbox.command.reach import CommandError, command_reach

PATH_ENV = {"PATH": "/usr/bin:/bin"}


def _fake_venv(root: Path, base_bin: Path) -> Path:
    """A virtual environment at ``root`` whose python links to ``base_bin / python3``."""
    (root / "bin").mkdir(parents=True)
    (root / "lib" / "site-packages").mkdir(parents=True)
    (root / "pyvenv.cfg").write_text(f"home = {base_bin}\n")
    (root / "bin" / "python3").symlink_to(base_bin / "python3")
    return root / "bin" / "python3"


def _fake_base(root: Path) -> Path:
    (root / "bin").mkdir(parents=True)
    python = root / "bin" / "python3"
    python.write_text("#!/bin/sh\n")
    python.chmod(0o755)
    return root / "bin"


def test_a_virtual_environment_is_exposed_whole_with_its_base_prefix(tmp_path: Path) -> None:
    base = _fake_base(tmp_path / "pyenv" / "versions" / "3.11")
    python = _fake_venv(tmp_path / "venv", base)
    reach = command_reach([str(python), "-m", "agent"], PATH_ENV)
    assert reach.executable == str(python)
    assert reach.expose == sorted(
        [str(tmp_path / "venv"), str(tmp_path / "pyenv" / "versions" / "3.11")]
    )
    assert reach.argv == [str(python), "-m", "agent"]


def test_this_interpreter_is_reachable_without_opening_its_home() -> None:
    reach = command_reach([sys.executable, "-c", "pass"], PATH_ENV)
    assert os.path.realpath(sys.base_prefix) in reach.expose
    assert not any(path in ("/root", "/", str(Path.home())) for path in reach.expose)


def test_a_system_program_needs_nothing_besides_the_system_directories() -> None:
    reach = command_reach(["sh", "-c", "true"], PATH_ENV)
    assert reach.executable == "/usr/bin/sh"
    assert reach.expose == []


def test_a_script_brings_its_interpreter_found_through_env(tmp_path: Path) -> None:
    base = _fake_base(tmp_path / "py")
    python = _fake_venv(tmp_path / "venv", base)
    script = tmp_path / "tools" / "agent"
    script.parent.mkdir()
    script.write_text("#!/usr/bin/env python3\nprint('hi')\n")
    script.chmod(0o755)
    reach = command_reach(["agent"], {"PATH": f"{script.parent}:{python.parent}:/usr/bin"})
    assert reach.expose == sorted([str(script), str(tmp_path / "py"), str(tmp_path / "venv")])


def test_files_named_by_arguments_are_exposed_alone_and_made_absolute(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "agent.py").write_text("pass\n")
    (tmp_path / "notes").mkdir()
    monkeypatch.chdir(tmp_path)
    reach = command_reach(["sh", "agent.py", "--model", "x", "notes"], PATH_ENV)
    assert reach.argv == ["sh", str(tmp_path / "agent.py"), "--model", "x", "notes"]
    assert reach.expose == [str(tmp_path / "agent.py")]


def test_a_program_in_a_home_bin_is_exposed_alone_not_the_home(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "me"
    program = home / "bin" / "agent"
    program.parent.mkdir(parents=True)
    program.write_text("#!/bin/sh\n")
    program.chmod(0o755)
    monkeypatch.setenv("HOME", str(home))
    assert command_reach([str(program)], PATH_ENV).expose == [str(program)]


def test_the_suites_and_caches_are_always_hidden_and_more_may_be_added(tmp_path: Path) -> None:
    reach = command_reach(["sh"], PATH_ENV, hidden=[tmp_path / "runs"])
    suites = str(Path(assistworld_suites.__file__).resolve().parent)
    assert suites in reach.hidden
    assert str(user_cache_dir("ASSISTWORLD_CACHE_DIR", "llm").parent) in reach.hidden
    assert str(tmp_path / "runs") in reach.hidden


def test_a_missing_or_unrunnable_command_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(CommandError, match="'no-such-agent' is not found on the PATH"):
        command_reach(["no-such-agent"], PATH_ENV)
    with pytest.raises(CommandError, match="is empty"):
        command_reach([], PATH_ENV)
    plain = tmp_path / "agent"
    plain.write_text("print(1)\n")
    with pytest.raises(CommandError, match=r"is not executable \(chmod \+x it\)"):
        command_reach([str(plain)], PATH_ENV)
