"""Assistant, the auditors are in from Tuesday to Thursday next week. Book them a room for six from 10 to 4 each day, the same room all three days if you can."""  # noqa: E501

QUERY_ID = "mixed_026_auditors_room_three_days"
CATEGORY = "room-booking"
TAGS = ["search_conference_room", "capacity", "multi-day", "fallback", "RequiresUserInput"]

if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def book_auditors_room():
    """A 10:00-16:00 room booking for six on Tuesday, Wednesday and Thursday next week."""
    week = parse_durations_to_date_interval(DateRanges.NextWeek)
    days = [get_next_dow(name, after=week.start) for name in ("Tuesday", "Wednesday", "Thursday")]
    windows = [
        TimeInterval(combine(d, time_by_hm(10, 0, "am")), combine(d, time_by_hm(4, 0, "pm")))
        for d in days
    ]
    rooms = search_conference_room(windows, capacity=6)

    def free_for(availability, window):
        return any(s.start <= window.start and window.end <= s.end for s in availability.free_slots)

    # one room for all three days if there is one, otherwise any free room on each day
    every_day = [a for a in rooms if all(free_for(a, w) for w in windows)]
    chosen = []
    for window in windows:
        options = every_day or [a for a in rooms if free_for(a, window)]
        if not options:
            raise RequiresUserInput(
                f"No room for six is free from 10 to 4 on {window.start.strftime('%Y-%m-%d')}."
            )
        chosen.append((window, options[0].room.room_name))
    for window, room in chosen:
        add_event(
            Event(subject="Auditors", starts_at=window.start, ends_at=window.end, location=room)
        )


def setup_env_book_auditors_room():
    """Belvedere (8 seats) is the only room for six free 10-4 on all three days."""
    simulate_org_structure(default_employee_names=["Imani", "Jorge", "Kasia", "Luthando"])
    # setup guideline #1
    week = parse_durations_to_date_interval(DateRanges.NextWeek)
    tuesday, wednesday, thursday = (
        get_next_dow(d, after=week.start) for d in ("Tuesday", "Wednesday", "Thursday")
    )

    def slot(day, start, end):
        return TimeInterval(combine(day, datetime.time(*start)), combine(day, datetime.time(*end)))

    # setup guideline #2: bookings inside the working day
    simulate_conference_room("Alcove", 6, {thursday: [slot(thursday, (11, 0), (12, 0))]})
    simulate_conference_room("Belvedere", 8, {wednesday: [slot(wednesday, (16, 0), (17, 0))]})
    simulate_conference_room("Cabin", 4)
    simulate_conference_room("Dome", 10, {wednesday: [slot(wednesday, (15, 0), (16, 0))]})
    imani = find_employee("Imani")[0]  # setup guideline #4
    simulate_user_calendar(
        [
            Event(
                subject="Audit kickoff",
                attendees=[imani],
                starts_at=combine(tuesday, datetime.time(9, 30)),
                ends_at=combine(tuesday, datetime.time(10, 0)),
            )
        ]
    )


def evaluate_book_auditors_room(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Tue, Wed and Thu 10:00-16:00, all three in Belvedere; only additions to the calendar."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    if changes.tables() != {"user_calendar"} or len(changes.in_table("user_calendar")) != len(
        changes.in_table("user_calendar", "added")
    ):
        raise SolutionError("Incorrect solution")
    # one-off blocks or a daily series: compare the bookings as held, not their storage
    added = [Event.model_validate(c.after) for c in changes.in_table("user_calendar", "added")]
    held = sorted((e for e in added if e.repeats is None), key=lambda e: e.starts_at)
    week = parse_durations_to_date_interval(DateRanges.NextWeek)
    days = [week.start + datetime.timedelta(days=n) for n in (1, 2, 3)]
    expected = [(combine(d, datetime.time(10, 0)), combine(d, datetime.time(16, 0))) for d in days]
    if [(e.starts_at, e.ends_at) for e in held] != expected:
        raise SolutionError("Incorrect solution")
    if any((e.location or "").strip().casefold() != "belvedere" for e in held):
        raise SolutionError("Incorrect solution")


def setup_env_book_auditors_room_no_single_room():
    """No room for six is free all three days: Alcove is taken Thursday, Belvedere Wednesday and
    Dome Tuesday, so each day needs its own room.
    """
    simulate_org_structure(default_employee_names=["Imani", "Jorge", "Kasia", "Luthando"])
    # setup guideline #1
    week = parse_durations_to_date_interval(DateRanges.NextWeek)
    tuesday, wednesday, thursday = (
        get_next_dow(d, after=week.start) for d in ("Tuesday", "Wednesday", "Thursday")
    )

    def slot(day, start, end):
        return TimeInterval(combine(day, datetime.time(*start)), combine(day, datetime.time(*end)))

    # setup guideline #2: bookings inside the working day
    simulate_conference_room("Alcove", 6, {thursday: [slot(thursday, (11, 0), (12, 0))]})
    simulate_conference_room("Belvedere", 8, {wednesday: [slot(wednesday, (13, 0), (14, 0))]})
    simulate_conference_room("Cabin", 4)
    simulate_conference_room("Dome", 10, {tuesday: [slot(tuesday, (9, 30), (10, 30))]})


def evaluate_book_auditors_room_no_single_room(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Three 10:00-16:00 bookings, each in a room for six that is free that whole day."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    if changes.tables() != {"user_calendar"} or len(changes.in_table("user_calendar")) != len(
        changes.in_table("user_calendar", "added")
    ):
        raise SolutionError("Incorrect solution")
    added = [Event.model_validate(c.after) for c in changes.in_table("user_calendar", "added")]
    held = sorted((e for e in added if e.repeats is None), key=lambda e: e.starts_at)
    week = parse_durations_to_date_interval(DateRanges.NextWeek)
    days = [week.start + datetime.timedelta(days=n) for n in (1, 2, 3)]
    expected = [(combine(d, datetime.time(10, 0)), combine(d, datetime.time(16, 0))) for d in days]
    if [(e.starts_at, e.ends_at) for e in held] != expected:
        raise SolutionError("Incorrect solution")
    allowed = [{"alcove", "belvedere"}, {"alcove", "dome"}, {"belvedere", "dome"}]
    for event, rooms in zip(held, allowed, strict=True):
        if (event.location or "").strip().casefold() not in rooms:
            raise SolutionError("Incorrect solution")


def setup_env_book_auditors_room_wednesday_full():
    """Every room for six or more is booked at some point on Wednesday between 10 and 4."""
    simulate_org_structure(default_employee_names=["Imani", "Jorge", "Kasia", "Luthando"])
    # setup guideline #1
    week = parse_durations_to_date_interval(DateRanges.NextWeek)
    wednesday = get_next_dow("Wednesday", after=week.start)

    def slot(day, start, end):
        return TimeInterval(combine(day, datetime.time(*start)), combine(day, datetime.time(*end)))

    # setup guideline #2: bookings inside the working day
    simulate_conference_room("Alcove", 6, {wednesday: [slot(wednesday, (9, 30), (10, 30))]})
    simulate_conference_room("Belvedere", 8, {wednesday: [slot(wednesday, (12, 0), (13, 0))]})
    simulate_conference_room("Cabin", 4)
    simulate_conference_room("Dome", 10, {wednesday: [slot(wednesday, (15, 30), (17, 0))]})


def evaluate_book_auditors_room_wednesday_full(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """No room on Wednesday: hand back to the user and book nothing."""
    setup_function()
    before = snapshot_world()
    try:
        executable()
    except RequiresUserInput:
        assert_no_changes_since(before)
        return
    raise SolutionError("Incorrect solution")
