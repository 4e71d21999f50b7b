"""ASTRA as a paradigm of the core: personal-context scenarios played as conversations in which
an assistant calls tools turn by turn and a (simulated or scripted) user answers."""

from __future__ import annotations

from collections.abc import Awaitable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from assistworld.core.paradigm import (
    AgentRequest,
    Grader,
    ParadigmReport,
    RunJudge,
    VerifyRequest,
)
from assistworld.core.result import TaskResult
from assistworld.paradigms.astra.agents.names import AGENT_NAMES, EXTERNAL, MODEL_AGENT_NAMES
from assistworld.paradigms.astra.grading.outcomes import FAILURE_CLASSES
from assistworld.paradigms.astra.report.hooks import ConversationReport

if TYPE_CHECKING:
    from rich.console import Console

    from assistworld.agents.base import Agent, AgentOutput
    from assistworld.core.episode import EpisodeMaker
    from assistworld.core.executor import RunExecutor
    from assistworld.core.metrics import RunMetrics
    from assistworld.core.model_clients import ModelClients
    from assistworld.core.suite import Suite
    from assistworld.core.verify_rules import Rule
    from assistworld.paradigms.astra.agents.conversation import ConversationBrief
    from assistworld.paradigms.astra.agents.options import AstraRunOptions
    from assistworld.paradigms.astra.agents.program_executor import ProgramExecutor
    from assistworld.paradigms.astra.grading.results import AstraResult
    from assistworld.paradigms.astra.tasks.scenario import Scenario
    from assistworld.tools.toolset import Toolset


class AstraParadigm:
    """Tool calling over a person's own data, in single- and multi-turn conversations."""

    name = "astra"
    description = "call tools turn by turn over personal data, with a simulated user (ASTRA)"
    outcome_classes: Sequence[str] = FAILURE_CLASSES
    agent_names: Sequence[str] = AGENT_NAMES
    model_agent_names: Sequence[str] = MODEL_AGENT_NAMES
    has_judge = True
    report: ParadigmReport = ConversationReport()

    @property
    def task_type(self) -> type[Scenario]:
        from assistworld.paradigms.astra.tasks.scenario import Scenario

        return Scenario

    @property
    def result_type(self) -> type[AstraResult]:
        from assistworld.paradigms.astra.grading.results import AstraResult

        return AstraResult

    @property
    def run_options(self) -> type[AstraRunOptions]:
        from assistworld.paradigms.astra.agents.options import AstraRunOptions

        return AstraRunOptions

    def owns(self, path: Path) -> bool:
        from assistworld.paradigms.astra.tasks.files import holds_scenarios

        return holds_scenarios(path)

    def load_suite(self, path: Path, name: str, *, strict: bool = True) -> Suite:
        from assistworld.paradigms.astra.tasks.files import read_suite

        return read_suite(path, name, strict=strict)

    def toolsets(self, suite: Suite) -> Sequence[Toolset]:
        """The toolset of each app family the suite's scenarios name, in order of first use."""
        from assistworld.paradigms.astra.tasks.worlds import Families

        families = Families()
        names = dict.fromkeys(scenario.apps for scenario in suite.tasks)
        return tuple(families.get(name).toolset for name in names)

    def build_agent(self, request: AgentRequest) -> Agent:
        from assistworld.agents.pool import model_pool
        from assistworld.llm.spec import default_prompt_form
        from assistworld.paradigms.astra.agents.assistants import GenerationSettings
        from assistworld.paradigms.astra.agents.registry import UnknownAgentError, build_agent

        if request.name == EXTERNAL:
            from assistworld.agents.external.setup import external_agent

            return external_agent(request, self.episodes(request))
        options = request.options_as(self.run_options)
        user_model = options.user_model
        if (
            request.name in MODEL_AGENT_NAMES
            and user_model
            and user_model not in (request.model, "scripted")
        ):
            _preflight(user_model)
        try:
            generation = GenerationSettings(
                temperature=options.temperature,
                max_tokens=options.max_tokens,
                max_steps=options.max_steps,
                tool_view=options.prompt or default_prompt_form(request.model),
            )
        except ValueError as error:
            raise UnknownAgentError(str(error)) from None
        return build_agent(
            request.name,
            model=request.model,
            user_model=user_model,
            models=model_pool(request.models),
            programs=request.programs,
            suite=request.suite,
            generation=generation,
            max_user_turns=options.max_user_turns,
            executor=None if request.executor is None else _programs(request.executor),
            prompt=options.prompt,
            end_on_repeat=options.end_on_repeat,
        )

    def agent_view(self, task: Scenario, agent: Agent) -> ConversationBrief:
        from assistworld.paradigms.astra.agents.conversation import brief_of

        return brief_of(task)

    def episodes(self, request: AgentRequest) -> EpisodeMaker:
        """The user is simulated on ``--user-model`` (or ``--model``), scripted without one."""
        from assistworld.agents.pool import model_pool
        from assistworld.paradigms.astra.agents.open_world import conversation_episodes
        from assistworld.paradigms.astra.agents.roles import user_client

        options = request.options_as(self.run_options)
        client = user_client(options.user_model or request.model, model_pool(request.models))
        return conversation_episodes(
            client, max_user_turns=options.max_user_turns, end_on_repeat=options.end_on_repeat
        )

    def grader(self, executor: RunExecutor) -> Grader:
        from assistworld.paradigms.astra.grading.results import grade
        from assistworld.paradigms.astra.tasks.worlds import Families

        families = Families()

        def grade_one(task: Any, output: AgentOutput, agent_name: str) -> TaskResult[Any]:
            return grade(task, output, agent_name, families)

        return grade_one

    def judge(self, model: str, models: ModelClients) -> RunJudge:
        """``run --judge-model``: an LLM judge that grades each conversation after the run."""
        from assistworld.agents.pool import model_pool
        from assistworld.paradigms.astra.grading.judging import ConversationJudge

        return ConversationJudge.for_model(model, model_pool(models))

    def make_executor(self, *, unsafe: bool, slots: int, timeout: float) -> RunExecutor:
        """What runs a program-writing agent's programs (started only by an agent that writes
        them: the tool-calling agent's tools run in-process, on each conversation's world)."""
        from assistworld.paradigms.astra.agents.program_executor import ProgramExecutor

        return ProgramExecutor(unsafe=unsafe, slots=slots, timeout=timeout)

    def metrics(self, results: Sequence[TaskResult[Any]]) -> RunMetrics:
        from assistworld.paradigms.astra.grading.results import astra_metrics

        return astra_metrics(results)

    def verify(self, suite: Suite, console: Console, request: VerifyRequest) -> bool:
        import asyncio

        from assistworld.paradigms.astra.audit.command import audit_suite
        from assistworld.paradigms.astra.audit.programs import audit_reference_programs

        def reference_programs() -> Awaitable[list[Rule]]:
            return audit_reference_programs(
                suite, console, request.task_ids, unsafe=request.unsafe, timeout=request.timeout
            )

        return asyncio.run(
            audit_suite(
                suite,
                console,
                request.task_ids,
                mutants=request.mutants,
                show_survivors=request.show_survivors,
                more_checks=reference_programs,
            )
        )

    def list_tasks(
        self, suite: Suite, console: Console, *, as_json: bool, summary: bool, with_programs: bool
    ) -> None:
        from assistworld.paradigms.astra.tasks.listing import print_scenarios

        print_scenarios(suite, console, as_json=as_json, summary=summary)


def _preflight(user_model: str) -> None:
    """Refuse, before the run starts, a user model that cannot be used (no key, no server)."""
    from assistworld.llm import ModelConfigError, preflight
    from assistworld.paradigms.astra.agents.registry import UnknownAgentError

    try:
        preflight(user_model)
    except ModelConfigError as error:
        raise UnknownAgentError(f"--user-model: {error}") from None


def _programs(executor: RunExecutor) -> ProgramExecutor:
    """The run's executor as the program-writing agents need it: the one
    :meth:`AstraParadigm.make_executor` made."""
    from assistworld.paradigms.astra.agents.program_executor import ProgramExecutor

    if isinstance(executor, ProgramExecutor):
        return executor
    raise TypeError(f"ASTRA runs programs in a ProgramExecutor, not a {type(executor).__name__}")


def paradigm() -> AstraParadigm:
    """The entry point the core's registry calls."""
    return AstraParadigm()
