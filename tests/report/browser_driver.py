"""Open a report in headless Chromium and look at it, as a reader's browser would.

Talks the Chrome DevTools Protocol over ``--remote-debugging-pipe`` (NUL-separated JSON on file
descriptors 3 and 4), so it needs no Python package beyond the standard library and no browser
download: only Debian's ``chromium`` (``apt-get install -y chromium``). Used by the report's
browser test and by ``bench/report.py``.
"""

from __future__ import annotations

import base64
import fcntl
import json
import os
import queue
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

BROWSER_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
"""Executables tried, in order, when ``ASSISTWORLD_CHROMIUM`` does not name one."""

CHROMIUM_FLAGS = (
    "--headless",
    "--remote-debugging-pipe",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-extensions",
    "--disable-default-apps",
    "--no-first-run",
    "--no-default-browser-check",
    "--mute-audio",
    "--hide-scrollbars",
)


class BrowserError(RuntimeError):
    """The browser could not be started, or did not answer in time."""


def find_chromium() -> str | None:
    """The Chromium executable to use, or None when none is installed."""
    chosen = os.environ.get("ASSISTWORLD_CHROMIUM")
    if chosen:
        return shutil.which(chosen) or (chosen if Path(chosen).exists() else None)
    for name in BROWSER_NAMES:
        found = shutil.which(name)
        if found:
            return found
    return None


@dataclass
class PageEvents:
    """What the page did: every request it made and every error it reported."""

    requests: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)


class Chromium:
    """One headless browser with one page, driven through the DevTools protocol."""

    def __init__(self, process: subprocess.Popen[bytes], to_browser: int, from_browser: int):
        self._process = process
        self._out = os.fdopen(to_browser, "wb", buffering=0)
        self._in = os.fdopen(from_browser, "rb", buffering=0)
        self._next_id = 0
        self._replies: dict[int, queue.Queue[dict[str, Any]]] = {}
        self._lock = threading.Lock()
        self.events = PageEvents()
        self.session: str | None = None
        self._reader = threading.Thread(target=self._read_loop, daemon=True)
        self._reader.start()

    # -- protocol --------------------------------------------------------------------------------
    def _read_loop(self) -> None:
        buffer = b""
        while True:
            chunk = self._in.read(65536)
            if not chunk:
                break
            buffer += chunk
            while b"\0" in buffer:
                raw, buffer = buffer.split(b"\0", 1)
                self._dispatch(json.loads(raw))
        with self._lock:
            for waiting in self._replies.values():
                waiting.put({"error": {"message": "the browser closed the connection"}})

    def _dispatch(self, message: dict[str, Any]) -> None:
        if "id" in message:
            with self._lock:
                waiting = self._replies.pop(message["id"], None)
            if waiting is not None:
                waiting.put(message)
            return
        method, params = message.get("method"), message.get("params", {})
        if method == "Network.requestWillBeSent":
            self.events.requests.append(params["request"]["url"])
        elif method == "Runtime.exceptionThrown":
            details = params.get("exceptionDetails", {})
            text = details.get("exception", {}).get("description") or details.get("text", "")
            self.events.console_errors.append(f"exception: {text}")
        elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
            texts = [str(arg.get("value", arg.get("description", ""))) for arg in params["args"]]
            self.events.console_errors.append("console.error: " + " ".join(texts))
        elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
            self.events.console_errors.append("log: " + params["entry"].get("text", ""))

    def call(self, method: str, params: dict[str, Any] | None = None, timeout: float = 30.0) -> Any:
        """Send one command to the page (or the browser, before a page is attached)."""
        waiting: queue.Queue[dict[str, Any]] = queue.Queue()
        with self._lock:
            self._next_id += 1
            message_id = self._next_id
            self._replies[message_id] = waiting
        message: dict[str, Any] = {"id": message_id, "method": method, "params": params or {}}
        if self.session is not None and not method.startswith(("Target.", "Browser.")):
            message["sessionId"] = self.session
        try:
            self._out.write(json.dumps(message).encode("utf-8") + b"\0")
        except OSError as error:  # the browser is gone (crashed, or never started)
            raise BrowserError(f"{method}: the browser is not running ({error})") from None
        try:
            reply = waiting.get(timeout=timeout)
        except queue.Empty:
            raise BrowserError(f"{method}: no answer from the browser in {timeout:g} s") from None
        if "error" in reply:
            raise BrowserError(f"{method}: {reply['error'].get('message', reply['error'])}")
        return reply.get("result", {})

    # -- page helpers ----------------------------------------------------------------------------
    def open_page(self, width: int = 1366, height: int = 900) -> None:
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        attached = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})
        self.session = attached["sessionId"]
        for domain in ("Page", "Network", "Runtime", "Log"):
            self.call(f"{domain}.enable")
        self.call(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False},
        )

    def evaluate(self, expression: str, timeout: float = 30.0) -> Any:
        """The JSON value of a JavaScript expression in the page (exceptions raise)."""
        result = self.call(
            "Runtime.evaluate",
            {"expression": expression, "returnByValue": True, "awaitPromise": True},
            timeout=timeout,
        )
        if "exceptionDetails" in result:
            raise BrowserError(f"script failed: {result['exceptionDetails'].get('text')}")
        return result.get("result", {}).get("value")

    def navigate(self, url: str) -> None:
        self.call("Page.navigate", {"url": url})

    def wait_for(self, expression: str, timeout: float = 60.0) -> float:
        """Poll until ``expression`` is truthy; returns the seconds waited."""
        started = time.perf_counter()
        while time.perf_counter() - started < timeout:
            try:
                if self.evaluate(expression):
                    return time.perf_counter() - started
            except BrowserError:
                pass  # the page is still loading its document
            time.sleep(0.02)
        raise BrowserError(f"{expression!r} did not become true within {timeout:g} s")

    def screenshot(self, path: Path, full_page: bool = False) -> Path:
        params: dict[str, Any] = {"format": "png"}
        if full_page:
            params["captureBeyondViewport"] = True
            size = self.call("Page.getLayoutMetrics")["cssContentSize"]
            params["clip"] = {
                "x": 0,
                "y": 0,
                "width": size["width"],
                "height": min(size["height"], 12000),
                "scale": 1,
            }
        data = self.call("Page.captureScreenshot", params)["data"]
        path.write_bytes(base64.b64decode(data))
        return path

    def close(self) -> None:
        with suppress(BrowserError):
            self.call("Browser.close", timeout=5)
        try:
            self._process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            # the browser runs in a session of its own: end it and its helper processes
            with suppress(ProcessLookupError):
                os.killpg(self._process.pid, signal.SIGKILL)
            self._process.wait()
        self._out.close()


def _pipe_above(lowest: int) -> tuple[int, int]:
    """A pipe whose two ends are close-on-exec descriptors numbered ``lowest`` or higher."""
    ends = []
    for fd in os.pipe():
        ends.append(fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, lowest))
        os.close(fd)
    return ends[0], ends[1]


@contextmanager
def launch(executable: str | None = None) -> Iterator[Chromium]:
    """A headless Chromium with one open page, closed (and its profile removed) on exit."""
    binary = executable or find_chromium()
    if binary is None:
        raise BrowserError("no Chromium found; install it with `apt-get install -y chromium`")
    with tempfile.TemporaryDirectory(prefix="assistworld-chromium-") as profile:
        # The protocol reads the browser's fd 3 and writes its fd 4. The pipe ends it gets are
        # first moved to fds >= 10 here, so bash's `3<&r 4>&w` cannot overwrite one with
        # the other; the shell wires them and becomes the browser (no preexec_fn needed).
        to_browser_read, to_browser_write = _pipe_above(10)
        from_browser_read, from_browser_write = _pipe_above(10)
        r, w = to_browser_read, from_browser_write
        process = subprocess.Popen(
            [
                "/bin/bash",  # dash cannot redirect descriptors above 9
                "-c",
                f'exec "$0" "$@" 3<&{r} 4>&{w} {r}<&- {w}>&-',
                binary,
                *CHROMIUM_FLAGS,
                f"--user-data-dir={profile}",
                "about:blank",
            ],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            pass_fds=(r, w),
            start_new_session=True,
        )
        os.close(to_browser_read)
        os.close(from_browser_write)
        browser = Chromium(process, to_browser_write, from_browser_read)
        try:
            browser.open_page()
            yield browser
        finally:
            browser.close()
