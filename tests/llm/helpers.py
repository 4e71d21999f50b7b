"""Helpers shared by the model-layer tests."""

from __future__ import annotations

from pathlib import Path

from assistworld.llm.cache import ResponseCache
from assistworld.llm.chat import ChatRequest, user_message
from assistworld.llm.loopback import LoopbackServer
from assistworld.llm.openai_compatible import OpenAICompatibleModel
from assistworld.llm.retry import RetryPolicy


class RecordingSleep:
    """Stands in for `asyncio.sleep` in the retry loop: records the wait and returns at once."""

    def __init__(self) -> None:
        self.waits: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.waits.append(seconds)


def make_client(
    server: LoopbackServer,
    cache: ResponseCache,
    sleep: RecordingSleep,
    **overrides: object,
) -> OpenAICompatibleModel:
    settings: dict[str, object] = {
        "model": "loopback-model",
        "base_url": server.base_url,
        "cache": cache,
        "sleep": sleep,
        "retry": RetryPolicy(max_attempts=5, base_wait_s=1.0, max_wait_s=30.0),
        "timeout_s": 5.0,
    }
    settings.update(overrides)
    return OpenAICompatibleModel(**settings)  # type: ignore[arg-type]


def ask(text: str, **fields: object) -> ChatRequest:
    return ChatRequest(messages=(user_message(text),), **fields)


def install_fake_part(
    site: Path, number: int, data: bytes, *, version: str = "0.2.0", chunk_number: int | None = None
) -> Path:
    """Lay out what pip leaves for one chunk package: dist-info with RECORD, and the data file."""
    package = f"awfake_part{number}"
    chunk = f"{package}/data/part{chunk_number or number:02d}.bin"
    info = site / f"{package}-{version}.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: awfake-part{number}\nVersion: {version}\n"
    )
    (info / "RECORD").write_text(
        f"{package}/__init__.py,,\n{chunk},,\n{info.name}/METADATA,,\n{info.name}/RECORD,,\n"
    )
    (site / package / "data").mkdir(parents=True)
    (site / package / "__init__.py").write_text("raise RuntimeError('never imported')\n")
    (site / chunk).write_bytes(data)
    return site / chunk
