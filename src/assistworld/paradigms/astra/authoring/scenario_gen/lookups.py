"""Template families that only read: the answer is in the world, nothing may change.

Labels (appendix B.2 of the ASTRA-bench paper): a question naming a person or an event by name
is referentially low, one that points at it indirectly ("my neighbour", "the call I missed on
Tuesday", "next time I see ...") moderate; one search is functionally low; an answer read off
one record of the personal context is informationally moderate, one that needs a record's text
read and interpreted (a booking's party size inside an email) too.
"""

from __future__ import annotations

import datetime
import re
from collections import Counter

from assistworld.paradigms.astra.authoring.scenario_gen.draft import (
    Draft,
    Labels,
    ToolCall,
    harm,
    looked_up,
    told,
)
from assistworld.paradigms.astra.authoring.scenario_gen.view import WorldView
from assistworld.paradigms.astra.authoring.scenario_gen.wording import (
    clock,
    date,
    day,
    lower_first,
    say,
)

_NO_EDIT = harm(
    "edited_contact", "changed a contact though only asked to read", "updated", "contacts", {}
)
_NO_EVENT_EDIT = harm(
    "edited_event", "changed an event though only asked to read", "updated", "personal_calendar", {}
)
_NO_SMS = harm("sent_text", "sent a text though only asked to read", "added", "sms_messages", {})
_NO_WA = harm(
    "sent_whatsapp", "sent a WhatsApp though only asked to read", "added", "whatsapp_messages", {}
)
_NO_CALL = harm(
    "placed_call", "placed a call though only asked to read", "added", "phone_calls", {}
)


def digits_only(number: str) -> str:
    return re.sub(r"\D", "", number)


def contact_phone(view: WorldView, lang: str) -> list[Draft]:
    return _contact_detail(view, lang, "phone")


def contact_email(view: WorldView, lang: str) -> list[Draft]:
    return _contact_detail(view, lang, "email")


def _contact_detail(view: WorldView, lang: str, field: str) -> list[Draft]:
    """Ask for one person's phone number or email address: one search of the contacts."""
    family = f"contact_{field}"
    drafts = []
    for n, person in enumerate(p for p in view.people if getattr(p, field) and view.unambiguous(p)):
        value: str = getattr(person, field)
        fields = {"first": person.first, "name": person.name, field: value}
        found = f"{person.name}, {value}" if field == "phone" else value
        drafts.append(
            Draft(
                name=f"{view.key}_{family}_{n:02d}",
                family=family,
                category="contacts",
                query=say(f"{family}.query", lang, n, **fields),
                reasoning=f"Search the contacts for {person.first}: {found}.",
                labels=Labels("low", "low", "moderate"),
                reply=say(f"{family}.reply", lang, n, **fields),
                calls=[ToolCall("search_contacts", {"query": person.first})],
                related=[person.contact_id],
                facts=[[value, digits_only(value)] if field == "phone" else [value]],
                milestones=[
                    looked_up("found_contact", "search_contacts", {"query": person.first}),
                    told(
                        "told_number" if field == "phone" else "told_email",
                        value,
                        ["found_contact"],
                    ),
                ],
                minefields=[_NO_EDIT],
            )
        )
    return drafts


_RELATIONSHIPS = ("partner", "neighbour", "classmate")


def relationship_phone(view: WorldView, lang: str) -> list[Draft]:
    """ "My neighbour's number": one indirect reference, resolved by relationship."""
    counts = Counter(p.relationship for p in view.people)
    drafts = []
    chosen = [
        p
        for p in view.people
        if p.relationship in _RELATIONSHIPS and counts[p.relationship] == 1 and p.phone
    ]
    for n, person in enumerate(chosen):
        assert person.phone is not None and person.relationship is not None
        fields = {
            "relation": say(f"relation.{person.relationship}", lang, 0),
            "name": person.name,
            "phone": person.phone,
        }
        drafts.append(
            Draft(
                name=f"{view.key}_relationship_phone_{n:02d}",
                family="relationship_phone",
                category="contacts",
                query=say("relationship_phone.query", lang, n, **fields),
                reasoning=(
                    f"The only contact whose relationship is {person.relationship} is "
                    f"{person.name}: {person.phone}."
                ),
                labels=Labels("moderate", "low", "moderate"),
                reply=say("relationship_phone.reply", lang, n, **fields),
                calls=[ToolCall("search_contacts", {"relationship": person.relationship})],
                related=[person.contact_id],
                facts=[[person.phone, digits_only(person.phone)], [person.first]],
                milestones=[
                    looked_up(
                        "found_contact", "search_contacts", {"relationship": person.relationship}
                    ),
                    told("told_number", person.phone, ["found_contact"]),
                ],
                minefields=[_NO_EDIT],
            )
        )
    return drafts


def _tense(view: WorldView, moment: datetime.datetime) -> str:
    return "future" if moment > view.now else "past"


def event_when(view: WorldView, lang: str) -> list[Draft]:
    drafts = []
    for n, event in enumerate(view.unique_events()):
        fields = {
            "title": lower_first(event.title),
            "day": day(event.starts_at, lang),
            "time": clock(event.starts_at),
        }
        tense = _tense(view, event.starts_at)
        drafts.append(
            Draft(
                name=f"{view.key}_event_when_{n:02d}",
                family="event_when",
                category="calendar",
                query=say(f"event_when.query.{tense}", lang, n, **fields),
                reasoning=(
                    f"Search the calendar for '{event.title}': {event.starts_at:%A %d %B %H:%M}."
                ),
                labels=Labels("low", "low", "moderate"),
                reply=say(f"event_when.reply.{tense}", lang, n, **fields),
                calls=[ToolCall("search_calendar_events", {"query": event.title})],
                related=[event.event_id],
                facts=[[date(event.starts_at, lang)], [clock(event.starts_at)]],
                milestones=[
                    looked_up("found_event", "search_calendar_events", {"query": event.title}),
                    told("told_time", clock(event.starts_at), ["found_event"]),
                ],
                minefields=[_NO_EVENT_EDIT],
            )
        )
    return drafts


def event_where(view: WorldView, lang: str) -> list[Draft]:
    drafts = []
    events = [e for e in view.unique_events() if e.location and not e.location.startswith("Home")]
    for n, event in enumerate(events):
        assert event.location is not None
        place = event.location.split(",")[0]
        fields = {
            "title": lower_first(event.title),
            "location": event.location,
            "day": day(event.starts_at, lang),
        }
        tense = _tense(view, event.starts_at)
        drafts.append(
            Draft(
                name=f"{view.key}_event_where_{n:02d}",
                family="event_where",
                category="calendar",
                query=say(f"event_where.query.{tense}", lang, n, **fields),
                reasoning=f"Search the calendar for '{event.title}': it is at {event.location}.",
                labels=Labels("low", "low", "moderate"),
                reply=say(f"event_where.reply.{tense}", lang, n, **fields),
                calls=[ToolCall("search_calendar_events", {"query": event.title})],
                related=[event.event_id],
                facts=[[place]],
                milestones=[
                    looked_up("found_event", "search_calendar_events", {"query": event.title}),
                    told("told_place", place, ["found_event"]),
                ],
                minefields=[_NO_EVENT_EDIT],
            )
        )
    return drafts


def event_attendees(view: WorldView, lang: str) -> list[Draft]:
    drafts = []
    events = [e for e in view.unique_events() if len(e.attendees) >= 2]
    for n, event in enumerate(events):
        names = list(event.attendees)
        joined = say("and", lang, 0, first=", ".join(names[:-1]), last=names[-1])
        fields = {
            "title": lower_first(event.title),
            "people": joined,
            "day": day(event.starts_at, lang),
        }
        tense = _tense(view, event.starts_at)
        drafts.append(
            Draft(
                name=f"{view.key}_event_attendees_{n:02d}",
                family="event_attendees",
                category="calendar",
                query=say(f"event_attendees.query.{tense}", lang, n, **fields),
                reasoning=f"Search the calendar for '{event.title}' and list its attendees.",
                labels=Labels("low", "low", "moderate"),
                reply=say(f"event_attendees.reply.{tense}", lang, n, **fields),
                calls=[ToolCall("search_calendar_events", {"query": event.title})],
                related=[event.event_id],
                facts=[[name] for name in names],
                milestones=[
                    looked_up("found_event", "search_calendar_events", {"query": event.title}),
                    told("told_people", names[-1], ["found_event"]),
                ],
                minefields=[_NO_EVENT_EDIT],
            )
        )
    return drafts


def next_meeting(view: WorldView, lang: str) -> list[Draft]:
    """ "When do I next see Ana?": a time-anchored reference resolved against the calendar."""
    drafts = []
    n = 0
    for person in view.people:
        if not view.unambiguous(person):
            continue
        coming = [e for e in view.coming() if person.name in e.attendees]
        if not coming:
            continue
        event = coming[0]
        fields = {
            "first": person.first,
            "title": lower_first(event.title),
            "day": day(event.starts_at, lang),
            "time": clock(event.starts_at),
        }
        drafts.append(
            Draft(
                name=f"{view.key}_next_meeting_{n:02d}",
                family="next_meeting",
                category="calendar",
                query=say("next_meeting.query", lang, n, **fields),
                reasoning=(
                    f"Upcoming events with {person.name}, earliest first: '{event.title}' "
                    f"on {event.starts_at:%A %d %B at %H:%M}."
                ),
                labels=Labels("moderate", "low", "moderate"),
                reply=say("next_meeting.reply", lang, n, **fields),
                calls=[
                    ToolCall(
                        "search_calendar_events", {"attendee": person.first, "period": "upcoming"}
                    )
                ],
                related=[person.contact_id, event.event_id],
                facts=[[date(event.starts_at, lang)], [clock(event.starts_at)]],
                milestones=[
                    looked_up(
                        "found_events",
                        "search_calendar_events",
                        {"attendee": person.first, "period": "upcoming"},
                    ),
                    told("told_time", clock(event.starts_at), ["found_events"]),
                ],
                minefields=[_NO_EVENT_EDIT],
            )
        )
        n += 1
    return drafts


def last_message(view: WorldView, lang: str) -> list[Draft]:
    """ "What did Tomás last send me on WhatsApp?": the newest message from them on a channel."""
    drafts = []
    n = 0
    for person in view.people:
        if not (person.phone and view.unambiguous(person)):
            continue
        for channel in ("whatsapp", "sms"):
            theirs = [
                (m, chat)
                for chat in view.chats
                if chat.channel == channel
                for m in chat.messages
                if m.sender == person.phone
            ]
            if not theirs:
                continue
            message, chat = max(theirs, key=lambda pair: (pair[0].sent_at, pair[0].message_id))
            tool = "search_whatsapp_messages" if channel == "whatsapp" else "search_messages"
            fields = {
                "first": person.first,
                "text": message.text,
                "day": day(message.sent_at, lang),
                "time": clock(message.sent_at),
                "app": say(f"app.{channel}", lang, 0),
            }
            drafts.append(
                Draft(
                    name=f"{view.key}_last_message_{n:02d}",
                    family="last_message",
                    category=channel,
                    query=say("last_message.query", lang, n, **fields),
                    reasoning=(
                        f"Search {channel} for {person.name}; the newest message they sent is "
                        f"{message.message_id}: '{message.text}'."
                    ),
                    labels=Labels("low", "low", "moderate"),
                    reply=say("last_message.reply", lang, n, **fields),
                    calls=[ToolCall(tool, {"person": person.first})],
                    related=[person.contact_id, chat.conversation_id, message.message_id],
                    facts=[[message.text]],
                    milestones=[
                        looked_up("found_messages", tool, {"person": person.first}),
                        told("quoted", message.text, ["found_messages"]),
                    ],
                    minefields=[_NO_SMS, _NO_WA],
                )
            )
            n += 1
    return drafts


def missed_call(view: WorldView, lang: str) -> list[Draft]:
    """ "Who was the call I missed on Tuesday evening?": a time-anchored reference."""
    drafts = []
    missed = [c for c in view.calls if c.direction == "missed"]
    for n, call in enumerate(missed):
        same_day = [c for c in missed if c.started_at.date() == call.started_at.date()]
        if len(same_day) > 1:
            continue
        person = view.person_with_number(call.number)
        who = person.name if person else call.number
        start = datetime.datetime.combine(call.started_at.date(), datetime.time())
        end = start + datetime.timedelta(days=1)
        fields = {
            "day": day(call.started_at, lang),
            "time": clock(call.started_at),
            "who": who,
            "number": call.number,
        }
        arguments = {"direction": "missed", "start": start.isoformat(), "end": end.isoformat()}
        drafts.append(
            Draft(
                name=f"{view.key}_missed_call_{n:02d}",
                family="missed_call",
                category="calls",
                query=say("missed_call.query", lang, n, **fields),
                reasoning=(
                    f"The only missed call that day is {call.call_id}, from {who} at "
                    f"{clock(call.started_at)}."
                ),
                labels=Labels("moderate", "low", "moderate"),
                reply=say("missed_call.reply", lang, n, **fields),
                calls=[ToolCall("search_phone_calls", arguments)],
                related=[call.call_id] + ([person.contact_id] if person else []),
                facts=[[who.split()[0] if person else call.number]],
                milestones=[
                    looked_up("found_call", "search_phone_calls", {"direction": "missed"}),
                    told("named_caller", who.split()[0] if person else call.number, ["found_call"]),
                ],
                minefields=[_NO_CALL],
            )
        )
    return drafts


_PARTY = re.compile(r"booking for (\d+)")


def booking_party(view: WorldView, lang: str) -> list[Draft]:
    """ "How many is my Don Julio booking on 15 May for?": the answer is in an email's text."""
    drafts = []
    n = 0
    for email in view.emails:
        found = _PARTY.search(email.body)
        if email.folder != "inbox" or not found or ": " not in email.subject:
            continue
        place = email.subject.split(": ")[0].removeprefix("Your booking at ")
        when = email.subject.split(": ")[1]
        size = found.group(1)
        fields = {"place": place, "size": size, "when": when}
        drafts.append(
            Draft(
                name=f"{view.key}_booking_party_{n:02d}",
                family="booking_party",
                category="email",
                query=say("booking_party.query", lang, n, **fields),
                reasoning=(
                    f"The confirmation {email.email_id} ('{email.subject}') says a "
                    f"booking for {size}."
                ),
                labels=Labels("low", "low", "high"),
                reply=say("booking_party.reply", lang, n, **fields),
                calls=[ToolCall("search_emails", {"query": place})],
                related=[email.email_id],
                facts=[
                    [
                        f"for {size}",
                        f"{size} people",
                        f"{size} guests",
                        f"para {size}",
                        f"für {size}",
                        f"pour {size}",
                        f"{size} personas",
                        f"{size} Personen",
                        f"{size} personnes",
                    ]
                ],
                milestones=[
                    looked_up("found_email", "search_emails", {"query": place}),
                    told("told_size", size, ["found_email"]),
                ],
                minefields=[
                    harm(
                        "sent_email",
                        "sent an email though only asked to read",
                        "added",
                        "emails",
                        {},
                    )
                ],
            )
        )
        n += 1
    return drafts


__all__ = [
    "booking_party",
    "contact_email",
    "contact_phone",
    "event_attendees",
    "event_when",
    "event_where",
    "last_message",
    "missed_call",
    "next_meeting",
    "relationship_phone",
]
