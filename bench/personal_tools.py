"""What a personal tool call costs the harness, on a world of about ASTRA-bench's size and larger.

Prints, per tool, the median time of one call through the JSON path (``Toolset.call_json``:
validate the JSON arguments, run the tool, convert the result, record the event), on a world
generated here with ``--scale`` times one protagonist's data (at scale 1: 20 contacts, 30 events,
25 emails, 100 text and 15 WhatsApp messages, 5 calls), then the slowest tool and the cost of one
call of each tool in turn (what an agent turn that calls every tool once would pay). With
``--sandbox`` it also times the same searches made by a program in the sandbox (RPC per call).

Run: ``python bench/personal_tools.py [--scale 1] [--repeat 200] [--sandbox]``
"""

from __future__ import annotations

import argparse
import datetime
import json
import statistics
import time
from typing import Any

from assistworld.apps import personal
from assistworld.apps.personal import personal_world
from assistworld.world import World

NOW = datetime.datetime(2025, 3, 13, 10, 0)
FIRST = ["Ada", "Ben", "Chen", "Dara", "Eli", "Fay", "Gus", "Hana", "Ivo", "Juno"]
LAST = ["Moss", "Reyes", "Okoye", "Larsen", "Quint", "Tanaka", "Vidal", "Wolfe"]


def world_data(scale: int) -> dict[str, Any]:
    """A generated personal world: ``scale`` times one protagonist's data, spread over 30 days."""
    people = []
    for index in range(20 * scale):
        name = f"{FIRST[index % len(FIRST)]} {LAST[index // len(FIRST) % len(LAST)]} {index}"
        people.append(
            {"name": name, "phone": f"+44 7700 9{index:05d}", "email": f"p{index}@example.org"}
        )

    def moment(step: int) -> str:
        return (NOW - datetime.timedelta(hours=7 * step)).isoformat()

    events = [
        {
            "title": f"Meeting {index}",
            "starts_at": moment(index - 15),
            "ends_at": (
                datetime.datetime.fromisoformat(moment(index - 15)) + datetime.timedelta(hours=1)
            ).isoformat(),
            "attendees": [people[index % len(people)]["name"]],
        }
        for index in range(30 * scale)
    ]
    emails = [
        {
            "sender": people[index % len(people)]["email"],
            "to": ["me@example.org"],
            "subject": f"Subject {index}",
            "body": "Some words about the week ahead. " * 8,
            "sent_at": moment(index),
            "is_read": index % 3 != 0,
        }
        for index in range(25 * scale)
    ]

    def chats(count: int, per_chat: int) -> list[dict[str, Any]]:
        found = []
        for chat in range(max(count // per_chat, 1)):
            number = people[chat % len(people)]["phone"]
            messages = [
                {
                    "sender": number if step % 2 else "me",
                    "text": f"Message {chat}-{step} about dinner plans",
                    "sent_at": moment(chat * per_chat + step),
                    "is_read": step % 5 != 0,
                }
                for step in range(per_chat)
            ]
            found.append({"participants": [number], "messages": messages})
        return found

    calls = [
        {"number": people[index].get("phone"), "direction": "missed", "started_at": moment(index)}
        for index in range(5 * scale)
    ]
    return {
        "now": NOW.isoformat(),
        "protagonist": {"name": "Me", "phone": "+44 7700 900000", "email": "me@example.org"},
        "contacts": people,
        "calendar": events,
        "emails": emails,
        "text_conversations": chats(100 * scale, 10),
        "whatsapp_conversations": chats(15 * scale, 5),
        "phone_calls": calls,
    }


CALLS: dict[str, dict[str, Any]] = {
    "search_contacts": {"query": "Hana"},
    "get_all_contacts": {},
    "add_contact": {"name": "New Person", "phone": "+1 555 0100"},
    "modify_contact": {"contact_id": "contact-1", "notes": "updated"},
    "search_calendar_events": {"period": "upcoming", "query": "meeting"},
    "get_all_calendars": {},
    "create_calendar_event": {"title": "Lunch", "starts_at": "2025-03-14T12:00:00"},
    "search_emails": {"person": "Ben", "unread_only": True, "period": "last_7_days"},
    "get_all_emails": {},
    "send_email": {"to": ["p3@example.org"], "subject": "Hi", "body": "Hello"},
    "search_messages": {"query": "dinner", "period": "yesterday"},
    "get_all_messages": {},
    "send_message": {"recipients": ["+44 7700 900003"], "text": "On my way"},
    "search_whatsapp_messages": {"person": "Chen"},
    "get_all_whatsapp_messages": {},
    "send_whatsapp_message": {"recipients": ["+44 7700 900004"], "text": "Hi"},
    "search_phone_calls": {"direction": "missed", "period": "this_week"},
    "get_all_phone_calls": {},
    "create_outgoing_call": {"recipient": "+44 7700 900005"},
}
"""The tools timed (the removals are left out: each can only run once per record)."""


def time_json_calls(world: World, repeat: int) -> dict[str, float]:
    """Median seconds per call of each tool through the JSON path."""
    tools = personal.toolset()
    medians: dict[str, float] = {}
    with world.active():
        for name, arguments in CALLS.items():
            text = json.dumps(arguments)
            samples = []
            for _ in range(repeat):
                started = time.perf_counter()
                event = tools.call_json(name, text)
                samples.append(time.perf_counter() - started)
                if event.error is not None:
                    raise SystemExit(f"{name} failed: {event.error.message}")
            medians[name] = statistics.median(samples)
    return medians


SEARCH_PROGRAM = """
def searches():
    found = 0
    for _ in range({count}):
        found += len(search_contacts(query="Hana"))
        found += len(search_messages(query="dinner", period="yesterday"))
    return found
"""


def time_sandbox(world: World, count: int) -> tuple[float, float]:
    """Seconds per RPC call of a sandboxed program making ``2 * count`` searches, and the
    seconds of the whole world run (start of the program, world sent and sent back)."""
    from assistworld.sandbox import Limits, ProgramLibrary, SandboxPool, WorldRunRequest

    library = ProgramLibrary.of(personal.toolset())
    request = WorldRunRequest(
        world=world.snapshot().to_data(), candidate_program=SEARCH_PROGRAM.format(count=count)
    )
    with SandboxPool(slots=1, limits=Limits(call_budget=10 * count), library=library) as pool:
        pool.run_in_world(request)  # warm
        started = time.perf_counter()
        done = pool.run_in_world(request)
        whole = time.perf_counter() - started
    if done.run.api_calls != 2 * count:
        raise SystemExit(f"the sandboxed program failed: {done.run.exception_message}")
    return done.run.seconds / done.run.api_calls, whole


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=200)
    parser.add_argument("--sandbox", action="store_true")
    options = parser.parse_args()
    data = world_data(options.scale)
    started = time.perf_counter()
    world = personal_world(data)
    loaded = time.perf_counter() - started
    sizes = {key: len(value) for key, value in data.items() if isinstance(value, list)}
    print(f"world at scale {options.scale}: {sizes}; loaded in {loaded * 1000:.1f} ms")
    medians = time_json_calls(world, options.repeat)
    print(f"{'tool':<28} {'median us':>10}")
    for name, seconds in medians.items():
        print(f"{name:<28} {seconds * 1e6:>10.0f}")
    slowest = max(medians, key=lambda name: medians[name])
    print(f"slowest: {slowest} {medians[slowest] * 1000:.2f} ms")
    print(f"one call of each of the {len(medians)} tools: {sum(medians.values()) * 1000:.2f} ms")
    if options.sandbox:
        per_call, whole = time_sandbox(personal_world(data), 100)
        print(
            f"sandboxed program, 200 searches: {per_call * 1e6:.0f} us a call, world run "
            f"{whole * 1000:.0f} ms in all"
        )


if __name__ == "__main__":
    main()
