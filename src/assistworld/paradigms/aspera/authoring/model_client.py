"""The generator model: any model string the project accepts, called synchronously.

Replies are cached on disk inside the session folder (keyed by the whole request), so a resumed
or replayed session asks the model nothing it has already answered.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from assistworld.llm import ChatMessage, ChatRequest, ClientSettings, ModelPool, SyncChatModel
from assistworld.paradigms.aspera.authoring.state import Message

CACHE_DIR = "llm-cache"
MAX_REPLY_TOKENS = 4096
LOCAL_CONTEXT_TOKENS = 24576
"""The generation chats (library docs, examples, then setup and evaluation turns) outgrow the
default local context."""


class GeneratorModel:
    """Sends a chat to the model and returns the text of its reply."""

    def __init__(self, spec: str, session_dir: Path, *, max_tokens: int = MAX_REPLY_TOKENS):
        self.spec = spec
        self.max_tokens = max_tokens
        settings = ClientSettings(
            cache_dir=session_dir / CACHE_DIR, local_context_tokens=LOCAL_CONTEXT_TOKENS
        )
        self._pool = ModelPool(settings)
        self._model = SyncChatModel(self._pool.get(spec))

    def ask(self, messages: Sequence[Message]) -> str:
        """The model's reply to ``messages``; raises ``ModelCallError`` when there is none."""
        request = ChatRequest(
            messages=tuple(ChatMessage(role=m.role, content=m.content) for m in messages),
            max_tokens=self.max_tokens,
        )
        return self._model.complete(request).text

    def close(self) -> None:
        self._model.close()
        self._pool.close()
