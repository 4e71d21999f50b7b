"""Assistant, book the Everest room for my one-on-one with Hana tomorrow at 3 PM."""

QUERY_ID = "room_013_everest_for_hana_one_on_one"
CATEGORY = "room-booking"
TAGS = [
    "search_conference_room",
    "update-event",
    "RequiresUserInput",
    "contrast-set",
    "unknown-room",
]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def everest_for_hana_one_on_one():
    """Put Everest in tomorrow's 3 PM one-on-one with Hana, if that room exists and is free."""
    hana = find_employee("Hana")[0]  # by structure guideline #1
    start = combine(parse_date_string(DateExpressions.Tomorrow), time_by_hm(3, 0, "pm"))
    meetings = [e for e in find_events(attendees=[hana]) if e.starts_at == start]
    if not meetings:
        raise RequiresUserInput("There is no one-on-one with Hana tomorrow at 3 PM.")
    if len(meetings) > 1:
        raise RequiresUserInput(f"{len(meetings)} meetings with Hana start tomorrow at 3 PM.")
    meeting = meetings[0]
    window = TimeInterval(meeting.starts_at, meeting.ends_at)
    everest = [
        r for r in search_conference_room([window]) if r.room.room_name.casefold() == "everest"
    ]
    if not everest:
        raise RequiresUserInput("There is no conference room called Everest.")
    if not any(s.start <= window.start and window.end <= s.end for s in everest[0].free_slots):
        raise RequiresUserInput("Everest is already booked during your one-on-one with Hana.")
    meeting.location = everest[0].room.room_name
    add_event(meeting)


def setup_env_everest_for_hana_one_on_one():
    """The one-on-one is 15:00-15:30 tomorrow; Everest is booked before and after it, not during."""
    simulate_org_structure(default_employee_names=["Hana", "Ruslan", "Sefa", "Tiago", "Uzma"])
    hana = find_employee("Hana")[0]  # setup guideline #4
    ruslan = find_employee("Ruslan")[0]
    # setup guideline #1
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    thursday = get_next_dow("Thursday")

    def at(day, hour, minute):
        return datetime.datetime.combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="1:1 Hana",
                attendees=[hana],
                starts_at=at(tomorrow, 15, 0),
                ends_at=at(tomorrow, 15, 30),
            ),
            Event(
                subject="Design crit",
                attendees=[hana, ruslan],
                starts_at=at(tomorrow, 15, 30),
                ends_at=at(tomorrow, 16, 0),
            ),
            Event(
                subject="1:1 Hana",
                attendees=[hana],
                starts_at=at(thursday, 15, 0),
                ends_at=at(thursday, 15, 30),
            ),
        ]
    )
    simulate_conference_room(
        "Everest",
        4,
        {
            tomorrow: [
                TimeInterval(at(tomorrow, 14, 0), at(tomorrow, 15, 0)),
                TimeInterval(at(tomorrow, 15, 30), at(tomorrow, 16, 30)),
            ]
        },
    )
    simulate_conference_room("Denali", 8)


def evaluate_everest_for_hana_one_on_one(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Only tomorrow's one-on-one changed, and only its location, now Everest."""
    setup_function()
    start = datetime.datetime.combine(
        parse_date_string(DateExpressions.Tomorrow), datetime.time(15, 0)
    )
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
    for original, room in ((target, "everest"),):
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


def setup_env_everest_for_hana_one_on_one_2():
    """There is no room called Everest (only Denali and Kilimanjaro)."""
    simulate_org_structure(default_employee_names=["Hana", "Ruslan", "Sefa", "Tiago", "Uzma"])
    hana = find_employee("Hana")[0]  # setup guideline #4
    # setup guideline #1
    tomorrow = parse_date_string(DateExpressions.Tomorrow)

    def at(hour, minute):
        return datetime.datetime.combine(tomorrow, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [Event(subject="1:1 Hana", attendees=[hana], starts_at=at(15, 0), ends_at=at(15, 30))]
    )
    simulate_conference_room("Denali", 8)
    simulate_conference_room("Kilimanjaro", 4)


def evaluate_everest_for_hana_one_on_one_2(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """No Everest room: RequiresUserInput and no change."""
    setup_function()
    before = snapshot_world()
    try:
        executable()
    except RequiresUserInput:
        pass
    else:
        raise SolutionError("Incorrect solution")
    assert_no_changes_since(before)


def setup_env_everest_for_hana_one_on_one_3():
    """Everest is booked 15:15-16:00 tomorrow, during the one-on-one."""
    simulate_org_structure(default_employee_names=["Hana", "Ruslan", "Sefa", "Tiago", "Uzma"])
    hana = find_employee("Hana")[0]  # setup guideline #4
    # setup guideline #1
    tomorrow = parse_date_string(DateExpressions.Tomorrow)

    def at(hour, minute):
        return datetime.datetime.combine(tomorrow, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [Event(subject="1:1 Hana", attendees=[hana], starts_at=at(15, 0), ends_at=at(15, 30))]
    )
    simulate_conference_room("Everest", 4, {tomorrow: [TimeInterval(at(15, 15), at(16, 0))]})
    simulate_conference_room("Denali", 8)


def evaluate_everest_for_hana_one_on_one_3(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Everest is taken: RequiresUserInput (the user gave no fallback) and no change."""
    setup_function()
    before = snapshot_world()
    try:
        executable()
    except RequiresUserInput:
        pass
    else:
        raise SolutionError("Incorrect solution")
    assert_no_changes_since(before)
