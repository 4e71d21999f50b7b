"""Build models from model strings, one instance per distinct model, shared by every role.

The runner owns one `ModelPool` per process and asks it for each role's model. Asking twice for
the same model string returns the same client (so its concurrency bound and cache apply across
roles), and at most one local model is ever loaded: the pool refuses a second, different one.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from assistworld.llm.cache import ResponseCache
from assistworld.llm.chat import ChatModel
from assistworld.llm.errors import ModelConfigError
from assistworld.llm.local import LocalModel
from assistworld.llm.prefix_slots import StatusListener
from assistworld.llm.pricing import PriceTable
from assistworld.llm.retry import RetryPolicy
from assistworld.llm.spec import SPEC_FORMS, ModelSpec, Provider, parse_model_spec

if TYPE_CHECKING:
    from assistworld.llm.openai_compatible import OpenAICompatibleModel


@dataclass(frozen=True)
class ClientSettings:
    """Settings shared by every model the pool builds (the run's `--no-cache` etc.)."""

    cache_dir: Path | None = None
    use_cache: bool = True
    concurrency: int = 8
    timeout_s: float = 120.0
    retry: RetryPolicy = field(default_factory=RetryPolicy)
    seed: int = 0
    stream: bool = False
    local_threads: int = 2
    local_context_tokens: int = 16384
    local_save_prefixes: bool = True
    prices: PriceTable = field(default_factory=PriceTable)
    """What a remote model's calls cost (``--prices`` adds the user's own)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "cache_dir": str(self.cache_dir) if self.cache_dir else None,
            "use_cache": self.use_cache,
            "concurrency": self.concurrency,
            "timeout_s": self.timeout_s,
            "max_attempts": self.retry.max_attempts,
            "seed": self.seed,
            "stream": self.stream,
            "local_threads": self.local_threads,
            "local_context_tokens": self.local_context_tokens,
            "local_save_prefixes": self.local_save_prefixes,
            "own_prices": {
                price.model_prefix: [price.prompt_per_million, price.completion_per_million]
                for price in self.prices.own
            },
        }


@runtime_checkable
class ModelSource(Protocol):
    """Whatever hands an agent its models by model string: the run's :class:`ModelPool`, or
    another framework's models (Inspect's roles, in ``assistworld.inspect_tasks``)."""

    def get(self, spec: ModelSpec | str) -> ChatModel: ...


class ModelPool:
    """Hands out one model per distinct spec; closing the pool closes them all."""

    def __init__(
        self,
        settings: ClientSettings | None = None,
        environ: Mapping[str, str] | None = None,
    ) -> None:
        self.settings = settings or ClientSettings()
        self._environ = environ if environ is not None else os.environ
        self._cache = ResponseCache(self.settings.cache_dir)
        self._models: dict[str, ChatModel] = {}
        self._local: LocalModel | None = None

    def get(self, spec: ModelSpec | str) -> ChatModel:
        parsed = parse_model_spec(spec) if isinstance(spec, str) else spec
        key = str(parsed)
        if key not in self._models:
            self._models[key] = self._build(parsed)
        return self._models[key]

    def listen(self, listener: StatusListener | None) -> None:
        """Have the local model (if any) say what it is doing when it takes long."""
        if self._local is not None:
            self._local.listen(listener)

    def describe(self) -> dict[str, Any]:
        """Settings of every model built so far, by model string (for the manifest)."""
        described: dict[str, Any] = {}
        for key, model in self._models.items():
            describe = getattr(model, "describe", None)
            described[key] = describe() if callable(describe) else {}
        return described

    async def aclose(self) -> None:
        for model in self._models.values():
            aclose = getattr(model, "aclose", None)
            if callable(aclose):
                await aclose()
        if self._local is not None:
            self._local.close()
        self._models.clear()
        self._local = None

    def close(self) -> None:
        asyncio.run(self.aclose())

    def _build(self, spec: ModelSpec) -> ChatModel:
        settings = self.settings
        if spec.provider is Provider.LOCAL:
            if self._local is not None:
                raise ModelConfigError(
                    f"only one local model can run in a process; {self._local.name} is loaded, "
                    f"so {spec} cannot be added: use local:{self._local.name} for every role"
                )
            self._local = LocalModel(
                name=spec.model,
                threads=settings.local_threads,
                context_tokens=settings.local_context_tokens,
                cache=self._cache,
                use_cache=settings.use_cache,
                save_prefixes=settings.local_save_prefixes,
            )
            return self._local
        if spec.provider is Provider.INSPECT:
            raise ModelConfigError(
                f"model {spec} names an Inspect AI model role, which exists only while "
                "`inspect eval assistworld/<suite>` runs; outside Inspect give a model string "
                f"of ours: {SPEC_FORMS}"
            )
        return self._remote(spec)

    def _remote(self, spec: ModelSpec) -> OpenAICompatibleModel:
        try:
            from assistworld.llm.openai_compatible import OpenAICompatibleModel
        except ModuleNotFoundError as error:
            raise ModelConfigError(
                f"a model served over HTTP needs the {error.name!r} package, which is not "
                "installed: pip install 'assistworld[llm]'"
            ) from None

        settings = self.settings
        return OpenAICompatibleModel(
            model=spec.model,
            base_url=str(spec.base_url),
            api_key=spec.api_key(self._environ),
            key_env=spec.key_env,
            cache=self._cache,
            use_cache=settings.use_cache,
            concurrency=settings.concurrency,
            timeout_s=settings.timeout_s,
            retry=settings.retry,
            seed=settings.seed,
            stream=settings.stream,
            max_tokens_field=(
                "max_completion_tokens" if spec.provider is Provider.OPENAI else "max_tokens"
            ),
            prices=settings.prices,
        )
