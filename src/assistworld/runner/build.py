"""Build a run from what the user asked: the suite, its paradigm, the executor, the models, the
agent. The CLI parses and prints; everything it composes lives here."""

from __future__ import annotations

import importlib
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import Any

from assistworld.agents.base import Agent
from assistworld.core.agent import NamesItsTasks
from assistworld.core.executor import RunExecutor
from assistworld.core.first_few import first_few
from assistworld.core.model_clients import ModelClients
from assistworld.core.paradigm import AgentRequest, Paradigm, RunJudge
from assistworld.core.registry import get_paradigm, load_suite
from assistworld.core.shards import Shard, ShardError
from assistworld.core.suite import Suite
from assistworld.llm.pool import ModelPool
from assistworld.llm.pricing import PriceTable
from assistworld.runner.run_options import (
    RunOptionError,
    check_external_flags,
    check_judge,
    check_run_options,
    paradigm_options,
)
from assistworld.runner.session import RunSettings, RunSetupError, check_out_dir, make_executor

"""A paradigm's ``judge`` hook: a model string and the run's model pool to the run's judge."""


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
    seed: int = 0
    task_ids: list[str] | None = None
    timeout: float = 30.0
    resume: bool = False
    unsafe: bool = False
    cache: bool = True
    model_concurrency: int = 8
    threads: int = 2
    agent_options: dict[str, object] = field(default_factory=dict)
    """The run options' values by field name (every paradigm's: the suite's paradigm takes its
    own, see :mod:`assistworld.core.run_options`)."""
    given_options: frozenset[str] = frozenset()
    """Which of ``agent_options`` the user set to other than ``run``'s defaults (an option at its
    default is no choice, so a suite whose paradigm ignores it does not refuse it)."""
    all_tasks: bool = False
    """Score every task even when the agent names the tasks it answers (replay)."""
    command: str | None = None
    """``--agent external``: the program acting over MCP (``CMD ARGS``)."""
    time_limit: float | None = None
    """``--agent external``: seconds an episode may last (None: the agent's default)."""
    judge_model: str | None = None
    """A model that grades the results after the run (paradigms with a judge only)."""
    samples: int = 1
    """Times each task is solved, for pass@k and pass^k."""
    shard: str | None = None
    """``K/N``: run only part K of N of the (task, sample) pairs."""
    prices: Path | None = None
    """A file of the user's model prices (``--prices``)."""
    stream: bool = False
    """Ask HTTP servers for streamed replies (``--stream``)."""
    model_timeout: float = 120.0
    """Seconds to wait for an HTTP server's reply, or its next chunk (``--model-timeout``)."""


@dataclass
class PreparedRun:
    """A run ready to start; close it (or use it as a context manager) to free the executor and
    the model clients."""

    suite: Suite
    paradigm: Paradigm
    agent: Agent
    settings: RunSettings
    executor: RunExecutor
    models: ModelPool
    judge: RunJudge | None = None
    """What grades the results once more after the run (``--judge-model``), if asked for."""

    def describe_models(self) -> dict[str, Any]:
        """The model clients, for the manifest."""
        return self.models.describe()

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


REMOTE_CLIENT_MODULES = ("assistworld.llm.openai_compatible",)
"""What the first request to an OpenAI-compatible server imports (httpx and our wire code)."""


def warm_model_client(model: str | None) -> threading.Thread | None:
    """Import a remote model client's modules in a background thread, so that the import
    overlaps the sandbox's start (which mostly waits for its worker processes) instead of
    following it. None for no model, a model string that does not parse (the agent's build says
    why) and the local model (its runtime is loaded by the client itself)."""
    from assistworld.llm import ModelConfigError, parse_model_spec
    from assistworld.llm.spec import Provider

    if not model:
        return None
    try:
        spec = parse_model_spec(model)
    except ModelConfigError:
        return None
    if spec.provider is Provider.LOCAL:
        return None

    def load() -> None:
        for name in REMOTE_CLIENT_MODULES:
            try:
                importlib.import_module(name)
            except ImportError:
                return  # the client's own import says what is missing

    thread = threading.Thread(target=load, name="import-model-client", daemon=True)
    thread.start()
    return thread


def build_run(request: RunRequest) -> PreparedRun:
    """Load the suite, find its paradigm, make the executor, the model pool and the agent.

    Raises :class:`RunSetupError` (and the suite's, agent's and sandbox's own user errors) with a
    message that says what to change.
    """
    from assistworld.llm import ClientSettings, ModelConfigError, ModelPool, preflight

    check_out_dir(request.out, resume=request.resume)
    suite = load_suite(request.suite)
    paradigm = get_paradigm(suite.paradigm)
    try:
        check_run_options(paradigm, suite.name, request.agent, request.given_options)
        check_external_flags(request.agent, command=request.command, time_limit=request.time_limit)
        options = paradigm_options(paradigm, request.agent_options)
    except RunOptionError as error:
        raise RunSetupError(str(error)) from None
    if request.agent in paradigm.model_agent_names and request.model:
        try:
            preflight(request.model)
        except ModelConfigError as error:
            raise RunSetupError(str(error)) from None
    settings = RunSettings(
        out_dir=request.out or default_run_dir(suite.name, request.agent),
        concurrency=request.concurrency,
        limit=request.limit,
        seed=request.seed,
        task_ids=request.task_ids,
        timeout=request.timeout,
        resume=request.resume,
        unsafe=request.unsafe,
        options={**options.recorded(), "cache": request.cache},
        samples=request.samples,
        shard=_shard(request.shard),
    )
    pool = ModelPool(
        ClientSettings(
            use_cache=request.cache,
            concurrency=request.model_concurrency,
            local_threads=request.threads,
            prices=_prices(request.prices),
            stream=request.stream,
            timeout_s=request.model_timeout,
        )
    )
    warming = (
        warm_model_client(request.model) if request.agent in paradigm.model_agent_names else None
    )
    try:
        executor = make_executor(settings, paradigm)
    except BaseException:
        pool.close()
        raise
    finally:
        if warming is not None:
            warming.join()
    try:
        agent = paradigm.build_agent(
            AgentRequest(
                name=request.agent,
                model=request.model,
                programs=request.programs,
                options=options,
                command=request.command,
                time_limit=request.time_limit,
                unsafe=request.unsafe,
                models=pool,
                executor=executor,
                suite=suite,
            )
        )
        settings.task_ids = named_tasks(suite, agent, request)
        judge = _judge(suite, paradigm, request.judge_model, pool)
    except BaseException:
        pool.close()
        executor.close()
        raise
    return PreparedRun(suite, paradigm, agent, settings, executor, pool, judge)


def _prices(path: Path | None) -> PriceTable:
    from assistworld.llm.pricing import PriceFileError, load_price_file

    if path is None:
        return PriceTable()
    try:
        return load_price_file(path)
    except PriceFileError as error:
        raise RunSetupError(str(error)) from None


def _shard(text: str | None) -> Shard | None:
    if text is None:
        return None
    try:
        return Shard.parse(text)
    except ShardError as error:
        raise RunSetupError(str(error)) from None


def _judge(
    suite: Suite, paradigm: Paradigm, model: str | None, pool: ModelClients
) -> RunJudge | None:
    """The paradigm's judge when ``--judge-model`` was given (None otherwise), after checking
    that the paradigm has one and that the model can be used (before any task runs)."""
    from assistworld.llm import ModelConfigError, preflight

    if model is None:
        return None
    try:
        check_judge(paradigm, suite.name)
    except RunOptionError as error:
        raise RunSetupError(str(error)) from None
    try:
        preflight(model)
    except ModelConfigError as error:
        raise RunSetupError(f"--judge-model: {error}") from None
    judge = paradigm.judge(model, pool)
    if judge is None:
        raise RunSetupError(f"--judge-model: the {paradigm.name} paradigm made no judge")
    return judge


def named_tasks(suite: Suite, agent: Agent, request: RunRequest) -> list[str] | None:
    """The tasks to score: ``--tasks`` when given; else, for an agent that names the tasks it
    answers (``scored_task_ids()``, e.g. replay), those tasks unless ``--all-tasks``.

    Ids the agent names that the suite does not have are an error listing them: a mistyped id
    would otherwise vanish from the run without a word.
    """
    if not isinstance(agent, NamesItsTasks):
        return request.task_ids
    ids = list(agent.scored_task_ids())
    known = {task.query_id for task in suite.tasks}
    unknown = [query_id for query_id in ids if query_id not in known]
    source = getattr(agent, "path", None) or f"agent {agent.name}"
    if unknown:
        shown = first_few(unknown, 20)
        raise RunSetupError(
            f"{source} names {len(unknown)} task{'s' if len(unknown) > 1 else ''} that suite "
            f"{suite.name!r} does not have: {shown}; fix the ids (see `assistworld tasks "
            f"--suite {suite.name}`)"
        )
    if not ids:
        raise RunSetupError(f"{source} holds no programs; add one JSON line per task")
    if request.task_ids is not None or request.all_tasks:
        return request.task_ids
    return ids
