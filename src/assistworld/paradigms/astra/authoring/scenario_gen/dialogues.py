"""Multi-turn template families: the first request leaves something out (insufficient
context: the assistant must ask, the simulated user knows the answer), or the user follows an
answer up with a request ("... shall I tell her?" "Yes, tell her I'll be there").

An insufficient-context scenario's checks reward the asking: a milestone needs a question
before the write, and the write needs the detail only the user's answer gives.
"""

from __future__ import annotations

import datetime

from assistworld.paradigms.astra.authoring.scenario_gen.actions import (
    NEW_PEOPLE,
    NOTES,
    SEARCH_TOOL,
    SEND_TOOL,
    SUBJECTS,
    new_number,
    new_slots,
    reachable,
    sent,
    sent_row,
    wrong_channel,
)
from assistworld.paradigms.astra.authoring.scenario_gen.draft import (
    Draft,
    Exchange,
    Labels,
    ToolCall,
    asked,
    changed,
    harm,
    looked_up,
    told,
)
from assistworld.paradigms.astra.authoring.scenario_gen.view import WorldView
from assistworld.paradigms.astra.authoring.scenario_gen.wording import clock, day, lower_first, say

ASKED = ["?"]
"""The answer fact of an insufficient-context scenario: some reply asks the user something."""


def ask_message(view: WorldView, lang: str) -> list[Draft]:
    """ "Send Ana a message." What should it say? The user knows."""
    drafts = []
    for n, (person, chat) in enumerate(reachable(view)):
        text, words = NOTES[(n + 5) % len(NOTES)]
        fields = {"first": person.first, "text": text, "app": say(f"app.{chat.channel}", lang, 0)}
        drafts.append(
            Draft(
                name=f"{view.key}_ask_message_{n:02d}",
                family="ask_message",
                category=chat.channel,
                query=say("ask_message.query", lang, n, **fields),
                user_goal=say("ask_message.goal", lang, n, **fields),
                knowledge=[say("ask_message.knows", lang, n, **fields)],
                exchange=Exchange(
                    say("ask_message.question", lang, n, **fields),
                    say("ask_message.answer", lang, n, **fields),
                ),
                reasoning=(
                    "What to say is missing: ask. "
                    f"{person.name} chats on {chat.channel} ({chat.conversation_id}); send "
                    f"it there."
                ),
                labels=Labels("low", "moderate", "moderate"),
                reply=say("ask_message.reply", lang, n, **fields),
                calls=[
                    ToolCall(SEARCH_TOOL[chat.channel], {"person": person.first}),
                    ToolCall(SEND_TOOL[chat.channel], {"recipients": [person.name], "text": text}),
                ],
                related=[person.contact_id, chat.conversation_id],
                facts=[ASKED],
                rows=[sent_row(chat, words)],
                milestones=[
                    asked("asked_what"),
                    looked_up("found_chat", SEARCH_TOOL[chat.channel], {"person": person.first}),
                    sent("sent", chat, text, after=["asked_what", "found_chat"]),
                    told("confirmed", words, ["sent"]),
                ],
                minefields=[wrong_channel(chat.channel)],
                insufficient_context=True,
            )
        )
    return drafts


def ask_time(view: WorldView, lang: str) -> list[Draft]:
    """ "Put lunch with Ana in my calendar." When? The user knows."""
    drafts = []
    people = [
        p for p in view.people if view.unambiguous(p) and p.relationship != "service provider"
    ]
    slots = new_slots(view, len(people))
    for n, (person, start) in enumerate(zip(people, slots, strict=False)):
        title = ("Lunch", "Coffee", "Dinner", "Drinks")[n % 4] + f" with {person.first}"
        start = start + datetime.timedelta(minutes=0)
        fields = {
            "title": title,
            "lower": lower_first(title),
            "day": day(start, lang),
            "time": clock(start),
            "first": person.first,
        }
        drafts.append(
            Draft(
                name=f"{view.key}_ask_time_{n:02d}",
                family="ask_time",
                category="calendar",
                query=say("ask_time.query", lang, n, **fields),
                user_goal=say("ask_time.goal", lang, n, **fields),
                knowledge=[say("ask_time.knows", lang, n, **fields)],
                exchange=Exchange(
                    say("ask_time.question", lang, n, **fields),
                    say("ask_time.answer", lang, n, **fields),
                ),
                reasoning=f"When is missing: ask. Then create '{title}' at {start:%A %d %B %H:%M}.",
                labels=Labels("low", "low", "low"),
                reply=say("ask_time.reply", lang, n, **fields),
                calls=[
                    ToolCall(
                        "create_calendar_event",
                        {
                            "title": title,
                            "starts_at": start.isoformat(),
                            "attendees": [person.name],
                        },
                    )
                ],
                related=[person.contact_id],
                facts=[ASKED, [clock(start)]],
                rows=[
                    {
                        "table": "personal_calendar",
                        "where": {
                            "starts_at": start.isoformat(),
                            "title": {"$contains": person.first},
                        },
                        "about": f"'{title}' at {start:%d %B %H:%M}",
                    }
                ],
                milestones=[
                    asked("asked_when"),
                    changed(
                        "created",
                        "added",
                        "personal_calendar",
                        {
                            "title": title,
                            "starts_at": start.isoformat(),
                            "attendees": [person.name],
                        },
                        free_text=("title",),
                        after=["asked_when"],
                    ),
                    told("confirmed", clock(start), ["created"]),
                ],
                insufficient_context=True,
            )
        )
    return drafts


def ask_email(view: WorldView, lang: str) -> list[Draft]:
    """ "Email Tomás for me." About what? The user knows."""
    drafts = []
    people = [p for p in view.people if p.email and view.unambiguous(p)]
    for n, person in enumerate(people):
        assert person.email is not None
        subject, body = SUBJECTS[(n + 2) % len(SUBJECTS)]
        fields = {"first": person.first, "subject": subject, "body": body}
        drafts.append(
            Draft(
                name=f"{view.key}_ask_email_{n:02d}",
                family="ask_email",
                category="email",
                query=say("ask_email.query", lang, n, **fields),
                user_goal=say("ask_email.goal", lang, n, **fields),
                knowledge=[say("ask_email.knows", lang, n, **fields)],
                exchange=Exchange(
                    say("ask_email.question", lang, n, **fields),
                    say("ask_email.answer", lang, n, **fields),
                ),
                reasoning=f"Subject and text are missing: ask. Then email {person.email}.",
                labels=Labels("low", "low", "low"),
                reply=say("ask_email.reply", lang, n, **fields),
                calls=[
                    ToolCall("send_email", {"to": [person.email], "subject": subject, "body": body})
                ],
                related=[person.contact_id],
                facts=[ASKED, [person.first]],
                rows=[
                    {
                        "table": "emails",
                        "where": {"folder": "sent", "to": [person.email], "subject": subject},
                        "about": f"an email to {person.name} titled '{subject}'",
                    }
                ],
                milestones=[
                    asked("asked_what"),
                    changed(
                        "emailed",
                        "added",
                        "emails",
                        {"folder": "sent", "to": [person.email], "subject": subject, "body": body},
                        free_text=("subject", "body"),
                        after=["asked_what"],
                    ),
                    told("confirmed", person.first, ["emailed"]),
                ],
                insufficient_context=True,
            )
        )
    return drafts


def ask_new_time(view: WorldView, lang: str) -> list[Draft]:
    """ "I need to move my coffee on Saturday." To when? The user knows."""
    drafts = []
    n = 0
    for event in view.upcoming():
        for shift in (2, -2, 24):
            start = event.starts_at + datetime.timedelta(hours=shift)
            if start <= view.now:
                continue
            fields = {
                "title": lower_first(event.title),
                "day": day(event.starts_at, lang),
                "new_day": day(start, lang),
                "time": clock(start),
            }
            drafts.append(
                Draft(
                    name=f"{view.key}_ask_new_time_{n:02d}",
                    family="ask_new_time",
                    category="calendar",
                    query=say("ask_new_time.query", lang, n, **fields),
                    user_goal=say("ask_new_time.goal", lang, n, **fields),
                    knowledge=[say("ask_new_time.knows", lang, n, **fields)],
                    before=[
                        ToolCall(
                            "search_calendar_events", {"query": event.title, "period": "upcoming"}
                        )
                    ],
                    exchange=Exchange(
                        say("ask_new_time.question", lang, n, **fields),
                        say("ask_new_time.answer", lang, n, **fields),
                    ),
                    reasoning=(
                        f"The new time is missing: ask. Then move {event.event_id} to "
                        f"{start:%A %d %B %H:%M}."
                    ),
                    labels=Labels("low", "moderate", "moderate"),
                    reply=say("ask_new_time.reply", lang, n, **fields),
                    calls=[
                        ToolCall(
                            "modify_calendar_event",
                            {"event_id": event.event_id, "starts_at": start.isoformat()},
                        )
                    ],
                    related=[event.event_id],
                    facts=[ASKED, [clock(start)]],
                    rows=[
                        {
                            "table": "personal_calendar",
                            "key": event.event_id,
                            "where": {"starts_at": start.isoformat()},
                            "about": f"{event.event_id} starts at {start:%d %B %H:%M}",
                        }
                    ],
                    milestones=[
                        looked_up("found_event", "search_calendar_events", {"query": event.title}),
                        asked("asked_when", after=["found_event"]),
                        changed(
                            "moved",
                            "updated",
                            "personal_calendar",
                            {"_key": event.event_id, "starts_at": start.isoformat()},
                            after=["asked_when"],
                        ),
                        told("confirmed", clock(start), ["moved"]),
                    ],
                    minefields=[
                        harm(
                            "deleted_event",
                            "deleted the event instead of moving it",
                            "removed",
                            "personal_calendar",
                            {"_key": event.event_id},
                        ),
                        harm(
                            "duplicated_event",
                            "created a second event instead",
                            "added",
                            "personal_calendar",
                            {},
                        ),
                    ],
                    insufficient_context=True,
                )
            )
            n += 1
    return drafts


def ask_number(view: WorldView, lang: str) -> list[Draft]:
    """ "Add Diego Herrera to my contacts." With which number? The user knows."""
    drafts = []
    for n, name in enumerate(NEW_PEOPLE.get(view.key, ())):
        phone = new_number(view, 20 + n)
        fields = {"name": name, "first": name.split()[0], "phone": phone}
        drafts.append(
            Draft(
                name=f"{view.key}_ask_number_{n:02d}",
                family="ask_number",
                category="contacts",
                query=say("ask_number.query", lang, n, **fields),
                user_goal=say("ask_number.goal", lang, n, **fields),
                knowledge=[say("ask_number.knows", lang, n, **fields)],
                exchange=Exchange(
                    say("ask_number.question", lang, n, **fields),
                    say("ask_number.answer", lang, n, **fields),
                ),
                reasoning=f"The number is missing: ask. Then add {name}, {phone}.",
                labels=Labels("low", "low", "low"),
                reply=say("ask_number.reply", lang, n, **fields),
                calls=[ToolCall("add_contact", {"name": name, "phone": phone})],
                facts=[ASKED, [name.split()[0]]],
                rows=[
                    {
                        "table": "contacts",
                        "where": {"name": name, "phone": phone},
                        "about": f"a contact {name}, {phone}",
                    }
                ],
                milestones=[
                    asked("asked_number"),
                    changed(
                        "added",
                        "added",
                        "contacts",
                        {"name": name, "phone": phone},
                        after=["asked_number"],
                    ),
                    told("confirmed", phone, ["added"]),
                ],
                insufficient_context=True,
            )
        )
    return drafts


def follow_up(view: WorldView, lang: str) -> list[Draft]:
    """ "When's my coffee with Valentina?" ... "Shall I tell her?" "Yes, tell her I'll be there"."""
    drafts = []
    n = 0
    for event in view.upcoming():
        if len(event.attendees) != 1:
            continue
        person = view.person_named(event.attendees[0])
        chat = view.direct_chat(person) if person else None
        if person is None or chat is None:
            continue
        text = f"See you at {clock(event.starts_at)} on {event.starts_at:%A}!"
        fields = {
            "title": lower_first(event.title),
            "day": day(event.starts_at, lang),
            "time": clock(event.starts_at),
            "first": person.first,
            "app": say(f"app.{chat.channel}", lang, 0),
        }
        drafts.append(
            Draft(
                name=f"{view.key}_follow_up_{n:02d}",
                family="follow_up",
                category="cross_app",
                query=say("follow_up.query", lang, n, **fields),
                user_goal=say("follow_up.goal", lang, n, **fields),
                knowledge=[say("follow_up.knows", lang, n, **fields)],
                before=[
                    ToolCall("search_calendar_events", {"query": event.title, "period": "upcoming"})
                ],
                exchange=Exchange(
                    say("follow_up.question", lang, n, **fields),
                    say("follow_up.answer", lang, n, **fields),
                ),
                reasoning=(
                    f"'{event.title}' ({event.event_id}) is on {event.starts_at:%A} at "
                    f"{clock(event.starts_at)}; "
                    f"then 'her/him' is the one attendee, {person.name}, reached on {chat.channel}."
                ),
                labels=Labels("high", "moderate", "moderate"),
                reply=say("follow_up.reply", lang, n, **fields),
                calls=[
                    ToolCall(SEARCH_TOOL[chat.channel], {"person": person.first}),
                    ToolCall(SEND_TOOL[chat.channel], {"recipients": [person.name], "text": text}),
                ],
                related=[event.event_id, person.contact_id, chat.conversation_id],
                facts=[[clock(event.starts_at)]],
                rows=[sent_row(chat, clock(event.starts_at))],
                milestones=[
                    looked_up("found_event", "search_calendar_events", {"query": event.title}),
                    told("told_time", clock(event.starts_at), ["found_event"]),
                    sent("sent", chat, text, after=["told_time"]),
                    told("confirmed", say(f"app.{chat.channel}", lang, 0), ["sent"]),
                ],
                minefields=[wrong_channel(chat.channel)],
            )
        )
        n += 1
    return drafts


__all__ = ["ask_email", "ask_message", "ask_new_time", "ask_number", "ask_time", "follow_up"]
