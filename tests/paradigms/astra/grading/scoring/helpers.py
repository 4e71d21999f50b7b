"""Tables and a conversation builder of our own for the scoring tests (no app involved)."""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel

from assistworld.paradigms.astra.grading.scoring.conversation import Conversation
from assistworld.world import World, WorldState, keyed, nested


class Person(BaseModel):
    name: str
    phone: str
    city: str = ""


class Note(BaseModel):
    to: str
    body: str
    sent_at: str = "2024-06-25T09:00:00"


class Slot(BaseModel):
    title: str
    hour: int


PEOPLE = keyed("people", Person)
NOTES = keyed("notes", Note)
SLOTS = nested("slots", Slot)
TABLES = (PEOPLE, NOTES, SLOTS)


def base_world() -> World:
    world = World(tables=TABLES)
    people = world.table(PEOPLE)
    people["p1"] = Person(name="Sara Lind", phone="+44 7700 900123", city="Leeds")
    people["p2"] = Person(name="Tom Ek", phone="+44 7700 900456", city="York")
    world.table(SLOTS)["me"] = {"s1": Slot(title="dentist", hour=9)}
    return world


class Talk:
    """Builds a conversation message by message, snapshotting the world after each one."""

    def __init__(self, world: World | None = None) -> None:
        self.world = world or base_world()
        self.initial = self.world.snapshot()
        self.messages: list[dict[str, Any]] = []
        self.states: list[WorldState] = []
        self._calls = 0

    def _add(self, message: dict[str, Any]) -> int:
        self.messages.append(message)
        self.states.append(self.world.snapshot())
        return len(self.messages) - 1

    def user(self, text: str) -> int:
        return self._add({"role": "user", "content": text})

    def say(self, text: str) -> int:
        return self._add({"role": "assistant", "content": text})

    def call(self, tool: str, result: Any, **arguments: Any) -> int:
        """An assistant message calling ``tool``, then its result; the index of the call."""
        self._calls += 1
        call_id = f"call_{self._calls}"
        function = {"name": tool, "arguments": json.dumps(arguments)}
        index = self._add(
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [{"id": call_id, "type": "function", "function": function}],
            }
        )
        self._add({"role": "tool", "tool_call_id": call_id, "content": json.dumps(result)})
        return index

    def send_note(self, key: str, to: str, body: str) -> int:
        """A write: the call, then the world changes, then the result message."""
        self.world.table(NOTES)[key] = Note(to=to, body=body)
        self.world.record_write()
        return self.call("send_note", {"id": key}, to=to, body=body)

    def conversation(self) -> Conversation:
        return Conversation(self.messages, self.states, self.initial)
