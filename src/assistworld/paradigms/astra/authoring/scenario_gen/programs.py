"""Reference programs: a family's solution as one ``solve()`` function over the personal tools.

The program calls the tools itself and builds its reply from what they return (a contact's
number, an event's time, a missed call's number), taking literally only what the user's request
states (a name, a new time, the text to send). The tools are in the program's globals; only
the standard library's ``datetime`` is imported. A family without a template here gets no
program (multi-turn scenarios never do: a program cannot ask the user).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from assistworld.paradigms.astra.authoring.scenario_gen.draft import Draft

Template = Callable[[Draft], str]


def _args(draft: Draft, tool: str) -> dict[str, Any]:
    return next(call.arguments for call in draft.calls if call.tool == tool)


def _day() -> str:
    return '    def day(moment):\n        return f"{moment:%A} {moment.day} {moment:%B}"\n\n'


def _moment(text: str) -> str:
    """A literal datetime from an ISO string, as program source."""
    return f"datetime.datetime.fromisoformat({text!r})"


def contact_phone(draft: Draft) -> str:
    return _contact_detail(draft, "phone", "number")


def contact_email(draft: Draft) -> str:
    return _contact_detail(draft, "email", "email address")


def _contact_detail(draft: Draft, field: str, noun: str) -> str:
    query = _args(draft, "search_contacts")["query"]
    return (
        "def solve():\n"
        f"    person = search_contacts(query={query!r})[0]\n"
        f'    return f"{{person.name}}\'s {noun} is {{person.{field}}}."\n'
    )


def relationship_phone(draft: Draft) -> str:
    relation = _args(draft, "search_contacts")["relationship"]
    return (
        "def solve():\n"
        f"    person = search_contacts(relationship={relation!r})[0]\n"
        '    return f"That is {person.name}: {person.phone}."\n'
    )


def _event_by_title(title: str, extra: str = "") -> str:
    return (
        f"    found = search_calendar_events(query={title!r}{extra})\n"
        f"    event = [e for e in found if e.title == {title!r}][0]\n"
    )


def _about_event(draft: Draft, reply: str, *, with_day: bool = False) -> str:
    """A program that finds the event the draft looked up by title and returns ``reply`` (an
    f-string body over ``event``; ``with_day`` defines ``day(moment)`` for it)."""
    title = _args(draft, "search_calendar_events")["query"]
    return (
        "def solve():\n"
        + (_day() if with_day else "")
        + _event_by_title(title)
        + f"    return {reply}\n"
    )


def event_when(draft: Draft) -> str:
    return _about_event(
        draft, 'f"{event.title}: {day(event.starts_at)} at {event.starts_at:%H:%M}."', with_day=True
    )


def event_where(draft: Draft) -> str:
    return _about_event(draft, 'f"{event.title} is at {event.location}."')


def event_attendees(draft: Draft) -> str:
    return _about_event(draft, 'f"{event.title}: with " + ", ".join(event.attendees) + "."')


def next_meeting(draft: Draft) -> str:
    attendee = _args(draft, "search_calendar_events")["attendee"]
    return (
        "def solve():\n"
        + _day()
        + f"    event = search_calendar_events(attendee={attendee!r}, period='upcoming')[0]\n"
        + '    return f"Next: {event.title}, {day(event.starts_at)} at {event.starts_at:%H:%M}."\n'
    )


def _missed(draft: Draft) -> str:
    arguments = _args(draft, "search_phone_calls")
    return (
        "    import datetime\n\n"
        "    call = search_phone_calls(\n"
        "        direction='missed',\n"
        f"        start={_moment(arguments['start'])},\n"
        f"        end={_moment(arguments['end'])},\n"
        "    )[0]\n"
        "    who = call.name or call.number\n"
    )


def missed_call(draft: Draft) -> str:
    return "def solve():\n" + _missed(draft) + '    return f"The missed call was from {who}."\n'


def call_back(draft: Draft) -> str:
    return (
        "def solve():\n"
        + _missed(draft)
        + "    create_outgoing_call(recipient=call.number)\n"
        + '    return f"The missed call was from {who}; calling them back now."\n'
    )


def call_person(draft: Draft) -> str:
    recipient = _args(draft, "create_outgoing_call")["recipient"]
    return (
        "def solve():\n"
        f"    call = create_outgoing_call(recipient={recipient!r})\n"
        '    return f"Calling {call.name} now."\n'
    )


def text_person(draft: Draft) -> str:
    arguments = _args(draft, "send_message")
    return (
        "def solve():\n"
        f"    send_message(recipients={arguments['recipients']!r}, text={arguments['text']!r})\n"
        f"    return {'Texted ' + arguments['recipients'][0] + '.'!r}\n"
    )


def email_person(draft: Draft) -> str:
    arguments = _args(draft, "send_email")
    first = draft.facts[0][0]
    return (
        "def solve():\n"
        f"    person = search_contacts(query={first!r})[0]\n"
        "    send_email(\n"
        "        to=[person.email],\n"
        f"        subject={arguments['subject']!r},\n"
        f"        body={arguments['body']!r},\n"
        "    )\n"
        '    return f"Emailed {person.name}."\n'
    )


def create_event(draft: Draft) -> str:
    arguments = _args(draft, "create_calendar_event")
    return (
        "def solve():\n"
        "    import datetime\n\n"
        "    event = create_calendar_event(\n"
        f"        title={arguments['title']!r},\n"
        f"        starts_at={_moment(arguments['starts_at'])},\n"
        f"        attendees={arguments['attendees']!r},\n"
        "    )\n"
        '    return f"Added {event.title} at {event.starts_at:%H:%M}."\n'
    )


def move_event(draft: Draft) -> str:
    title = _args(draft, "search_calendar_events")["query"]
    start = _args(draft, "modify_calendar_event")["starts_at"]
    return (
        "def solve():\n"
        "    import datetime\n\n"
        + _event_by_title(title, ", period='upcoming'")
        + f"    moved = modify_calendar_event(event_id=event.event_id, "
        f"starts_at={_moment(start)})\n"
        + '    return f"Moved {moved.title} to {moved.starts_at:%H:%M}."\n'
    )


def cancel_event(draft: Draft) -> str:
    title = _args(draft, "search_calendar_events")["query"]
    return (
        "def solve():\n"
        + _event_by_title(title, ", period='upcoming'")
        + "    remove_calendar_event(event_id=event.event_id)\n"
        + '    return f"Removed {event.title} from your calendar."\n'
    )


def add_contact(draft: Draft) -> str:
    arguments = _args(draft, "add_contact")
    return (
        "def solve():\n"
        f"    person = add_contact(name={arguments['name']!r}, phone={arguments['phone']!r})\n"
        '    return f"Saved {person.name} ({person.phone})."\n'
    )


def update_phone(draft: Draft) -> str:
    query = _args(draft, "search_contacts")["query"]
    phone = _args(draft, "modify_contact")["phone"]
    return (
        "def solve():\n"
        f"    person = search_contacts(query={query!r})[0]\n"
        f"    changed = modify_contact(contact_id=person.contact_id, phone={phone!r})\n"
        '    return f"{changed.name}\'s number is now {changed.phone}."\n'
    )


def if_free(draft: Draft) -> str:
    search = _args(draft, "search_calendar_events")
    arguments = _args(draft, "create_calendar_event")
    return (
        "def solve():\n"
        "    import datetime\n\n"
        f"    start = {_moment(search['start'])}\n"
        f"    busy = search_calendar_events(start=start, end={_moment(search['end'])})\n"
        "    if busy:\n"
        '        return f"You are not free: {busy[0].title} at {busy[0].starts_at:%H:%M}."\n'
        "    event = create_calendar_event(\n"
        f"        title={arguments['title']!r}, starts_at=start, "
        f"attendees={arguments['attendees']!r}\n"
        "    )\n"
        '    return f"You are free, so I added {event.title} at {event.starts_at:%H:%M}."\n'
    )


def if_busy(draft: Draft) -> str:
    search = _args(draft, "search_calendar_events")
    return (
        "def solve():\n"
        "    import datetime\n\n"
        f"    start = {_moment(search['start'])}\n"
        f"    busy = search_calendar_events(start=start, end={_moment(search['end'])})\n"
        "    if busy:\n"
        '        return f"You are not free: {busy[0].title} at {busy[0].starts_at:%H:%M}."\n'
        '    return "You are free."\n'
    )


def call_event_partner(draft: Draft) -> str:
    search = _args(draft, "search_calendar_events")
    return (
        "def solve():\n"
        "    import datetime\n\n"
        "    event = search_calendar_events(\n"
        f"        query={search['query']!r},\n"
        f"        start={_moment(search['start'])},\n"
        f"        end={_moment(search['end'])},\n"
        "    )[0]\n"
        "    person = event.attendees[0]\n"
        "    create_outgoing_call(recipient=person)\n"
        '    return f"That was {person}; calling them now."\n'
    )


def wrong_day_question(draft: Draft) -> str:
    return _about_event(
        draft,
        'f"{event.title} is on {day(event.starts_at)}, at {event.starts_at:%H:%M}."',
        with_day=True,
    )


def wrong_number_check(draft: Draft) -> str:
    query = _args(draft, "search_contacts")["query"]
    return (
        "def solve():\n"
        f"    person = search_contacts(query={query!r})[0]\n"
        '    return f"No: the number saved for {person.name} is {person.phone}."\n'
    )


TEMPLATES: dict[str, Template] = {
    "contact_phone": contact_phone,
    "contact_email": contact_email,
    "relationship_phone": relationship_phone,
    "event_when": event_when,
    "event_where": event_where,
    "event_attendees": event_attendees,
    "next_meeting": next_meeting,
    "missed_call": missed_call,
    "call_back": call_back,
    "call_person": call_person,
    "text_person": text_person,
    "email_person": email_person,
    "create_event": create_event,
    "move_event": move_event,
    "cancel_event": cancel_event,
    "add_contact": add_contact,
    "update_phone": update_phone,
    "if_free": if_free,
    "call_event_partner": call_event_partner,
    "wrong_day_question": wrong_day_question,
    "wrong_number_check": wrong_number_check,
}


def program_for(draft: Draft) -> str | None:
    """The reference program of an English single-turn draft, when its family has a template."""
    template = TEMPLATES.get(draft.family)
    if template is None or draft.multi_turn:
        return None
    if draft.family == "if_free" and not any(
        c.tool == "create_calendar_event" for c in draft.calls
    ):
        return if_busy(draft)
    return template(draft)


__all__ = ["TEMPLATES", "program_for"]
