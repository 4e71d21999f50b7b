"""Building the external agent from a run's request, without importing the MCP SDK until it is
certain to be used: a missing SDK, an empty or unsplittable command, a program that is not there
are each one clear line before the run starts."""

from __future__ import annotations

import importlib.util
import shlex
import shutil
from typing import TYPE_CHECKING, Any

from assistworld.agents.external.contract import DEFAULT_TIME_LIMIT, URL_VARIABLE
from assistworld.core.episode import EpisodeMaker
from assistworld.core.errors import UserError
from assistworld.core.paradigm import AgentRequest

if TYPE_CHECKING:
    from assistworld.agents.external.agent import ExternalAgent

EXTERNAL = "external"
INSTALL_MCP = "pip install 'assistworld[mcp]'  (or: pip install 'mcp>=2,<3')"


class ExternalAgentError(UserError, ValueError):
    """The external agent cannot be set up as asked; the message says what to change."""


def require_mcp(what: str = "--agent external") -> None:
    """Refuse, saying how to install it, when the MCP SDK is missing."""
    if importlib.util.find_spec("mcp") is None:
        raise ExternalAgentError(
            f"{what} serves episodes over MCP, whose SDK is not installed: {INSTALL_MCP}"
        )


def parse_command(command: Any) -> list[str]:
    """``--command``'s words (shell quoting rules), its program found, or a clear error."""
    if not isinstance(command, str) or not command.strip():
        raise ExternalAgentError(
            '--agent external needs --command "CMD ARGS": the program that acts through the '
            f"episode's MCP URL (it reads {URL_VARIABLE})"
        )
    try:
        argv = shlex.split(command)
    except ValueError as error:
        raise ExternalAgentError(f"--command {command!r} cannot be split: {error}") from None
    if shutil.which(argv[0]) is None:
        raise ExternalAgentError(
            f"--command: {argv[0]!r} is not a program that can be run (not found on PATH, or "
            "not executable); give its path"
        )
    return argv


def external_agent(request: AgentRequest, episodes: EpisodeMaker) -> ExternalAgent:
    """The external agent of ``request`` (``--command``, ``--time-limit``, ``--unsafe``)."""
    require_mcp()
    argv = parse_command(request.command)
    time_limit = DEFAULT_TIME_LIMIT if request.time_limit is None else request.time_limit
    if time_limit <= 0:
        raise ExternalAgentError(f"--time-limit must be positive, got {time_limit:g}")
    from assistworld.agents.external.agent import ExternalAgent

    hidden = [str(request.suite.path)] if request.suite is not None and request.suite.path else []
    return ExternalAgent(
        argv, episodes, time_limit=time_limit, unsafe=request.unsafe, hidden=hidden
    )


__all__ = [
    "DEFAULT_TIME_LIMIT",
    "EXTERNAL",
    "INSTALL_MCP",
    "URL_VARIABLE",
    "ExternalAgentError",
    "external_agent",
    "parse_command",
    "require_mcp",
]
