"""Without root the sandbox fails closed: it refuses to start, says why and names ``--unsafe``;
with ``unsafe`` it runs what it can. As root, the check runs in a forked child that first gives
up root the ordinary way (a plain ``setresuid``), as a user without root would start."""

from __future__ import annotations

import os
from typing import Any

from assistworld.paradigms.aspera.tasks.library import ASPERA_LIBRARY
from assistworld.sandbox import SandboxPool, SandboxSetupError
from assistworld.sandbox.layers import probe
from tests.sandbox.layers._forked import run_forked

NOBODY = 65534


def _as_an_ordinary_user() -> None:
    if os.geteuid() == 0:
        os.setgroups([])
        os.setresgid(NOBODY, NOBODY, NOBODY)
        os.setresuid(NOBODY, NOBODY, NOBODY)


def test_the_pool_refuses_to_start_without_root_and_names_unsafe() -> None:
    def action() -> dict[str, Any]:
        _as_an_ordinary_user()
        report = probe()
        try:
            SandboxPool(slots=1, library=ASPERA_LIBRARY)
        except SandboxSetupError as exc:
            return {"layer": exc.layer, "message": str(exc), "missing": report.missing()}
        return {"started": True}

    outcome = run_forked(action, timeout=30)
    assert outcome.value("layer") == "identity"
    assert outcome.value("missing") == ["identity"]
    message = outcome.value("message")
    assert "needs root" in message and "--unsafe" in message, message
    assert f"uid {os.geteuid() if os.geteuid() else NOBODY}" in message, message


def test_the_probe_summary_says_what_is_missing_without_root() -> None:
    def action() -> dict[str, Any]:
        _as_an_ordinary_user()
        return {"summary": probe().summary()}

    summary = run_forked(action).value("summary")
    assert "identity: MISSING (the sandbox needs root" in summary
    assert "not ready: identity missing" in summary
