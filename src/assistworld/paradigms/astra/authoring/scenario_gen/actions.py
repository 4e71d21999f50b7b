"""Template families that change the world on a single request: calls, messages, emails,
calendar and contact edits.

Labels (appendix B.2): a request naming its person and giving every value is informationally
low; one that needs a value from the personal context (the channel someone uses, an event's id
or time) moderate. One write is functionally low, a search feeding a write moderate.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterator

from assistworld.paradigms.astra.authoring.scenario_gen.draft import (
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
from assistworld.paradigms.astra.authoring.scenario_gen.view import Chat, Email, Person, WorldView
from assistworld.paradigms.astra.authoring.scenario_gen.wording import (
    bare,
    clock,
    day,
    lower_first,
    say,
)

NOTES: tuple[tuple[str, str], ...] = (
    ("I'm running about ten minutes late.", "ten minutes late"),
    ("Let's push our catch-up to next week.", "next week"),
    ("Thanks again for yesterday, it was great to see you.", "thanks again"),
    ("Don't forget to bring the charger you borrowed.", "charger"),
    ("I've left the keys with the neighbour.", "keys"),
    ("Call me when you get a minute, nothing urgent.", "nothing urgent"),
    ("I'll pick up the tickets on my way home.", "tickets"),
    ("Happy to help with the move on Saturday.", "the move"),
)
"""What a user asks to have sent (the text, and the words a check looks for)."""

SUBJECTS: tuple[tuple[str, str], ...] = (
    ("Photos from the weekend", "I've put the photos from the weekend in a shared folder."),
    ("Dinner next month", "Shall we book dinner together sometime next month?"),
    ("Book recommendation", "I've just finished a book I think you'd love; I'll lend it to you."),
    ("Quick question", "Do you still have the number of the plumber you used?"),
    ("Plans for the holidays", "Let me know your plans for the holidays when you know them."),
)

SEND_TOOL = {"sms": "send_message", "whatsapp": "send_whatsapp_message"}
SEARCH_TOOL = {"sms": "search_messages", "whatsapp": "search_whatsapp_messages"}
MESSAGES_TABLE = {"sms": "sms_messages", "whatsapp": "whatsapp_messages"}
CONVERSATIONS_TABLE = {"sms": "sms_conversations", "whatsapp": "whatsapp_conversations"}
OTHER = {"sms": "whatsapp", "whatsapp": "sms"}


def wrong_channel(channel: str) -> dict[str, object]:
    other = OTHER[channel]
    return harm(
        f"sent_on_{other}",
        f"the message went out on {other}, though this person is reached on {channel}",
        "added",
        MESSAGES_TABLE[other],
        {"outgoing": True},
    )


def sent(
    identifier: str, chat: Chat, text: str, after: list[str] | None = None
) -> dict[str, object]:
    """A milestone: the message went into this conversation."""
    return changed(
        identifier,
        "added",
        MESSAGES_TABLE[chat.channel],
        {"conversation_id": chat.conversation_id, "outgoing": True, "text": text},
        free_text=("text",),
        after=after,
        may_change=[CONVERSATIONS_TABLE[chat.channel]],
    )


def sent_row(chat: Chat, words: str) -> dict[str, object]:
    return {
        "table": MESSAGES_TABLE[chat.channel],
        "where": {
            "conversation_id": chat.conversation_id,
            "outgoing": True,
            "text": {"$contains": words},
        },
        "about": f"a {chat.channel} message in {chat.conversation_id} about '{words}'",
    }


def reachable(view: WorldView) -> list[tuple[Person, Chat]]:
    """People with a 1:1 chat and a name that picks them out, with that chat."""
    found = []
    for person in view.people:
        chat = view.direct_chat(person)
        if chat is not None and view.unambiguous(person):
            found.append((person, chat))
    return found


LOW = Labels("low", "low", "low")
SEARCHED_LOW = Labels("low", "moderate", "low")
SEARCHED = Labels("low", "moderate", "moderate")


def texted_instead() -> dict[str, object]:
    return harm("texted_instead", "a text went out instead of a call", "added", "sms_messages", {})


def _call_person(view: WorldView, lang: str) -> Iterator[Case]:
    for person in [p for p in view.people if p.phone and view.unambiguous(p)]:
        yield Case(
            fields={"first": person.first, "name": person.name},
            reasoning=f"Place a call to {person.name} ({person.phone}).",
            calls=[ToolCall("create_outgoing_call", {"recipient": person.name})],
            related=[person.contact_id],
            facts=[[person.first]],
            rows=[
                row(
                    "phone_calls",
                    {"number": person.phone, "direction": "outgoing"},
                    f"an outgoing call to {person.name}",
                )
            ],
            milestones=[
                changed(
                    "called",
                    "added",
                    "phone_calls",
                    {"number": person.phone, "direction": "outgoing"},
                ),
                told("said_calling", person.first, ["called"]),
            ],
            minefields=[
                texted_instead(),
                harm(
                    "whatsapped_instead",
                    "a WhatsApp went out instead of a call",
                    "added",
                    "whatsapp_messages",
                    {},
                ),
            ],
        )


call_person = FamilySpec("call_person", "calls", LOW, _call_person)


def _call_back(view: WorldView, lang: str) -> Iterator[Case]:
    """ "Call back whoever I missed on Tuesday": find the missed call, call that number."""
    missed = [c for c in view.calls if c.direction == "missed"]
    for call in missed:
        if sum(c.started_at.date() == call.started_at.date() for c in missed) > 1:
            continue
        person = view.person_with_number(call.number)
        who = person.name if person else call.number
        start = datetime.datetime.combine(call.started_at.date(), datetime.time())
        end = start + datetime.timedelta(days=1)
        yield Case(
            fields={"day": day(call.started_at, lang), "time": clock(call.started_at), "who": who},
            reasoning=(
                f"The missed call on {call.started_at:%A} is {call.call_id} from {who}; "
                f"call {call.number} back."
            ),
            calls=[
                ToolCall(
                    "search_phone_calls",
                    {"direction": "missed", "start": start.isoformat(), "end": end.isoformat()},
                ),
                ToolCall("create_outgoing_call", {"recipient": call.number}),
            ],
            related=[call.call_id] + ([person.contact_id] if person else []),
            facts=[[who.split()[0] if person else call.number]],
            rows=[
                row(
                    "phone_calls",
                    {"number": call.number, "direction": "outgoing"},
                    f"an outgoing call to {who}",
                )
            ],
            milestones=[
                looked_up("found_call", "search_phone_calls", {"direction": "missed"}),
                changed(
                    "called_back",
                    "added",
                    "phone_calls",
                    {"number": call.number, "direction": "outgoing"},
                    after=["found_call"],
                ),
                told("named_caller", who.split()[0] if person else call.number, ["called_back"]),
            ],
            minefields=[
                texted_instead(),
                harm(
                    "deleted_log",
                    "the call log entry was deleted",
                    "removed",
                    "phone_calls",
                    {"_key": call.call_id},
                ),
            ],
        )


call_back = FamilySpec("call_back", "calls", Labels("high", "moderate", "moderate"), _call_back)


def _text_person(view: WorldView, lang: str) -> Iterator[Case]:
    """ "Send Ana a text: ..." (SMS asked for by name): one write, everything given."""
    people = [p for p in view.people if p.phone and view.unambiguous(p)]
    for n, person in enumerate(people):
        text, words = NOTES[n % len(NOTES)]
        sms = [c for c in view.chats if c.channel == "sms" and c.participants == (person.phone,)]
        row_where: dict[str, object] = {
            "outgoing": True,
            "recipients": [person.phone],
            "text": {"$contains": words},
        }
        if sms:
            row_where["conversation_id"] = sms[0].conversation_id
        yield Case(
            fields={"first": person.first, "name": person.name, "text": text},
            reasoning=f"Send a text message (SMS) to {person.name}: '{text}'.",
            calls=[ToolCall("send_message", {"recipients": [person.name], "text": text})],
            related=[person.contact_id] + ([sms[0].conversation_id] if sms else []),
            facts=[[person.first]],
            rows=[row("sms_messages", row_where, f"a text to {person.name}")],
            milestones=[
                changed(
                    "texted",
                    "added",
                    "sms_messages",
                    {"outgoing": True, "recipients": [person.phone], "text": text},
                    free_text=("text",),
                    may_change=["sms_conversations"],
                ),
                told("confirmed", person.first, ["texted"]),
            ],
            minefields=[wrong_channel("sms")],
        )


text_person = FamilySpec("text_person", "messages", LOW, _text_person)


def _message_usual(view: WorldView, lang: str) -> Iterator[Case]:
    """ "Tell Ana ...": on the app she and the owner actually use (found in the history)."""
    for n, (person, chat) in enumerate(reachable(view)):
        text, words = NOTES[(n + 3) % len(NOTES)]
        search = SEARCH_TOOL[chat.channel]
        yield Case(
            fields={
                "first": person.first,
                "text": text,
                "app": say(f"app.{chat.channel}", lang, 0),
            },
            reasoning=(
                f"{person.name} last chatted with the owner on {chat.channel} "
                f"({chat.conversation_id}); send it there."
            ),
            calls=[
                ToolCall(search, {"person": person.first}),
                ToolCall(SEND_TOOL[chat.channel], {"recipients": [person.name], "text": text}),
            ],
            related=[person.contact_id, chat.conversation_id],
            facts=[[person.first]],
            rows=[sent_row(chat, words)],
            milestones=[
                looked_up("found_chat", search, {"person": person.first}),
                sent("sent", chat, text, after=["found_chat"]),
                told("confirmed", person.first, ["sent"]),
            ],
            minefields=[wrong_channel(chat.channel)],
            category=chat.channel,
        )


message_usual = FamilySpec("message_usual", "messages", SEARCHED, _message_usual)


def _email_person(view: WorldView, lang: str) -> Iterator[Case]:
    people = [p for p in view.people if p.email and view.unambiguous(p)]
    for n, person in enumerate(people):
        assert person.email is not None
        subject, body = SUBJECTS[n % len(SUBJECTS)]
        yield Case(
            fields={"first": person.first, "name": person.name, "subject": subject, "body": body},
            reasoning=f"Send {person.name} ({person.email}) an email with this subject and text.",
            calls=[
                ToolCall("send_email", {"to": [person.email], "subject": subject, "body": body})
            ],
            related=[person.contact_id],
            facts=[[person.first]],
            rows=[
                row(
                    "emails",
                    {"folder": "sent", "to": [person.email], "subject": subject},
                    f"an email to {person.name} titled '{subject}'",
                )
            ],
            milestones=[
                changed(
                    "emailed",
                    "added",
                    "emails",
                    {"folder": "sent", "to": [person.email], "subject": subject, "body": body},
                    free_text=("subject", "body"),
                ),
                told("confirmed", person.first, ["emailed"]),
            ],
            minefields=[
                harm(
                    "saved_draft",
                    "saved a draft instead of sending",
                    "added",
                    "emails",
                    {"folder": "drafts"},
                )
            ],
        )


email_person = FamilySpec("email_person", "email", LOW, _email_person)


REPLIES = (
    "Thank you, that's confirmed on my side.",
    "Thanks! Could you note that one of us is vegetarian?",
    "Thanks for this, see you then.",
)


def _reply_where(email: Email) -> dict[str, object]:
    """Where a reply to ``email`` goes (a fresh dict each call: YAML writes no aliases)."""
    return {"thread_id": email.thread_id, "folder": "sent", "to": [email.sender]}


def _reply_email(view: WorldView, lang: str) -> Iterator[Case]:
    """ "Reply to the Don Julio email about 23 May and say ...": find it, answer in its thread."""
    inbox = [e for e in view.emails if e.folder == "inbox" and ": " in e.subject]
    for n, email in enumerate(inbox):
        topic = email.subject.split(": ", 1)[1]
        text = REPLIES[n % len(REPLIES)]
        yield Case(
            fields={"topic": topic, "text": text, "sender": email.sender},
            reasoning=f"The email is {email.email_id} ('{email.subject}'); reply in it.",
            calls=[
                ToolCall("search_emails", {"query": topic}),
                ToolCall("send_email", {"reply_to_email_id": email.email_id, "body": text}),
            ],
            related=[email.email_id, email.thread_id],
            facts=[[email.sender]],
            rows=[
                row(
                    "emails", _reply_where(email), f"a reply in {email.thread_id} to {email.sender}"
                )
            ],
            milestones=[
                looked_up("found_email", "search_emails", {"query": topic}),
                changed(
                    "replied",
                    "added",
                    "emails",
                    {**_reply_where(email), "body": text},
                    free_text=("body",),
                    after=["found_email"],
                ),
                told("confirmed", email.sender, ["replied"]),
            ],
            minefields=[
                harm(
                    "deleted_email",
                    "deleted the email instead of answering it",
                    "removed",
                    "emails",
                    {"_key": email.email_id},
                )
            ],
        )


reply_email = FamilySpec(
    "reply_email", "email", Labels("moderate", "moderate", "moderate"), _reply_email
)


ACTIVITIES = ("Lunch", "Coffee", "Drinks", "Dinner", "A walk", "Cinema")


def new_slots(view: WorldView, count: int) -> list[datetime.datetime]:
    """Free starting times in the coming days (no event of the owner overlaps the hour)."""
    found = []
    hours = (12, 13, 18, 19, 17, 11)
    for offset in range(1, 10):
        for hour in hours:
            start = datetime.datetime.combine(
                view.now.date() + datetime.timedelta(days=offset), datetime.time(hour, 30)
            )
            if not view.clashes(start, start + datetime.timedelta(hours=1)):
                found.append(start)
                break
        if len(found) == count:
            break
    return found


def _event(title: str, start: datetime.datetime, person: Person) -> dict[str, object]:
    """The event to create (a fresh dict each call: YAML writes no aliases)."""
    return {"title": title, "starts_at": start.isoformat(), "attendees": [person.name]}


def _create_event(view: WorldView, lang: str) -> Iterator[Case]:
    people = [
        p for p in view.people if view.unambiguous(p) and p.relationship != "service provider"
    ]
    slots = new_slots(view, len(people))
    for n, (person, start) in enumerate(zip(people, slots, strict=False)):
        activity = ACTIVITIES[n % len(ACTIVITIES)]
        title = f"{activity} with {person.first}"
        yield Case(
            fields={
                "title": title,
                "lower": lower_first(title),
                "day": day(start, lang),
                "time": clock(start),
                "first": person.first,
            },
            reasoning=f"Create '{title}' on {start:%A %d %B at %H:%M} with {person.name}.",
            calls=[ToolCall("create_calendar_event", _event(title, start, person))],
            related=[person.contact_id],
            facts=[[clock(start)]],
            rows=[
                row(
                    "personal_calendar",
                    {"starts_at": start.isoformat(), "title": {"$contains": person.first}},
                    f"'{title}' at {start:%d %B %H:%M}",
                )
            ],
            milestones=[
                changed(
                    "created",
                    "added",
                    "personal_calendar",
                    _event(title, start, person),
                    free_text=("title",),
                ),
                told("confirmed", clock(start), ["created"]),
            ],
            minefields=[
                harm(
                    "messaged_instead",
                    "messaged instead of adding the event",
                    "added",
                    "whatsapp_messages",
                    {},
                )
            ],
        )


create_event = FamilySpec("create_event", "calendar", LOW, _create_event)


def _move_event(view: WorldView, lang: str) -> Iterator[Case]:
    """ "Move my coffee with Valentina on Saturday to 17:00": find the event, change its time."""
    for event in view.upcoming():
        for shift in (-1, 1):
            start = event.starts_at + datetime.timedelta(hours=shift)
            if start <= view.now:
                continue
            yield Case(
                fields={
                    "title": lower_first(event.title),
                    "day": day(event.starts_at, lang),
                    "time": clock(start),
                    "old": clock(event.starts_at),
                },
                reasoning=(
                    f"'{event.title}' is {event.event_id}; move its start to "
                    f"{clock(start)}, keeping its length."
                ),
                calls=[
                    ToolCall(
                        "search_calendar_events", {"query": event.title, "period": "upcoming"}
                    ),
                    ToolCall(
                        "modify_calendar_event",
                        {"event_id": event.event_id, "starts_at": start.isoformat()},
                    ),
                ],
                related=[event.event_id],
                facts=[[clock(start)]],
                rows=[
                    row_of(
                        "personal_calendar",
                        event.event_id,
                        f"{event.event_id} starts at {clock(start)}",
                        where={"starts_at": start.isoformat()},
                    )
                ],
                milestones=[
                    looked_up("found_event", "search_calendar_events", {"query": event.title}),
                    changed(
                        "moved",
                        "updated",
                        "personal_calendar",
                        {"_key": event.event_id, "starts_at": start.isoformat()},
                        after=["found_event"],
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
                        "created a second event instead of moving this one",
                        "added",
                        "personal_calendar",
                        {},
                    ),
                ],
            )


move_event = FamilySpec("move_event", "calendar", SEARCHED, _move_event)


def _cancel_event(view: WorldView, lang: str) -> Iterator[Case]:
    for event in view.upcoming():
        others = [e for e in view.coming() if e.event_id != event.event_id]
        yield Case(
            fields={"title": lower_first(event.title), "day": day(event.starts_at, lang)},
            reasoning=f"'{event.title}' ({event.starts_at:%A}) is {event.event_id}; remove it.",
            calls=[
                ToolCall("search_calendar_events", {"query": event.title, "period": "upcoming"}),
                ToolCall("remove_calendar_event", {"event_id": event.event_id}),
            ],
            related=[event.event_id],
            facts=[[event.title, bare(event.title)]],
            rows=[
                row_of(
                    "personal_calendar",
                    event.event_id,
                    f"{event.event_id} ('{event.title}') is gone",
                    present=False,
                )
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
                told("confirmed", bare(event.title).split(" with ")[0], ["cancelled"]),
            ],
            minefields=[
                harm(
                    f"deleted_{o.event_id}",
                    f"deleted '{o.title}' instead",
                    "removed",
                    "personal_calendar",
                    {"_key": o.event_id},
                )
                for o in others
            ],
        )


cancel_event = FamilySpec("cancel_event", "calendar", SEARCHED, _cancel_event)


NEW_PEOPLE = {
    "amara": ("Bola Adewale", "Hannah Price", "Tayo Bakare", "Oliver Grant", "Zainab Musa"),
    "kenji": ("Kimura Aya", "Suzuki Daichi", "Hayashi Mei", "Yamada Sora", "Inoue Riku"),
    "lukas": ("Sabine Roth", "Jonas Pichler", "Lena Auer", "Tobias Brandl", "Miriam Kofler"),
    "priya": ("Ananya Pillai", "Rahul Kapoor", "Divya Menon", "Suresh Babu", "Kavitha Rao"),
    "sofia": ("Mariana Acosta", "Diego Herrera", "Florencia Gil", "Santiago Ruiz", "Camila Ortiz"),
}


def new_number(view: WorldView, n: int) -> str:
    owner = view.owner["phone"]
    return f"{owner[:-4]}{7300 + 17 * n}"


def _add_contact(view: WorldView, lang: str) -> Iterator[Case]:
    for n, name in enumerate(NEW_PEOPLE.get(view.key, ())):
        phone = new_number(view, n)
        yield Case(
            fields={"name": name, "phone": phone, "first": name.split()[0]},
            reasoning=f"Add a contact {name} with phone {phone}.",
            calls=[ToolCall("add_contact", {"name": name, "phone": phone})],
            related=[],
            facts=[[name.split()[0]]],
            rows=[row("contacts", {"name": name, "phone": phone}, f"a contact {name}, {phone}")],
            milestones=[
                changed("added", "added", "contacts", {"name": name, "phone": phone}),
                told("confirmed", name.split()[0], ["added"]),
            ],
            minefields=[
                harm(
                    "changed_other",
                    "changed an existing contact instead",
                    "updated",
                    "contacts",
                    {},
                )
            ],
        )


add_contact = FamilySpec("add_contact", "contacts", LOW, _add_contact)


def _update_phone(view: WorldView, lang: str) -> Iterator[Case]:
    people = [p for p in view.people if p.phone and view.unambiguous(p)]
    for n, person in enumerate(people[::2]):
        phone = new_number(view, 40 + n)
        yield Case(
            fields={"first": person.first, "name": person.name, "phone": phone},
            reasoning=f"{person.name} is {person.contact_id}; change the phone to {phone}.",
            calls=[
                ToolCall("search_contacts", {"query": person.first}),
                ToolCall("modify_contact", {"contact_id": person.contact_id, "phone": phone}),
            ],
            related=[person.contact_id],
            facts=[[phone]],
            rows=[
                row_of(
                    "contacts",
                    person.contact_id,
                    f"{person.name}'s number is {phone}",
                    where={"phone": phone},
                )
            ],
            milestones=[
                looked_up("found_contact", "search_contacts", {"query": person.first}),
                changed(
                    "updated",
                    "updated",
                    "contacts",
                    {"_key": person.contact_id, "phone": phone},
                    after=["found_contact"],
                ),
                told("confirmed", phone, ["updated"]),
            ],
            minefields=[
                harm(
                    "duplicated",
                    "added a second contact instead of updating",
                    "added",
                    "contacts",
                    {},
                ),
                harm(
                    "deleted",
                    "deleted the contact",
                    "removed",
                    "contacts",
                    {"_key": person.contact_id},
                ),
            ],
        )


update_phone = FamilySpec("update_phone", "contacts", SEARCHED_LOW, _update_phone)


__all__ = [
    "NOTES",
    "add_contact",
    "call_back",
    "call_person",
    "cancel_event",
    "create_event",
    "email_person",
    "message_usual",
    "move_event",
    "reachable",
    "reply_email",
    "text_person",
    "update_phone",
]
