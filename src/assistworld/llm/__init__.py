"""Model clients behind one interface, with a disk cache, retries, a concurrency bound and
usage accounting. See `spec` for the model strings every role accepts.

Every name is imported on first use (`OpenAICompatibleModel` among them, so that this package
works without the optional `httpx` dependency installed).
"""

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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
    from assistworld.llm.openai_compatible import OpenAICompatibleModel
    from assistworld.llm.pool import ClientSettings, ModelPool, ModelSource
    from assistworld.llm.pricing import Price, PriceTable
    from assistworld.llm.retry import RetryPolicy
    from assistworld.llm.spec import ModelSpec, Provider, parse_model_spec, preflight
    from assistworld.llm.sync import SyncChatModel, complete_sync
    from assistworld.llm.usage import MeteredModel, UsageLedger, UsageTotals

_WHERE: dict[str, str] = {
    "ResponseCache": "assistworld.llm.cache",
    "default_cache_dir": "assistworld.llm.cache",
    "request_key": "assistworld.llm.cache",
    "ChatMessage": "assistworld.llm.chat",
    "ChatModel": "assistworld.llm.chat",
    "ChatRequest": "assistworld.llm.chat",
    "ChatResponse": "assistworld.llm.chat",
    "ResponseFormat": "assistworld.llm.chat",
    "ToolCall": "assistworld.llm.chat",
    "Usage": "assistworld.llm.chat",
    "system_message": "assistworld.llm.chat",
    "user_message": "assistworld.llm.chat",
    "FailureKind": "assistworld.llm.errors",
    "ModelCallError": "assistworld.llm.errors",
    "ModelConfigError": "assistworld.llm.errors",
    "ModelError": "assistworld.llm.errors",
    "ModelIntegrityError": "assistworld.llm.errors",
    "LocalModel": "assistworld.llm.local",
    "ClientSettings": "assistworld.llm.pool",
    "ModelPool": "assistworld.llm.pool",
    "ModelSource": "assistworld.llm.pool",
    "Price": "assistworld.llm.pricing",
    "PriceTable": "assistworld.llm.pricing",
    "RetryPolicy": "assistworld.llm.retry",
    "ModelSpec": "assistworld.llm.spec",
    "Provider": "assistworld.llm.spec",
    "parse_model_spec": "assistworld.llm.spec",
    "preflight": "assistworld.llm.spec",
    "SyncChatModel": "assistworld.llm.sync",
    "complete_sync": "assistworld.llm.sync",
    "MeteredModel": "assistworld.llm.usage",
    "UsageLedger": "assistworld.llm.usage",
    "UsageTotals": "assistworld.llm.usage",
    "OpenAICompatibleModel": "assistworld.llm.openai_compatible",
}
"""Each name this package offers and the module that defines it: imported on first use, so that
a reader of one record type (``llm.chat``) does not pay for the local runtime, the pool and the
cache (a third of ``show``'s start-up)."""

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
    "ModelSource",
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
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)
