"""Model clients behind one interface, with a disk cache, retries, a concurrency bound and
usage accounting. See `spec` for the model strings every role accepts.

`OpenAICompatibleModel` is imported on first use, so that this package (the ledger, the cache,
the loopback server) works without the optional `httpx` dependency installed.
"""

from typing import TYPE_CHECKING, Any

from assistworld.llm.cache import ResponseCache, default_cache_dir, request_key
from assistworld.llm.chat import (
    ChatMessage,
    ChatModel,
    ChatRequest,
    ChatResponse,
    ResponseFormat,
    ToolCall,
    Usage,
    system_message,
    user_message,
)
from assistworld.llm.errors import (
    FailureKind,
    ModelCallError,
    ModelConfigError,
    ModelError,
    ModelIntegrityError,
)
from assistworld.llm.local import LocalModel
from assistworld.llm.pool import ClientSettings, ModelPool
from assistworld.llm.pricing import Price, PriceTable
from assistworld.llm.retry import RetryPolicy
from assistworld.llm.spec import ModelSpec, Provider, parse_model_spec, preflight
from assistworld.llm.sync import SyncChatModel, complete_sync
from assistworld.llm.usage import MeteredModel, UsageLedger, UsageTotals

if TYPE_CHECKING:
    from assistworld.llm.openai_compatible import OpenAICompatibleModel

__all__ = [
    "ChatMessage",
    "ChatModel",
    "ChatRequest",
    "ChatResponse",
    "ClientSettings",
    "FailureKind",
    "LocalModel",
    "MeteredModel",
    "ModelCallError",
    "ModelConfigError",
    "ModelError",
    "ModelIntegrityError",
    "ModelPool",
    "ModelSpec",
    "OpenAICompatibleModel",
    "Price",
    "PriceTable",
    "Provider",
    "ResponseCache",
    "ResponseFormat",
    "RetryPolicy",
    "SyncChatModel",
    "ToolCall",
    "Usage",
    "UsageLedger",
    "UsageTotals",
    "complete_sync",
    "default_cache_dir",
    "parse_model_spec",
    "preflight",
    "request_key",
    "system_message",
    "user_message",
]


def __getattr__(name: str) -> Any:
    if name == "OpenAICompatibleModel":
        from assistworld.llm.openai_compatible import OpenAICompatibleModel

        return OpenAICompatibleModel
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
