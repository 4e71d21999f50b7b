"""Build a run from what the user asked: the suite, its paradigm, the executor, the models, the
agent. The CLI parses and prints; everything it composes lives here."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import Any

from assistworld.agents.base import Agent
from assistworld.core.paradigm import AgentRequest, Paradigm
from assistworld.core.registry import get_paradigm, load_suite
from assistworld.core.suite import Suite
from assistworld.runner.session import RunSettings, RunSetupError, make_executor


@dataclass
class RunRequest:
    """Everything ``assistworld run`` was given (the CLI's options, unparsed meaning)."""

    suite: str
    agent: str = "oracle"
    model: str | None = None
    programs: Path | None = None
    out: Path | None = None
    concurrency: int = 4
    limit: int | None = None
    task_ids: list[str] | None = None
    timeout: float = 30.0
    resume: bool = False
    unsafe: bool = False
    cache: bool = True
    model_concurrency: int = 8
    threads: int = 2
    agent_options: dict[str, Any] = field(default_factory=dict)
    """Options only some agents read (return-type hint, dry runs, guidelines, sampling)."""


@dataclass
class PreparedRun:
    """A run ready to start; close it (or use it as a context manager) to free the executor and
    the model clients."""

    suite: Suite
    paradigm: Paradigm
    agent: Agent
    settings: RunSettings
    executor: Any
    models: Any

    def describe_models(self) -> dict[str, Any]:
        """The model clients, for the manifest."""
        described: dict[str, Any] = self.models.describe()
        return described

    def listen(self, listener: Callable[[str], None] | None) -> None:
        """Have the models say what they are doing when it takes long (a local model loading or
        reading its prompt for the first time)."""
        self.models.listen(listener)

    def close(self) -> None:
        self.models.close()
        self.executor.close()

    def __enter__(self) -> PreparedRun:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()


def default_run_dir(suite: str, agent: str) -> Path:
    """``runs/<suite>-<agent>-<timestamp>``."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    return Path("runs") / f"{suite}-{agent}-{stamp}"


def build_run(request: RunRequest) -> PreparedRun:
    """Load the suite, find its paradigm, make the executor, the model pool and the agent.

    Raises :class:`RunSetupError` (and the suite's, agent's and sandbox's own user errors) with a
    message that says what to change.
    """
    from assistworld.llm import ClientSettings, ModelConfigError, ModelPool, preflight

    suite = load_suite(request.suite)
    paradigm = get_paradigm(suite.paradigm)
    if request.agent in paradigm.model_agent_names and request.model:
        try:
            preflight(request.model)
        except ModelConfigError as error:
            raise RunSetupError(str(error)) from None
    settings = RunSettings(
        out_dir=request.out or default_run_dir(suite.name, request.agent),
        concurrency=request.concurrency,
        limit=request.limit,
        task_ids=request.task_ids,
        timeout=request.timeout,
        resume=request.resume,
        unsafe=request.unsafe,
        options={
            "return_type_hint": bool(request.agent_options.get("return_type_hint", False)),
            "cache": request.cache,
        },
    )
    pool = ModelPool(
        ClientSettings(
            use_cache=request.cache,
            concurrency=request.model_concurrency,
            local_threads=request.threads,
        )
    )
    try:
        executor = make_executor(settings, paradigm)
    except BaseException:
        pool.close()
        raise
    try:
        agent = paradigm.build_agent(
            AgentRequest(
                name=request.agent,
                model=request.model,
                programs=request.programs,
                options=request.agent_options,
                models=pool,
                executor=executor,
                suite=suite,
            )
        )
    except BaseException:
        pool.close()
        executor.close()
        raise
    return PreparedRun(suite, paradigm, agent, settings, executor, pool)
