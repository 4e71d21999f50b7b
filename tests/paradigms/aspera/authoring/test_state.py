"""The session state survives a restart exactly, and a damaged state file is named."""

from __future__ import annotations

from pathlib import Path

import pytest

from assistworld.paradigms.aspera.authoring.state import (
    STATE_FILE,
    Draft,
    Message,
    Round,
    Section,
    SessionState,
    StateError,
    Verdict,
    Version,
    load_state,
    save_state,
)


def _state() -> SessionState:
    draft = Draft(
        plan="p",
        query="Q",
        query_id="generated_001_p",
        category="generated",
        file="round-001/p.py",
        program=Version(model_text="def p(): pass", text="def p():\n    pass"),
        setups=[Version(suffix="", instructions="Jill exists", text="def setup_env_p(): pass")],
        chat=[Message(role="user", content="hello")],
        step="refused",
        verdict=Verdict(problems=["a do-nothing program passes"], survivors=["x: y"]),
    )
    round_ = Round(
        number=1,
        mode="invent",
        model="openai:gpt-4o",
        n=2,
        focus="lunches",
        step="tasks",
        sections=[Section(number=1, model_text="a", text="b", mark="quarantine", note="vague")],
        drafts=[draft],
    )
    return SessionState(suite_dir="/suite", rounds=[round_], queries_used=["Q"])


def test_a_saved_state_loads_back_equal_and_leaves_no_temporary_files(tmp_path: Path) -> None:
    state = _state()
    save_state(tmp_path, state)
    save_state(tmp_path, state)
    assert load_state(tmp_path) == state
    assert sorted(p.name for p in tmp_path.iterdir()) == [STATE_FILE]
    assert load_state(tmp_path / "nothing-here") is None


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "cannot read the saved session"),
        ('{"suite_dir": "/s", "rounds": [{"number": "one"}]}', "cannot read the saved session"),
        ('{"format": 99, "suite_dir": "/s"}', "saved by another version"),
    ],
)
def test_a_damaged_state_is_refused_with_what_to_do(
    tmp_path: Path, content: str, message: str
) -> None:
    (tmp_path / STATE_FILE).write_text(content)
    with pytest.raises(StateError, match=message) as caught:
        load_state(tmp_path)
    assert str(tmp_path / STATE_FILE) in str(caught.value)
