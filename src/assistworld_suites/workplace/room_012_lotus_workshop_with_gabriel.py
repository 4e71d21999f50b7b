"""Assistant, I want to run a one-hour workshop with Gabriel in the Lotus room on Friday. Find the earliest time the room, Gabriel and I are all free, and book it."""  # noqa: E501

QUERY_ID = "room_012_lotus_workshop_with_gabriel"
CATEGORY = "room-booking"
TAGS = ["find_available_time_slots", "find_available_slots", "interval-intersection", "location"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def lotus_workshop_with_gabriel():
    """Book Lotus for the earliest Friday hour when the room, Gabriel and the user are free."""
    gabriel = find_employee("Gabriel")[0]  # by structure guideline #1
    friday = get_next_dow("Friday")
    length = Duration(1, TimeUnits.Hours)
    room_free = find_available_time_slots("Lotus", [friday])
    busy = [
        e
        for e in find_events() + get_calendar(gabriel)
        if e.starts_at.date() <= friday <= e.ends_at.date()
    ]
    people_free = find_available_slots(busy, date=friday)
    # intersect the room's free slots with the people's
    best = None
    for room_slot in room_free:
        for people_slot in people_free:
            start = max(room_slot.start, people_slot.start)
            end = min(room_slot.end, people_slot.end)
            enough = (
                start < end
                and compare_with_fixed_duration(TimeInterval(start, end), length)
                != ComparisonResult.SMALLER
            )
            if enough and (best is None or start < best):
                best = start
    if best is None:
        raise RequiresUserInput("Lotus, Gabriel and you have no common free hour on Friday.")
    add_event(
        Event(
            subject="Workshop",
            attendees=[gabriel],
            starts_at=best,
            ends_at=modify(best, length, operator=DateTimeClauseOperators.add),
            location="Lotus",
        )
    )


def setup_env_lotus_workshop_with_gabriel():
    """Friday: the room is free 10-11, 12-13:30 and from 14:30; the people from 10:30 and 12:30."""
    simulate_org_structure(default_employee_names=["Gabriel", "Hadiza", "Ivo", "Jun", "Kamau"])
    gabriel = find_employee("Gabriel")[0]  # setup guideline #4
    # setup guideline #1
    thursday = get_next_dow("Thursday")
    friday = get_next_dow("Friday")

    def at(day, hour, minute):
        return datetime.datetime.combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_conference_room(
        "Lotus",
        6,
        {
            thursday: [TimeInterval(at(thursday, 9, 6), at(thursday, 17, 10))],
            friday: [
                TimeInterval(at(friday, 9, 6), at(friday, 10, 0)),
                TimeInterval(at(friday, 11, 0), at(friday, 12, 0)),
                TimeInterval(at(friday, 13, 30), at(friday, 14, 30)),
            ],
        },
    )
    simulate_conference_room("Magnolia", 6)
    simulate_user_calendar(
        [Event(subject="Investor update", starts_at=at(friday, 10, 0), ends_at=at(friday, 10, 30))]
    )
    simulate_employee_calendar(
        gabriel,
        [
            Event(subject="Field visit", starts_at=at(friday, 12, 0), ends_at=at(friday, 12, 30)),
            Event(subject="Supplier call", starts_at=at(friday, 14, 30), ends_at=at(friday, 15, 0)),
        ],
    )


def evaluate_lotus_workshop_with_gabriel(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """The workshop is Friday 12:30-13:30 in Lotus with Gabriel; nothing else changed."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    start = datetime.datetime.combine(get_next_dow("Friday"), datetime.time(12, 30))
    if event.starts_at != start or event.ends_at != start + datetime.timedelta(hours=1):
        raise SolutionError("Incorrect solution")
    if (event.location or "").strip().casefold() != "lotus":
        raise SolutionError("Incorrect solution")
    # testing guideline #1
    if [a.employee_id for a in event.attendees or []] != [find_employee("Gabriel")[0].employee_id]:
        raise SolutionError("Incorrect solution")
