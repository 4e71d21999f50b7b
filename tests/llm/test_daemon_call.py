"""A blocking call awaited from a daemon thread: results and errors come back as from
``asyncio.to_thread``, and an interrupted run does not wait for the call to end."""

from __future__ import annotations

import asyncio
import contextvars
import threading

import pytest

from assistworld.llm.daemon_call import in_daemon_thread
from assistworld.llm.local import CALL_THREAD, LocalModel

WHO: contextvars.ContextVar[str] = contextvars.ContextVar("who", default="nobody")


def test_the_result_the_error_and_the_callers_context_come_back() -> None:
    def answer(x: int) -> tuple[int, str, bool]:
        current = threading.current_thread()
        return x * 2, WHO.get(), current.daemon and current.name == "worker"

    def fail() -> None:
        raise ValueError("no")

    async def main() -> tuple[int, str, bool]:
        WHO.set("caller")
        with pytest.raises(ValueError, match="no"):
            await in_daemon_thread(fail, name="worker")
        return await in_daemon_thread(answer, 21, name="worker")

    assert asyncio.run(main()) == (42, "caller", True)


def test_a_cancelled_run_ends_without_waiting_for_the_call() -> None:
    """The call blocks until the test releases it, which it does only after ``asyncio.run``
    has returned: with ``asyncio.to_thread`` the run would wait for the call (here: forever)."""
    release, started, finished = threading.Event(), threading.Event(), threading.Event()

    def blocking() -> str:
        started.set()
        release.wait(timeout=60)
        finished.set()
        return "late"

    async def main() -> None:
        call = asyncio.ensure_future(in_daemon_thread(blocking, name="slow-call"))
        await asyncio.to_thread(started.wait, 60)
        call.cancel()
        with pytest.raises(asyncio.CancelledError):
            await call

    asyncio.run(main())
    assert started.is_set() and not finished.is_set()  # the run ended while the call blocked
    release.set()
    assert finished.wait(timeout=60)  # and the call's late result goes nowhere, quietly


def test_closing_the_local_model_mid_reply_does_not_wait_for_the_reply() -> None:
    model = LocalModel(cache=None)
    held, done = threading.Event(), threading.Event()

    def replying() -> None:  # what a reply in progress does: holds the model's lock
        with model._lock:
            held.set()
            done.wait(timeout=60)

    thread = threading.Thread(target=replying, name=CALL_THREAD, daemon=True)
    thread.start()
    assert held.wait(timeout=60)
    model.close()  # returns at once, leaving the model to the reply
    assert thread.is_alive()
    done.set()
    thread.join(timeout=60)
    model.close()  # and frees it once no reply holds it
    assert model._server is None
