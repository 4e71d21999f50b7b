"""Assistant, my meeting with Dalia and Emeka tomorrow at 2 doesn't have a room yet. Find one that's free for the whole meeting and seats the three of us, and add it to the invite."""  # noqa: E501

QUERY_ID = "room_005_room_for_existing_meeting"
CATEGORY = "room-booking"
TAGS = ["find_events", "search_conference_room", "update-event", "capacity"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def add_room_to_meeting_with_dalia_and_emeka():
    """Put a free room seating three into tomorrow's 2 PM meeting with Dalia and Emeka."""
    # by structure guideline #1
    dalia = find_employee("Dalia")[0]
    emeka = find_employee("Emeka")[0]
    starts_at = combine(parse_date_string(DateExpressions.Tomorrow), time_by_hm(2, 0, "pm"))
    meetings = [
        e
        for e in find_events()
        if e.starts_at == starts_at
        and dalia in (e.attendees or [])
        and emeka in (e.attendees or [])
    ]
    if not meetings:
        raise RequiresUserInput("No meeting with Dalia and Emeka found tomorrow at 2 PM.")
    if len(meetings) > 1:
        raise RequiresUserInput(
            f"{len(meetings)} meetings with Dalia and Emeka start tomorrow at 2 PM."
        )
    meeting = meetings[0]
    # everyone invited plus the user
    seats = len(meeting.attendees) + 1
    window = TimeInterval(meeting.starts_at, meeting.ends_at)
    for availability in search_conference_room([window], capacity=seats):
        if any(s.start <= window.start and window.end <= s.end for s in availability.free_slots):
            meeting.location = availability.room.room_name
            add_event(meeting)
            return
    raise RequiresUserInput(f"No room for {seats} people is free for the whole meeting.")


def setup_env_add_room_to_meeting_with_dalia_and_emeka():
    """The meeting runs 14:00-15:15 tomorrow; only Iris (3 seats) is free for all of it."""
    simulate_org_structure(default_employee_names=["Dalia", "Emeka", "Ximena", "Youssef", "Zhu"])
    # setup guideline #4
    dalia = find_employee("Dalia")[0]
    emeka = find_employee("Emeka")[0]
    ximena = find_employee("Ximena")[0]
    # setup guideline #1
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    friday = get_next_dow("Friday")

    def at(day, hour, minute):
        return datetime.datetime.combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Partner pitch",
                attendees=[dalia],
                starts_at=at(tomorrow, 10, 0),
                ends_at=at(tomorrow, 11, 0),
            ),
            Event(
                subject="Pricing workshop",
                attendees=[dalia, emeka],
                starts_at=at(tomorrow, 14, 0),
                ends_at=at(tomorrow, 15, 15),
            ),
            Event(
                subject="Pricing follow-up",
                attendees=[dalia, emeka],
                starts_at=at(friday, 14, 0),
                ends_at=at(friday, 15, 0),
            ),
            Event(
                subject="Recruiting",
                attendees=[ximena],
                starts_at=at(tomorrow, 16, 0),
                ends_at=at(tomorrow, 16, 30),
                location="Lotus",
            ),
        ]
    )
    simulate_conference_room("Orchid", 2)
    simulate_conference_room(
        "Lotus", 4, {tomorrow: [TimeInterval(at(tomorrow, 15, 0), at(tomorrow, 15, 30))]}
    )
    simulate_conference_room(
        "Iris",
        3,
        {
            tomorrow: [
                TimeInterval(at(tomorrow, 13, 0), at(tomorrow, 14, 0)),
                TimeInterval(at(tomorrow, 15, 15), at(tomorrow, 16, 0)),
            ]
        },
    )
    simulate_conference_room(
        "Peony", 10, {tomorrow: [TimeInterval(at(tomorrow, 13, 45), at(tomorrow, 14, 5))]}
    )


def evaluate_add_room_to_meeting_with_dalia_and_emeka(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Only the 2 PM meeting changed, and only its location, which is now Iris."""
    setup_function()
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    start = datetime.datetime.combine(tomorrow, datetime.time(14, 0))
    target = next(e for e in find_events() if e.starts_at == start)
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    changed = {c.key: c for c in changes.in_table("user_calendar", "changed")}
    removed = {c.key for c in changes.in_table("user_calendar", "removed")}
    added = added_user_events(changes)
    # updating in place, or deleting and re-creating, are both fine; nothing else may change
    if len(changes) != 1 + len(removed) or len(added) != len(removed):
        raise SolutionError("Incorrect solution")
    for original, room in ((target, "iris"),):
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
