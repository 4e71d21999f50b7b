"""A world host's agent children: one or more kept warm (confined, waiting), the rest on demand.

The warm ones were asked for while an earlier task ran (or when the world host started), so a
task's first pair does not wait for a fork and the confinement. A task takes as many children
as it has pairs; the supply asks for replacements at once, so they confine themselves while the
task runs. Used children are killed once the task's reply is out (:meth:`AgentSupply.release`);
the zygote removes their scratch dirs as it reaps them.
"""

from __future__ import annotations

from assistworld.sandbox.agent_process import AgentLink, AgentProcess, spawn_agent
from assistworld.sandbox.models import Limits

WARM_AGENTS = 1
"""Children kept ready between tasks (most tasks have one pair)."""


class AgentSupply:
    """Agent children for one world host's tasks."""

    def __init__(self, link: AgentLink, limits: Limits, *, warm: int = WARM_AGENTS) -> None:
        self._link = link
        self._limits = limits
        self._warm_count = warm
        self._warm: list[AgentProcess] = []
        self._in_use: list[AgentProcess] = []
        self._next_index = 0

    def fill(self) -> None:
        """Ask for children until ``warm`` of them are waiting."""
        while len(self._warm) < self._warm_count:
            self._warm.append(self._spawn())

    def take(self, count: int) -> list[AgentProcess]:
        """``count`` fresh children for one task (warm ones first); refills the warm ones."""
        taken = self._warm[:count]
        del self._warm[:count]
        taken += [self._spawn() for _ in range(count - len(taken))]
        self._in_use += taken
        self.fill()
        return taken

    def release(self) -> None:
        """Kill the children taken so far and remove their scratch dirs."""
        in_use, self._in_use = self._in_use, []
        for agent in in_use:
            agent.close()
        self._link.drain()

    def close(self) -> None:
        """Release the warm children too (the world host is ending)."""
        self._in_use += self._warm
        self._warm = []
        self.release()

    def _spawn(self) -> AgentProcess:
        index = self._next_index
        self._next_index += 1
        return spawn_agent(index, self._link, self._limits.max_message_bytes)


__all__ = ["WARM_AGENTS", "AgentSupply"]
