"""Assistant, the Cedar room is closed for renovation next week. Move my meetings booked there next week into other rooms that are free and big enough for everyone. If any of them can't be re-roomed, leave them all as they are and tell me."""  # noqa: E501

QUERY_ID = "solve_014_cedar_closed_next_week"
CATEGORY = "problem-solving"
TAGS = [
    "search_conference_room",
    "capacity",
    "location",
    "update-event",
    "all-or-nothing",
    "RequiresUserInput",
    "contrast-set",
]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def cedar_closed_next_week():
    """Give each of next week's Cedar meetings a free room seating everyone, or change none."""
    next_week = parse_durations_to_date_interval(DateRanges.NextWeek)
    in_cedar = [
        e
        for e in find_events()
        if next_week.start <= e.starts_at.date() <= next_week.end
        and "cedar" in (e.location or "").casefold()
    ]
    plan = []
    for meeting in in_cedar:
        seats = len(meeting.attendees or []) + 1  # the attendees and the user
        window = TimeInterval(meeting.starts_at, meeting.ends_at)
        room = None
        for availability in search_conference_room([window], capacity=seats):
            if "cedar" in availability.room.room_name.casefold():
                continue
            if any(
                s.start <= window.start and window.end <= s.end for s in availability.free_slots
            ):
                room = availability.room.room_name
                break
        if room is None:
            raise RequiresUserInput(
                f"No other room seating {seats} is free for the meeting at {meeting.starts_at}; "
                "nothing was changed."
            )
        plan.append((meeting, room))
    for meeting, room in plan:
        meeting.location = room
        add_event(meeting)


def setup_env_cedar_closed_next_week():
    """Next Monday (4 guests) only fits Fir; next Wednesday (1 guest) fits Birch, Aspen or Fir."""
    simulate_org_structure(
        default_employee_names=[
            "Abril",
            "Baurzhan",
            "Cormac",
            "Desta",
            "Ekaterina",
            "Fumilayo",
            "Gianluca",
            "Halvor",
            "Ione",
            "Jyoti",
            "Kekoa",
            "Ludwika",
        ],
        user_name="Nkosana",
    )
    # setup guideline #4
    abril, baurzhan, cormac, desta, ekaterina, fumilayo = (
        find_employee(name)[0]
        for name in ("Abril", "Baurzhan", "Cormac", "Desta", "Ekaterina", "Fumilayo")
    )
    # setup guideline #1
    thursday = get_next_dow("Thursday")
    monday = get_next_dow("Monday")
    tuesday = get_next_dow("Tuesday", after=monday)
    wednesday = get_next_dow("Wednesday", after=monday)

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    def meeting(subject, people, day, start, end, room):
        return Event(
            subject=subject,
            attendees=people,
            starts_at=at(day, *start),
            ends_at=at(day, *end),
            location=room,
        )

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            meeting("Sprint review", [abril], thursday, (10, 0), (11, 0), "Cedar"),
            meeting(
                "Quarter kickoff",
                [abril, baurzhan, cormac, desta],
                monday,
                (10, 0),
                (11, 0),
                "Cedar",
            ),
            meeting("Vendor pitch", [fumilayo], tuesday, (11, 0), (12, 0), "Birch"),
            meeting("Mentoring", [ekaterina], wednesday, (14, 0), (14, 30), "Cedar"),
        ]
    )
    simulate_conference_room("Cedar", 10)
    simulate_conference_room("Birch", 4)
    simulate_conference_room(
        "Aspen", 8, {monday: [TimeInterval(at(monday, 9, 30), at(monday, 10, 30))]}
    )
    simulate_conference_room("Fir", 6)
    simulate_conference_room(
        "Pine", 2, {wednesday: [TimeInterval(at(wednesday, 14, 0), at(wednesday, 15, 0))]}
    )


def evaluate_cedar_closed_next_week(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Monday's kickoff goes to Fir, Wednesday's mentoring to Birch, Aspen or Fir; nothing else."""
    setup_function()

    def shape(event):
        # testing guideline #3: subjects are not compared; people are compared by id
        people = tuple(sorted(a.employee_id for a in event.attendees or []))
        return (event.starts_at, event.ends_at, people, event.event_importance)

    before_events = find_past_events() + find_events()
    before = snapshot_world()
    executable()
    if changes_since(before).tables() - {"user_calendar"}:
        raise SolutionError("Incorrect solution")
    after_events = find_past_events() + find_events()
    if sorted(map(shape, after_events), key=repr) != sorted(map(shape, before_events), key=repr):
        raise SolutionError("Incorrect solution")
    monday = get_next_dow("Monday")
    wednesday = get_next_dow("Wednesday", after=monday)
    allowed_rooms = {
        datetime.datetime.combine(monday, datetime.time(10, 0)): {"fir"},
        datetime.datetime.combine(wednesday, datetime.time(14, 0)): {"birch", "aspen", "fir"},
    }
    old_rooms = {shape(e): (e.location or "").casefold() for e in before_events}
    for event in after_events:
        room = (event.location or "").strip().casefold()
        if event.starts_at in allowed_rooms:
            correct = room in allowed_rooms[event.starts_at]
        else:
            correct = room == old_rooms[shape(event)]
        if not correct:
            raise SolutionError("Incorrect solution")


def setup_env_cedar_closed_next_week_no_room():
    """Fir is booked during Monday's kickoff, so no free room seats five: nothing may change."""
    simulate_org_structure(
        default_employee_names=[
            "Abril",
            "Baurzhan",
            "Cormac",
            "Desta",
            "Ekaterina",
            "Fumilayo",
            "Gianluca",
            "Halvor",
            "Ione",
            "Jyoti",
            "Kekoa",
            "Ludwika",
        ],
        user_name="Nkosana",
    )
    # setup guideline #4
    abril, baurzhan, cormac, desta, ekaterina = (
        find_employee(name)[0] for name in ("Abril", "Baurzhan", "Cormac", "Desta", "Ekaterina")
    )
    # setup guideline #1
    monday = get_next_dow("Monday")
    wednesday = get_next_dow("Wednesday", after=monday)

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    def meeting(subject, people, day, start, end, room):
        return Event(
            subject=subject,
            attendees=people,
            starts_at=at(day, *start),
            ends_at=at(day, *end),
            location=room,
        )

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            meeting("Mentoring", [ekaterina], monday, (9, 30), (10, 0), "Cedar"),
            meeting(
                "Quarter kickoff",
                [abril, baurzhan, cormac, desta],
                monday,
                (10, 0),
                (11, 0),
                "Cedar",
            ),
            meeting("Retro", [abril, cormac], wednesday, (14, 0), (14, 30), "Cedar"),
        ]
    )
    simulate_conference_room("Cedar", 10)
    simulate_conference_room("Birch", 4)
    simulate_conference_room(
        "Aspen", 8, {monday: [TimeInterval(at(monday, 9, 30), at(monday, 10, 30))]}
    )
    simulate_conference_room(
        "Fir", 6, {monday: [TimeInterval(at(monday, 10, 30), at(monday, 12, 0))]}
    )


def evaluate_cedar_closed_next_week_no_room(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """One meeting cannot be re-roomed: RequiresUserInput and no change at all."""
    setup_function()
    before = snapshot_world()
    try:
        executable()
    except RequiresUserInput:
        assert_no_changes_since(before)
        return
    raise SolutionError("Incorrect solution")
