"""Assistant, book the room we used for last week's offsite prep for next Tuesday's session too."""

QUERY_ID = "extra_022_same_room_as_last_offsite_prep"
CATEGORY = "room-booking"
TAGS = [
    "find_past_events",
    "find_available_time_slots",
    "add_event",
    "RequiresUserInput",
    "contrast-set",
]

if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def book_last_weeks_offsite_prep_room():
    """Put last week's offsite prep room on next Tuesday's session, if the room is free then."""
    monday = this_week_dates()[0]
    last_monday = get_prev_dow("Monday", before=monday)
    previous = [
        e
        for e in find_past_events(subject="offsite prep")
        if last_monday <= e.starts_at.date() < monday
    ]
    if not previous:
        raise RequiresUserInput("I could not find an offsite prep last week.")
    if len(previous) > 1:
        raise RequiresUserInput(f"There were {len(previous)} offsite preps last week.")
    room = previous[0].location
    if not room:
        raise RequiresUserInput("Last week's offsite prep had no room booked.")
    tuesday = get_next_dow("Tuesday")
    upcoming = [e for e in find_events(subject="offsite prep") if e.starts_at.date() == tuesday]
    if not upcoming:
        raise RequiresUserInput("I could not find an offsite prep next Tuesday.")
    if len(upcoming) > 1:
        raise RequiresUserInput(f"There are {len(upcoming)} offsite preps next Tuesday.")
    session = upcoming[0]
    free = find_available_time_slots(room, [TimeInterval(session.starts_at, session.ends_at)])
    if not any(s.start <= session.starts_at and session.ends_at <= s.end for s in free):
        raise RequiresUserInput(f"{room} is not free for the whole session next Tuesday.")
    session.location = room
    add_event(session)


def setup_env_book_last_weeks_offsite_prep_room():
    """Last week's prep was in Magnolia (the one before in Camellia); Magnolia is free next
    Tuesday 9:30-12:30 (a booking ends exactly at 9:30).
    """
    simulate_org_structure(
        default_employee_names=["Kalinda", "Lachlan", "Marisol", "Nuno", "Oluchi", "Priya"],
        user_name="Quentin",
    )
    # setup guideline #4
    kalinda, lachlan, marisol = (
        find_employee(name)[0] for name in ("Kalinda", "Lachlan", "Marisol")
    )
    # setup guideline #1
    last_tuesday = get_prev_dow("Tuesday")
    earlier_tuesday = get_prev_dow("Tuesday", before=last_tuesday)
    next_tuesday = get_next_dow("Tuesday")

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    simulate_conference_room(
        "Magnolia",
        8,
        {
            next_tuesday: [
                TimeInterval(at(next_tuesday, 8, 0), at(next_tuesday, 9, 30)),
                TimeInterval(at(next_tuesday, 13, 0), at(next_tuesday, 14, 0)),
            ]
        },
    )
    simulate_conference_room("Camellia", 8)
    simulate_conference_room("Wisteria", 12)

    def prep(day, start, end, room):
        return Event(
            subject="Offsite prep",
            attendees=[kalinda, lachlan, marisol],
            starts_at=at(day, *start),
            ends_at=at(day, *end),
            location=room,
        )

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            prep(earlier_tuesday, (10, 0), (11, 0), "Camellia"),
            prep(last_tuesday, (10, 0), (11, 30), "Magnolia"),
            prep(next_tuesday, (9, 30), (12, 30), None),
        ]
    )


def evaluate_book_last_weeks_offsite_prep_room(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Next Tuesday's session (9:30-12:30) is now in Magnolia; nothing else changes."""
    from collections import Counter

    setup_function()
    before = snapshot_world()
    executable()
    if changes_since(before).tables() - {"user_calendar"}:
        raise SolutionError("Incorrect solution")

    def meetings(state):
        # (start, end, attendee ids, room) of every event, edited in place or re-created
        return Counter(
            (
                row.starts_at,
                row.ends_at,
                tuple(sorted(a.employee_id for a in row.attendees or [])),
                (row.location or "").strip().casefold(),
            )
            for row in state.user_calendar.values()
        )

    people = tuple(
        sorted(find_employee(n)[0].employee_id for n in ("Kalinda", "Lachlan", "Marisol"))
    )
    start, end = datetime.datetime(2024, 7, 2, 9, 30), datetime.datetime(2024, 7, 2, 12, 30)
    old, new = meetings(before), meetings(snapshot_world())
    if list((old - new).elements()) != [(start, end, people, "")]:
        raise SolutionError("Incorrect solution")
    if list((new - old).elements()) != [(start, end, people, "magnolia")]:
        raise SolutionError("Incorrect solution")


def setup_env_book_last_weeks_offsite_prep_room_taken():
    """Magnolia is booked 11:00-12:00 next Tuesday, in the middle of the session."""
    simulate_org_structure(
        default_employee_names=["Kalinda", "Lachlan", "Marisol", "Nuno", "Oluchi", "Priya"],
        user_name="Quentin",
    )
    # setup guideline #4
    kalinda, lachlan, marisol = (
        find_employee(name)[0] for name in ("Kalinda", "Lachlan", "Marisol")
    )
    # setup guideline #1
    last_tuesday = get_prev_dow("Tuesday")
    earlier_tuesday = get_prev_dow("Tuesday", before=last_tuesday)
    next_tuesday = get_next_dow("Tuesday")

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    simulate_conference_room(
        "Magnolia",
        8,
        {next_tuesday: [TimeInterval(at(next_tuesday, 11, 0), at(next_tuesday, 12, 0))]},
    )
    simulate_conference_room("Camellia", 8)
    simulate_conference_room("Wisteria", 12)

    def prep(day, start, end, room):
        return Event(
            subject="Offsite prep",
            attendees=[kalinda, lachlan, marisol],
            starts_at=at(day, *start),
            ends_at=at(day, *end),
            location=room,
        )

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            prep(earlier_tuesday, (10, 0), (11, 0), "Camellia"),
            prep(last_tuesday, (10, 0), (11, 30), "Magnolia"),
            prep(next_tuesday, (9, 30), (12, 30), None),
        ]
    )


def evaluate_book_last_weeks_offsite_prep_room_taken(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """The room is taken: the assistant must say so (RequiresUserInput) and change nothing."""
    setup_function()
    before = snapshot_world()
    try:
        executable()
    except RequiresUserInput:
        assert_no_changes_since(before)
        return
    raise SolutionError("Incorrect solution")
