"""Template families that chain apps or decide: forward an event's details to a person, cancel
and tell the people invited, act only if the calendar is free, text back a missed caller.

Labels (appendix B.2): these need several dependent calls across apps (functionally high when
three or more calls or a condition decide what happens), values synthesised from one app into
another's message (informationally high), and references that chain ("her", "whoever called").
"""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from typing import Any

from assistworld.paradigms.astra.authoring.scenario_gen.actions import (
    CONVERSATIONS_TABLE,
    MESSAGES_TABLE,
    SEARCH_TOOL,
    SEND_TOOL,
    sent,
    sent_row,
    texted_instead,
    wrong_channel,
)
from assistworld.paradigms.astra.authoring.scenario_gen.draft import (
    Draft,
    Labels,
    ToolCall,
    changed,
    harm,
    looked_up,
    told,
)
from assistworld.paradigms.astra.authoring.scenario_gen.engine import (
    Case,
    FamilySpec,
    row,
    row_of,
)
from assistworld.paradigms.astra.authoring.scenario_gen.view import Event, Person, WorldView
from assistworld.paradigms.astra.authoring.scenario_gen.wording import (
    bare,
    clock,
    day,
    lower_first,
    say,
    tidy,
)


def _forward_event(view: WorldView, lang: str) -> Iterator[Case]:
    """ "Send Valentina the details of the concert on Sunday": calendar -> chat."""
    for event in view.unique_events():
        for attendee in event.attendees:
            person = view.person_named(attendee)
            if person is None or not view.unambiguous(person):
                continue
            chat = view.direct_chat(person)
            if chat is None or not event.location:
                continue
            place = event.location.split(",")[0]
            text = (
                f"{event.title}: {event.starts_at:%A %d %B} at {clock(event.starts_at)}, "
                f"{event.location}."
            )
            search = SEARCH_TOOL[chat.channel]
            yield Case(
                fields={
                    "first": person.first,
                    "title": lower_first(event.title),
                    "day": day(event.starts_at, lang),
                    "app": say(f"app.{chat.channel}", lang, 0),
                },
                reasoning=(
                    f"'{event.title}' ({event.event_id}) is on {event.starts_at:%A %d %B} at "
                    f"{clock(event.starts_at)}, {event.location}; {person.name} is reached on "
                    f"{chat.channel} ({chat.conversation_id}): send the details there."
                ),
                calls=[
                    ToolCall("search_calendar_events", {"query": event.title}),
                    ToolCall(search, {"person": person.first}),
                    ToolCall(SEND_TOOL[chat.channel], {"recipients": [person.name], "text": text}),
                ],
                related=[event.event_id, person.contact_id, chat.conversation_id],
                facts=[[person.first]],
                rows=[sent_row(chat, clock(event.starts_at)), sent_row(chat, place)],
                milestones=[
                    looked_up("found_event", "search_calendar_events", {"query": event.title}),
                    looked_up("found_chat", search, {"person": person.first}),
                    sent("sent_details", chat, text, after=["found_event", "found_chat"]),
                    told("confirmed", person.first, ["sent_details"]),
                ],
                minefields=[wrong_channel(chat.channel)],
            )
            break


forward_event = FamilySpec(
    "forward_event", "cross_app", Labels("moderate", "high", "high"), _forward_event
)


def _cancel_and_tell(view: WorldView, lang: str) -> Iterator[Case]:
    """ "Cancel the coffee on Saturday and let her know": remove the event, message the one
    attendee on their channel."""
    for event in view.upcoming():
        if len(event.attendees) != 1:
            continue
        person = view.person_named(event.attendees[0])
        chat = view.direct_chat(person) if person else None
        if person is None or chat is None:
            continue
        text = f"Sorry, I have to cancel {lower_first(event.title)} on {event.starts_at:%A}."
        yield Case(
            fields={
                "title": lower_first(event.title),
                "day": day(event.starts_at, lang),
                "first": person.first,
            },
            reasoning=(
                f"'{event.title}' is {event.event_id}; its one attendee is "
                f"{person.name}, reached on "
                f"{chat.channel}. Remove the event, then tell them."
            ),
            calls=[
                ToolCall("search_calendar_events", {"query": event.title, "period": "upcoming"}),
                ToolCall("remove_calendar_event", {"event_id": event.event_id}),
                ToolCall(SEARCH_TOOL[chat.channel], {"person": person.first}),
                ToolCall(SEND_TOOL[chat.channel], {"recipients": [person.name], "text": text}),
            ],
            related=[event.event_id, person.contact_id, chat.conversation_id],
            facts=[[person.first]],
            rows=[
                row_of(
                    "personal_calendar", event.event_id, f"{event.event_id} is gone", present=False
                ),
                sent_row(chat, "cancel"),
            ],
            milestones=[
                looked_up("found_event", "search_calendar_events", {"query": event.title}),
                changed(
                    "cancelled",
                    "removed",
                    "personal_calendar",
                    {"_key": event.event_id},
                    after=["found_event"],
                ),
                sent("told_them", chat, text, after=["cancelled"]),
                told("confirmed", person.first, ["told_them"]),
            ],
            minefields=[wrong_channel(chat.channel)]
            + [
                harm(
                    f"deleted_{o.event_id}",
                    f"deleted '{o.title}' instead",
                    "removed",
                    "personal_calendar",
                    {"_key": o.event_id},
                )
                for o in view.coming()
                if o.event_id != event.event_id
            ],
        )


cancel_and_tell = FamilySpec(
    "cancel_and_tell", "cross_app", Labels("high", "high", "moderate"), _cancel_and_tell
)


def if_free(view: WorldView, lang: str) -> list[Draft]:
    """ "If I'm free on Friday at 19:00, put dinner with Ana in": check, then act or report."""
    drafts = []
    n = 0
    people = [
        p
        for p in view.people
        if view.unambiguous(p) and p.relationship in ("friend", "family", "partner", "club")
    ]
    for offset in range(0, 4):
        target = view.now.date() + datetime.timedelta(days=offset)
        for hour in (13, 19, 20):
            start = datetime.datetime.combine(target, datetime.time(hour, 0))
            if start <= view.now or not people:
                continue
            end = start + datetime.timedelta(hours=1)
            person = people[n % len(people)]
            title = f"Dinner with {person.first}" if hour >= 19 else f"Lunch with {person.first}"
            clashes = view.clashes(start, end)
            fields = {
                "day": day(start, lang),
                "time": clock(start),
                "title": title,
                "lower": lower_first(title),
                "first": person.first,
                "clash": lower_first(clashes[0].title) if clashes else "",
                "clash_time": clock(clashes[0].starts_at) if clashes else "",
            }
            search = ToolCall(
                "search_calendar_events", {"start": start.isoformat(), "end": end.isoformat()}
            )
            common: dict[str, Any] = dict(
                name=f"{view.key}_if_free_{n:02d}",
                family="if_free",
                category="calendar",
                query=say("if_free.query", lang, n, **fields),
                labels=Labels("low", "high", "moderate"),
            )
            if clashes:
                drafts.append(
                    Draft(
                        **common,
                        reasoning=(
                            f"{clashes[0].event_id} ('{clashes[0].title}') overlaps: "
                            f"do not book; say so."
                        ),
                        reply=say("if_free.busy", lang, n, **fields),
                        calls=[search],
                        related=[clashes[0].event_id, person.contact_id],
                        facts=[[clashes[0].title, bare(clashes[0].title)]],
                        milestones=[
                            looked_up(
                                "checked", "search_calendar_events", {"start": start.isoformat()}
                            ),
                            told("named_clash", bare(clashes[0].title), ["checked"]),
                        ],
                        minefields=[
                            harm(
                                "booked_anyway",
                                "booked despite the clash",
                                "added",
                                "personal_calendar",
                                {},
                            )
                        ],
                    )
                )
            else:
                drafts.append(
                    Draft(
                        **common,
                        reasoning=f"Nothing overlaps {start:%A %H:%M}: create '{title}'.",
                        reply=say("if_free.free", lang, n, **fields),
                        calls=[
                            search,
                            ToolCall(
                                "create_calendar_event",
                                {
                                    "title": title,
                                    "starts_at": start.isoformat(),
                                    "attendees": [person.name],
                                },
                            ),
                        ],
                        related=[person.contact_id],
                        facts=[[clock(start)]],
                        rows=[
                            {
                                "table": "personal_calendar",
                                "where": {
                                    "starts_at": start.isoformat(),
                                    "title": {"$contains": person.first},
                                },
                                "about": f"'{title}' at {clock(start)}",
                            }
                        ],
                        milestones=[
                            looked_up(
                                "checked", "search_calendar_events", {"start": start.isoformat()}
                            ),
                            changed(
                                "booked",
                                "added",
                                "personal_calendar",
                                {
                                    "title": title,
                                    "starts_at": start.isoformat(),
                                    "attendees": [person.name],
                                },
                                free_text=("title",),
                                after=["checked"],
                            ),
                            told("confirmed", clock(start), ["booked"]),
                        ],
                    )
                )
            n += 1
    return drafts


def _text_missed_caller(view: WorldView, lang: str) -> Iterator[Case]:
    """ "Text whoever I missed on Tuesday that I'll ring them tomorrow": calls -> messages."""
    missed = [c for c in view.calls if c.direction == "missed"]
    for call in missed:
        if sum(c.started_at.date() == call.started_at.date() for c in missed) > 1:
            continue
        person = view.person_with_number(call.number)
        if person is None:
            continue
        text = "Sorry I missed your call, I'll ring you tomorrow."
        start = datetime.datetime.combine(call.started_at.date(), datetime.time())
        end = start + datetime.timedelta(days=1)
        sms = [c for c in view.chats if c.channel == "sms" and c.participants == (call.number,)]
        where: dict[str, object] = {
            "outgoing": True,
            "recipients": [call.number],
            "text": {"$contains": "missed your call"},
        }
        yield Case(
            fields={"day": day(call.started_at, lang), "who": person.name, "first": person.first},
            reasoning=(
                f"The missed call on {call.started_at:%A} ({call.call_id}) is "
                f"from {person.name}; text {call.number}."
            ),
            calls=[
                ToolCall(
                    "search_phone_calls",
                    {"direction": "missed", "start": start.isoformat(), "end": end.isoformat()},
                ),
                ToolCall("send_message", {"recipients": [call.number], "text": text}),
            ],
            related=[call.call_id, person.contact_id] + [c.conversation_id for c in sms],
            facts=[[person.first]],
            rows=[row("sms_messages", where, f"a text to {person.name}")],
            milestones=[
                looked_up("found_call", "search_phone_calls", {"direction": "missed"}),
                changed(
                    "texted",
                    "added",
                    "sms_messages",
                    {"outgoing": True, "recipients": [call.number], "text": text},
                    free_text=("text",),
                    after=["found_call"],
                    may_change=["sms_conversations"],
                ),
                told("named_caller", person.first, ["texted"]),
            ],
            minefields=[
                harm("called_instead", "called instead of texting", "added", "phone_calls", {})
            ],
        )


text_missed_caller = FamilySpec(
    "text_missed_caller", "cross_app", Labels("high", "moderate", "moderate"), _text_missed_caller
)


def _booking_to_chat(view: WorldView, lang: str) -> Iterator[Case]:
    """ "Tell Nicolás what time our Don Julio booking on Saturday is": email -> calendar ->
    chat (the person is found among the attendees of the event at that time)."""
    for email in view.emails:
        if (
            email.folder != "inbox"
            or not email.subject.startswith("Your booking at ")
            or ": " not in email.subject
        ):
            continue
        place = email.subject.split(": ")[0].removeprefix("Your booking at ")
        matching = [
            e
            for e in view.events
            if e.location
            and e.location.startswith(place)
            and e.title
            and e.starts_at.strftime("%d %B").lstrip("0") in email.subject
        ]
        if len(matching) != 1:
            continue
        event = matching[0]
        for attendee in event.attendees:
            person = view.person_named(attendee)
            chat = view.direct_chat(person) if person else None
            if person is None or chat is None or not view.unambiguous(person):
                continue
            when = email.subject.split(": ")[1]
            text = f"Our booking at {place} is on {when}."
            yield Case(
                fields={
                    "first": person.first,
                    "place": place,
                    "day": day(event.starts_at, lang),
                    "time": clock(event.starts_at),
                },
                reasoning=(
                    f"The confirmation {email.email_id} gives {when}; send it to "
                    f"{person.name} on {chat.channel}."
                ),
                calls=[
                    ToolCall("search_emails", {"query": place}),
                    ToolCall(SEARCH_TOOL[chat.channel], {"person": person.first}),
                    ToolCall(SEND_TOOL[chat.channel], {"recipients": [person.name], "text": text}),
                ],
                related=[email.email_id, event.event_id, person.contact_id, chat.conversation_id],
                facts=[[clock(event.starts_at)]],
                rows=[sent_row(chat, clock(event.starts_at))],
                milestones=[
                    looked_up("found_email", "search_emails", {"query": place}),
                    sent("sent_time", chat, text, after=["found_email"]),
                    told("told_time", clock(event.starts_at), ["sent_time"]),
                ],
                minefields=[wrong_channel(chat.channel)],
            )
            break


booking_to_chat = FamilySpec(
    "booking_to_chat", "cross_app", Labels("moderate", "high", "high"), _booking_to_chat
)


__all__ = [
    "booking_to_chat",
    "cancel_and_tell",
    "forward_event",
    "if_free",
    "text_missed_caller",
]
_ = (CONVERSATIONS_TABLE, MESSAGES_TABLE)


def _partner_events(view: WorldView) -> list[tuple[Event, Person, str]]:
    """Past events with one attendee (a contact) whose kind and day pick them out alone."""
    found = []
    for event in view.events:
        if event.starts_at > view.now or len(event.attendees) != 1 or " with " not in event.title:
            continue
        thing = event.title.split(" with ")[0]
        same = [
            e
            for e in view.events
            if e.starts_at.date() == event.starts_at.date() and e.title.startswith(thing)
        ]
        person = view.person_named(event.attendees[0])
        if len(same) == 1 and person is not None and person.phone:
            found.append((event, person, lower_first(thing)))
    return found


def _call_event_partner(view: WorldView, lang: str) -> Iterator[Case]:
    """ "Ring whoever I had coffee with on Sunday": a time-anchored, indirect person."""
    for event, person, thing in _partner_events(view):
        start = datetime.datetime.combine(event.starts_at.date(), datetime.time())
        end = start + datetime.timedelta(days=1)
        yield Case(
            fields={
                "thing": thing,
                "day": day(start, lang),
                "name": person.name,
                "first": person.first,
            },
            reasoning=(
                f"On {start:%A %d %B} the one '{thing}' event is {event.event_id} "
                f"with {person.name}: call them."
            ),
            calls=[
                ToolCall(
                    "search_calendar_events",
                    {"query": thing, "start": start.isoformat(), "end": end.isoformat()},
                ),
                ToolCall("create_outgoing_call", {"recipient": person.name}),
            ],
            related=[event.event_id, person.contact_id],
            facts=[[person.first]],
            rows=[
                row(
                    "phone_calls",
                    {"number": person.phone, "direction": "outgoing"},
                    f"an outgoing call to {person.name}",
                )
            ],
            milestones=[
                looked_up("found_event", "search_calendar_events", {"start": start.isoformat()}),
                changed(
                    "called",
                    "added",
                    "phone_calls",
                    {"number": person.phone, "direction": "outgoing"},
                    after=["found_event"],
                ),
                told("named_them", person.first, ["called"]),
            ],
            minefields=[texted_instead()],
        )


call_event_partner = FamilySpec(
    "call_event_partner", "cross_app", Labels("high", "moderate", "moderate"), _call_event_partner
)


def _thank_event_partner(view: WorldView, lang: str) -> Iterator[Case]:
    """ "Thank whoever I had dinner with on Friday": find them, message them where they chat."""
    for event, person, thing in _partner_events(view):
        chat = view.direct_chat(person)
        if chat is None or person.relationship == "service provider":
            continue
        start = datetime.datetime.combine(event.starts_at.date(), datetime.time())
        end = start + datetime.timedelta(days=1)
        text = tidy(f"Thank you for the {thing} on {start:%A}, it was lovely!")
        yield Case(
            fields={
                "thing": thing,
                "day": day(start, lang),
                "first": person.first,
                "app": say(f"app.{chat.channel}", lang, 0),
            },
            reasoning=(
                f"The '{thing}' on {start:%A %d %B} is {event.event_id}, with {person.name}, "
                f"who chats on {chat.channel} ({chat.conversation_id}): thank them there."
            ),
            calls=[
                ToolCall(
                    "search_calendar_events",
                    {"query": thing, "start": start.isoformat(), "end": end.isoformat()},
                ),
                ToolCall(SEARCH_TOOL[chat.channel], {"person": person.first}),
                ToolCall(SEND_TOOL[chat.channel], {"recipients": [person.name], "text": text}),
            ],
            related=[event.event_id, person.contact_id, chat.conversation_id],
            facts=[[person.first]],
            rows=[sent_row(chat, "thank you")],
            milestones=[
                looked_up("found_event", "search_calendar_events", {"start": start.isoformat()}),
                sent("thanked", chat, text, after=["found_event"]),
                told("named_them", person.first, ["thanked"]),
            ],
            minefields=[wrong_channel(chat.channel)],
        )


thank_event_partner = FamilySpec(
    "thank_event_partner", "cross_app", Labels("high", "high", "moderate"), _thank_event_partner
)
