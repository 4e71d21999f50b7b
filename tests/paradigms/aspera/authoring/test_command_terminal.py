"""A whole interactive session, driven as a real terminal program under a pseudo-terminal.

The model is the loopback server scripted with canned programs. The person marks programs in the
staging file (one revise, one quarantine, and a syntax error to fix), gives setup instructions,
is shown the audit refusing a too-lax evaluation, asks for a revision, and accepts the task. The
session is killed mid-way and resumed by running the same command again.
"""

from __future__ import annotations

import json
import os
import re
import signal
import sys
from collections.abc import Iterator
from pathlib import Path

import pexpect
import pytest

from assistworld.llm.loopback import LoopbackServer
from assistworld.paradigms.aspera.audit.baselines import audit_tasks
from assistworld.paradigms.aspera.audit.mutation_audit import audit_mutants
from assistworld.paradigms.aspera.tasks.library import ASPERA_LIBRARY
from assistworld.paradigms.aspera.tasks.suite import load_suite
from assistworld.sandbox import InProcessExecutor
from tests.paradigms.aspera.authoring._scripted import LUNCH_PLAN, ScriptedReplies
from tests.sandbox._root import needs_root

REPO = Path(__file__).resolve().parents[2]
PROMPT = "\n> "
"""The review prompt, at the start of a line (audit evidence holds "->" mid-line)."""


@pytest.fixture
def scripted() -> Iterator[tuple[LoopbackServer, ScriptedReplies]]:
    replies = ScriptedReplies()
    with LoopbackServer(reply=replies) as server:
        yield server, replies


def _spawn(root: Path, server: LoopbackServer) -> pexpect.spawn[str]:
    env = {
        **os.environ,
        "NO_COLOR": "1",
        "TERM": "dumb",
        "PYTHONPATH": str(REPO),
    }
    args = [
        "-m",
        "assistworld.paradigms.aspera.authoring",
        "--suite",
        str(root / "suite"),
        "--session",
        str(root / "session"),
        "--model",
        f"openai-compatible:loopback-model@{server.base_url}",
        "--n",
        "2",
        "--focus",
        "lunches",
    ]
    child = pexpect.spawn(
        sys.executable, args, env=env, encoding="utf-8", dimensions=(60, 400), timeout=120
    )
    child.logfile_read = (root / "terminal.log").open("a", encoding="utf-8")
    return child


def _set_marks(staging: Path, marks: dict[int, str]) -> None:
    text = staging.read_text(encoding="utf-8")
    for number, mark in marks.items():
        text = re.sub(
            rf"(# --- program {number} ---\n)# mark: [^\n]*", rf"\g<1># mark: {mark}", text
        )
    staging.write_text(text, encoding="utf-8")


def _log(root: Path, name: str) -> list[dict[str, object]]:
    path = root / "session" / name
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@needs_root
def test_interactive_session_with_revision_quarantine_refusal_and_resume(
    tmp_path: Path, scripted: tuple[LoopbackServer, ScriptedReplies]
) -> None:
    server, replies = scripted
    staging = tmp_path / "session" / "round-001" / "programs.py"
    child = _spawn(tmp_path, server)

    # round 1: a new focus, then the two programs in the staging file
    child.expect("Focus for round 1")
    child.sendline("Lunches with colleagues")
    child.expect("press Enter to read it")
    text = staging.read_text(encoding="utf-8")
    broken = text.replace(f"def {LUNCH_PLAN}():", f"def {LUNCH_PLAN}(:")
    staging.write_text(broken, encoding="utf-8")
    _set_marks(staging, {1: "revise start at 12:30 and end at 1:30", 2: "quarantine not a task"})
    def_line = staging.read_text(encoding="utf-8").split("\n").index(f"def {LUNCH_PLAN}(:") + 1
    child.sendline("")

    # the syntax error is reported with its line; the person fixes it
    child.expect(re.escape(f"programs.py:{def_line}: program 1: syntax error"))
    child.expect("press Enter to read it")
    fixed = staging.read_text(encoding="utf-8").replace(
        f"def {LUNCH_PLAN}(:", f"def {LUNCH_PLAN}():"
    )
    staging.write_text(fixed, encoding="utf-8")
    child.sendline("")

    # the revised program comes back in the staging file; the person adds a comment and keeps it
    child.expect("press Enter to read it")
    revised = staging.read_text(encoding="utf-8")
    assert "time_by_hm(12, 30" in revised
    assert "# mark: quarantine not a task" in revised  # marks not yet carried out are kept
    staging.write_text(
        revised.replace(
            "    add_event(lunch)", "    # one event for the three of us\n    add_event(lunch)"
        ),
        encoding="utf-8",
    )
    child.sendline("")
    child.expect("Instructions for the setup program")

    # killed while the person thinks: the saved state resumes at the same question
    child.kill(signal.SIGKILL)
    child.close()
    assert replies.count("## Step: invent") == 1
    child = _spawn(tmp_path, server)
    child.expect("resuming round 1")
    index = child.expect(["Focus for round", "Instructions for the setup program"])
    assert index == 1, "the resumed session asked again for what was already answered"
    assert replies.count("## Step: invent") == 1
    assert replies.count("## Step: revise the action program") == 1
    child.sendline("Ingrid already has a meeting on Thursday morning")

    # setups reviewed; the evaluation is too lax and the audits refuse the task with evidence
    child.expect("write the evaluation programs")
    child.expect(PROMPT)
    child.sendline("")
    child.expect("run the audits")
    child.expect(PROMPT)
    child.sendline("")
    child.expect("The audits refused")
    child.expect("a do-nothing program passes")
    child.expect("mutants the evaluation accepted")
    child.expect("swap-weekday: line")
    child.expect("audit again")
    child.expect(PROMPT)
    child.sendline("r check the time and the attendees of the new event")
    child.expect("run the audits")
    child.expect(PROMPT)
    child.sendline("")
    child.expect(r"accepted generated_001_" + LUNCH_PLAN)
    child.expect(r"Another round\? \[y/N\]")
    child.sendline("n")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0

    # the accepted task is in the suite and passes the audits
    suite = load_suite(tmp_path / "suite")
    assert [task.query_id for task in suite.tasks] == [f"generated_001_{LUNCH_PLAN}"]
    task = suite.tasks[0]
    assert "# one event for the three of us" in task.program
    assert task.category == "generated" and "generated" in task.tags
    executor = InProcessExecutor(library=ASPERA_LIBRARY)
    assert audit_tasks([task], executor).tasks[0].problems == []
    assert audit_mutants([task], executor).tasks[0].kill_rate >= 0.6

    # the edit log holds the person's changes, feedback and reasons next to the model's text
    edits = _log(tmp_path, "edit_log.jsonl")
    program_revise = [e for e in edits if e.get("stage") == "program" and e["decision"] == "revise"]
    assert program_revise[0]["feedback"] == "start at 12:30 and end at 1:30"
    assert "time_by_hm(12, 0" in str(program_revise[0]["model_output"])
    kept = [e for e in edits if e.get("stage") == "program" and e["decision"] == "accept"]
    assert kept[0]["edited"] is True
    assert "# one event for the three of us" in str(kept[0]["final"])
    assert "# one event" not in str(kept[0]["model_output"])
    setups = [e for e in edits if e.get("stage") == "setup" and e["decision"] == "accept"]
    assert setups[0]["instructions"] == "Ingrid already has a meeting on Thursday morning"
    evaluation_revise = [
        e for e in edits if e.get("stage") == "evaluation" and e["decision"] == "revise"
    ]
    assert evaluation_revise[0]["feedback"] == "check the time and the attendees of the new event"
    quarantined = [e for e in edits if e.get("decision") == "quarantine"]
    assert quarantined[0]["feedback"] == "not a task"

    # the quarantined program is kept with its reason; the chats hold the setup instructions
    aside = _log(tmp_path, "quarantine.jsonl")
    assert [(q["reason"], q["query"]) for q in aside] == [
        ("not a task", "Assistant, say something nice.")
    ]
    chat = (tmp_path / "session" / "chats" / f"round-001-{LUNCH_PLAN}.json").read_text()
    assert "# TODO: Ingrid already has a meeting on Thursday morning" in chat
    assert "The task audit refused the task" in chat  # the evidence went with the feedback
