"""Build an agent from the name given on the command line."""

from __future__ import annotations

from pathlib import Path

from assistworld.agents.base import Agent
from assistworld.agents.model_requests import Decoding
from assistworld.core.errors import UserError
from assistworld.core.suite import Suite
from assistworld.llm import ChatModel, ModelConfigError, ModelPool, ModelSource, parse_model_spec
from assistworld.llm.spec import SPEC_FORMS, Provider
from assistworld.paradigms.aspera.agents.baselines import NullAgent, OracleAgent, ReplayAgent
from assistworld.paradigms.aspera.agents.cck import CCKAgent
from assistworld.paradigms.aspera.agents.examples import (
    PS_EXAMPLE_TASK_ID,
    ExampleError,
    examples_in_suite,
)
from assistworld.paradigms.aspera.agents.guidelines import (
    Guidelines,
    GuidelinesError,
    load_guidelines,
)
from assistworld.paradigms.aspera.agents.names import AGENT_NAMES, MODEL_AGENT_NAMES
from assistworld.paradigms.aspera.agents.profiles import (
    UnknownProfileError,
    default_profile,
    profile_named,
)
from assistworld.paradigms.aspera.agents.ps import PSAgent
from assistworld.paradigms.aspera.agents.selfdebug import (
    DEFAULT_DRY_RUNS,
    DryRunExecutor,
    SelfDebugAgent,
)


class UnknownAgentError(UserError, ValueError):
    """The requested agent does not exist or lacks an option it needs."""


def build_agent(
    name: str,
    *,
    programs: Path | None = None,
    model: str | None = None,
    models: ModelSource | None = None,
    executor: DryRunExecutor | None = None,
    return_type_hint: bool = False,
    dry_runs: int = DEFAULT_DRY_RUNS,
    guidelines: Path | None = None,
    generation: Decoding | None = None,
    suite: Suite | None = None,
    prompt: str | None = None,
) -> Agent:
    """The agent called ``name``.

    ``programs`` is the JSONL file the replay agent reads. The model-driven agents (cck, ps,
    selfdebug) need ``model``, a model string; their client comes from ``models`` (the run's
    pool, which the caller closes; a new pool when None). ``executor`` runs the self-debugging
    agent's trial runs (pass the run's sandbox). ``guidelines`` is an optional TOML file of rules.
    """
    if name == "oracle":
        if suite is None:
            raise UnknownAgentError("--agent oracle needs the suite whose references it plays")
        return OracleAgent.for_suite(suite)
    if name == "null":
        return NullAgent()
    if name == "replay":
        if programs is None:
            raise UnknownAgentError("--agent replay needs --programs FILE (one JSON line per task)")
        return ReplayAgent(programs)
    if name in MODEL_AGENT_NAMES:
        try:
            return _model_agent(
                name,
                model=model,
                models=models,
                executor=executor,
                return_type_hint=return_type_hint,
                dry_runs=dry_runs,
                guidelines=guidelines,
                generation=generation,
                suite=suite,
                prompt=prompt,
            )
        except (ModelConfigError, GuidelinesError, ExampleError, UnknownProfileError) as error:
            raise UnknownAgentError(str(error)) from None
    choices = ", ".join(AGENT_NAMES)
    raise UnknownAgentError(f"unknown agent {name!r}; choose one of: {choices}")


def _model_agent(
    name: str,
    *,
    model: str | None,
    models: ModelSource | None,
    executor: DryRunExecutor | None,
    return_type_hint: bool,
    dry_runs: int,
    guidelines: Path | None,
    generation: Decoding | None,
    suite: Suite | None = None,
    prompt: str | None,
) -> Agent:
    if not model:
        raise UnknownAgentError(f"--agent {name} needs --model MODEL; use one of: {SPEC_FORMS}")
    spec = parse_model_spec(model)
    profile = (
        profile_named(prompt)
        if prompt is not None
        else default_profile(spec.provider is Provider.LOCAL)
    )
    rules = load_guidelines(guidelines) if guidelines is not None else Guidelines()
    client: ChatModel = (models or ModelPool()).get(spec)
    if name == "cck":
        return CCKAgent(
            client,
            examples=examples_in_suite(suite),
            model_name=str(spec),
            guidelines=rules,
            return_type_hint=return_type_hint,
            generation=generation,
            profile=profile,
        )
    if name == "ps":
        shown = examples_in_suite(suite, (PS_EXAMPLE_TASK_ID,))
        return PSAgent(
            client,
            example=shown[0] if shown else None,
            model_name=str(spec),
            guidelines=rules,
            return_type_hint=return_type_hint,
            generation=generation,
        )
    if executor is None:
        raise UnknownAgentError(
            "--agent selfdebug needs an executor for its trial runs (the run's sandbox)"
        )
    if dry_runs < 1:
        raise UnknownAgentError(
            f"--dry-runs must be at least 1, got {dry_runs}; for no trial runs use --agent cck"
        )
    return SelfDebugAgent(
        client,
        executor,
        examples=examples_in_suite(suite),
        model_name=str(spec),
        max_dry_runs=dry_runs,
        guidelines=rules,
        return_type_hint=return_type_hint,
        generation=generation,
        profile=profile,
    )
