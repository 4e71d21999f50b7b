"""Awaiting a blocking call that cannot be interrupted, without holding up Ctrl-C.

``asyncio.to_thread`` runs a call in the loop's default executor, and ``asyncio.run`` waits for
that executor's threads when it shuts down, so Ctrl-C during a local model's reply waited for
the reply to end: minutes, when the model is reading a long prompt on a small machine (nothing in
llama.cpp's chat call can be interrupted from Python). :func:`in_daemon_thread` runs the call in
a daemon thread of its own instead: a cancelled await returns at once, the run's clean-up goes
on, and the interpreter exits without waiting for the thread (a daemon thread does not hold the
exit; what it was computing is dropped with the process).
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import functools
import threading
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


async def in_daemon_thread(function: Callable[..., T], *args: Any, name: str) -> T:
    """``function(*args)`` run in a new daemon thread called ``name``, awaited. Its context
    variables are the caller's (as with ``asyncio.to_thread``)."""
    loop = asyncio.get_running_loop()
    future: asyncio.Future[T] = loop.create_future()
    context = contextvars.copy_context()

    def settle(outcome: Callable[[], None]) -> None:
        if not future.done():  # cancelled while the call ran: nobody waits for it any more
            outcome()

    def report(outcome: Callable[[], None]) -> None:
        # the loop may have closed while the call ran (the run was interrupted): nothing to tell
        with contextlib.suppress(RuntimeError):
            loop.call_soon_threadsafe(settle, outcome)

    def work() -> None:
        try:
            result = context.run(function, *args)
        except BaseException as error:  # handed to the awaiting coroutine, as to_thread does
            report(functools.partial(future.set_exception, error))
        else:
            report(functools.partial(future.set_result, result))

    threading.Thread(target=work, name=name, daemon=True).start()
    return await future


__all__ = ["in_daemon_thread"]
