"""Assistant, go through my meetings tomorrow and, for any that don't have a room yet, book a free one big enough for everyone, me included."""  # noqa: E501

QUERY_ID = "room_010_rooms_for_tomorrows_meetings"
CATEGORY = "room-booking"
TAGS = ["find_events", "search_conference_room", "update-event", "capacity", "loop"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def rooms_for_tomorrows_meetings():
    """Give each of tomorrow's roomless meetings a free room seating its attendees and the user."""
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    meetings = [e for e in find_events() if e.starts_at.date() == tomorrow and not e.location]
    for meeting in meetings:
        seats = len(meeting.attendees or []) + 1
        window = TimeInterval(meeting.starts_at, meeting.ends_at)
        for availability in search_conference_room([window], capacity=seats):
            if any(
                s.start <= window.start and window.end <= s.end for s in availability.free_slots
            ):
                meeting.location = availability.room.room_name
                add_event(meeting)
                break
        else:
            raise RequiresUserInput(
                f"No free room seats {seats} for the meeting at {meeting.starts_at}."
            )


def setup_env_rooms_for_tomorrows_meetings():
    """Tomorrow has two meetings without a room, for 3 and 6 people with the user.

    Only Rattan suits the first and only Mahogany the second.
    """
    simulate_org_structure(
        default_employee_names=["Ana", "Bruno", "Chloé", "Dariusz", "Esi", "Fumiko", "Gideon"]
    )
    # setup guideline #4
    ana, bruno, chloe, dariusz, esi = (
        find_employee(name)[0] for name in ("Ana", "Bruno", "Chloé", "Dariusz", "Esi")
    )
    # setup guideline #1
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    thursday = get_next_dow("Thursday")

    def at(day, hour, minute):
        return datetime.datetime.combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Bug bash",
                attendees=[ana, bruno],
                starts_at=at(tomorrow, 9, 30),
                ends_at=at(tomorrow, 10, 0),
            ),
            Event(
                subject="Quarterly planning",
                attendees=[ana, bruno, chloe, dariusz, esi],
                starts_at=at(tomorrow, 11, 0),
                ends_at=at(tomorrow, 12, 0),
            ),
            Event(
                subject="Mentoring",
                attendees=[esi],
                starts_at=at(tomorrow, 13, 0),
                ends_at=at(tomorrow, 13, 30),
                location="Teak",
            ),
            Event(
                subject="Follow-up",
                attendees=[chloe],
                starts_at=at(thursday, 10, 0),
                ends_at=at(thursday, 10, 30),
            ),
        ]
    )

    def booked(*spans):
        return {tomorrow: [TimeInterval(at(tomorrow, *a), at(tomorrow, *b)) for a, b in spans]}

    simulate_conference_room("Cabin", 2)
    simulate_conference_room("Teak", 4, booked(((9, 6), (10, 0)), ((13, 0), (13, 30))))
    simulate_conference_room("Bamboo", 4, booked(((9, 0), (9, 45))))
    simulate_conference_room("Cedar", 8, booked(((9, 6), (10, 0)), ((11, 30), (12, 0))))
    simulate_conference_room("Rattan", 3)
    simulate_conference_room("Mahogany", 10, booked(((9, 15), (9, 45))))


def evaluate_rooms_for_tomorrows_meetings(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Bug bash in Rattan, planning in Mahogany; only their locations changed."""
    setup_function()
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    by_start = {e.starts_at: e for e in find_events() if e.starts_at.date() == tomorrow}
    bug_bash = by_start[datetime.datetime.combine(tomorrow, datetime.time(9, 30))]
    planning = by_start[datetime.datetime.combine(tomorrow, datetime.time(11, 0))]
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    changed = {c.key: c for c in changes.in_table("user_calendar", "changed")}
    removed = {c.key for c in changes.in_table("user_calendar", "removed")}
    added = added_user_events(changes)
    # updating in place, or deleting and re-creating, are both fine; nothing else may change
    if len(changes) != 2 + len(removed) or len(added) != len(removed):
        raise SolutionError("Incorrect solution")
    for original, room in ((bug_bash, "rattan"), (planning, "mahogany")):
        if original.event_id in changed:
            updated = Event.model_validate(changed[original.event_id].after)
        elif original.event_id in removed:
            copies = [e for e in added if e.starts_at == original.starts_at]
            if len(copies) != 1:
                raise SolutionError("Incorrect solution")
            updated = copies[0]
        else:
            raise SolutionError("Incorrect solution")
        if (updated.location or "").strip().casefold() != room:
            raise SolutionError("Incorrect solution")
        # everything but the location is as it was
        same = updated.model_copy(
            update={"event_id": original.event_id, "location": original.location}
        )
        if same != original:
            raise SolutionError("Incorrect solution")
