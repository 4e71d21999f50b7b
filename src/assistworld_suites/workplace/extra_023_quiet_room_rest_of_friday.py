"""Assistant, I need somewhere quiet to finish my slides for the rest of the afternoon. Book me the smallest room that's free from now until the end of the working day."""  # noqa: E501

QUERY_ID = "extra_023_quiet_room_rest_of_friday"
CATEGORY = "room-booking"
TAGS = [
    "search_conference_room",
    "add_event",
    "now_",
    "friday-afternoon",
    "smallest-room",
    "contrast-set",
]
NOW = "2024-07-05T15:40"

if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def book_quiet_room_for_rest_of_day():
    """Book the smallest room free from now until 17:10 today, for me alone."""
    starts_at = now_()
    ends_at = combine(starts_at.date(), parse_time_string(TimeExpressions.EndOfWorkDay))
    window = TimeInterval(starts_at, ends_at)
    free_rooms = [
        availability.room
        for availability in search_conference_room([window])
        if any(s.start <= starts_at and ends_at <= s.end for s in availability.free_slots)
    ]
    if not free_rooms:
        raise RequiresUserInput("No room is free for the rest of the day.")
    room = min(free_rooms, key=lambda r: r.capacity)
    add_event(
        Event(subject="Slides", starts_at=starts_at, ends_at=ends_at, location=room.room_name)
    )


def setup_env_book_quiet_room_for_rest_of_day():
    """Friday 15:40. Pod (1), Nook (2) and Alcove (3) are booked at some point before 17:10;
    Snug (4) is the smallest room free all the way; Den (6) and Hall (20) are free too.
    """
    simulate_org_structure(default_employee_names=["Ottilie", "Pranav", "Rukmini", "Stellan"])
    ottilie = find_employee("Ottilie")[0]  # setup guideline #4
    # setup guideline #1
    today = now_().date()
    monday = get_next_dow("Monday")

    def span(day, start, end):
        return TimeInterval(combine(day, datetime.time(*start)), combine(day, datetime.time(*end)))

    # setup guideline #2: bookings in and just around the working day
    simulate_conference_room("Hall", 20)
    simulate_conference_room("Pod", 1, {today: [span(today, (15, 0), (15, 45))]})
    simulate_conference_room("Nook", 2, {today: [span(today, (16, 30), (17, 0))]})
    simulate_conference_room("Alcove", 3, {today: [span(today, (17, 0), (17, 30))]})
    simulate_conference_room(
        "Snug",
        4,
        {today: [span(today, (14, 0), (15, 30))], monday: [span(monday, (9, 30), (12, 0))]},
    )
    simulate_conference_room("Den", 6)
    # setup guideline #3: the meeting today is over
    simulate_user_calendar(
        [
            Event(
                subject="Weekly wrap",
                attendees=[ottilie],
                starts_at=combine(today, datetime.time(14, 30)),
                ends_at=combine(today, datetime.time(15, 30)),
            )
        ]
    )


def evaluate_book_quiet_room_for_rest_of_day(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """One event from 15:40 to 17:10 today in Snug, with nobody else invited."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    if event.starts_at != datetime.datetime(2024, 7, 5, 15, 40):
        raise SolutionError("Incorrect solution")
    if event.ends_at != datetime.datetime(2024, 7, 5, 17, 10):
        raise SolutionError("Incorrect solution")
    if (event.location or "").strip().casefold() != "snug" or event.attendees:
        raise SolutionError("Incorrect solution")


def setup_env_book_quiet_room_for_rest_of_day_snug_taken():
    """As before, but Snug is booked 16:00-16:30, so Den (6) is the smallest free room."""
    simulate_org_structure(default_employee_names=["Ottilie", "Pranav", "Rukmini", "Stellan"])
    # setup guideline #1
    today = now_().date()

    def span(day, start, end):
        return TimeInterval(combine(day, datetime.time(*start)), combine(day, datetime.time(*end)))

    # setup guideline #2
    simulate_conference_room("Hall", 20)
    simulate_conference_room("Pod", 1, {today: [span(today, (15, 0), (15, 45))]})
    simulate_conference_room("Nook", 2, {today: [span(today, (16, 30), (17, 0))]})
    simulate_conference_room("Alcove", 3, {today: [span(today, (17, 0), (17, 30))]})
    simulate_conference_room("Snug", 4, {today: [span(today, (16, 0), (16, 30))]})
    simulate_conference_room("Den", 6)


def evaluate_book_quiet_room_for_rest_of_day_snug_taken(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """One event from 15:40 to 17:10 today in Den, with nobody else invited."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    if event.starts_at != datetime.datetime(2024, 7, 5, 15, 40):
        raise SolutionError("Incorrect solution")
    if event.ends_at != datetime.datetime(2024, 7, 5, 17, 10):
        raise SolutionError("Incorrect solution")
    if (event.location or "").strip().casefold() != "den" or event.attendees:
        raise SolutionError("Incorrect solution")
