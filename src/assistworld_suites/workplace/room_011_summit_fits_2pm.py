"""Assistant, is the Summit room big enough and free for the whole of my 2 PM meeting tomorrow?"""

QUERY_ID = "room_011_summit_fits_2pm"
CATEGORY = "room-booking"
TAGS = ["search_conference_room", "capacity", "information-seeking", "yes-no", "contrast-set"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def summit_fits_meeting() -> bool:
    """Whether Summit seats tomorrow's 2 PM meeting (with the user) and is free throughout."""
    start = combine(parse_date_string(DateExpressions.Tomorrow), time_by_hm(2, 0, "pm"))
    meetings = [e for e in find_events() if e.starts_at == start]
    if not meetings:
        raise RequiresUserInput("You have no meeting tomorrow at 2 PM.")
    if len(meetings) > 1:
        raise RequiresUserInput(f"You have {len(meetings)} meetings tomorrow at 2 PM, which one?")
    meeting = meetings[0]
    window = TimeInterval(meeting.starts_at, meeting.ends_at)
    rooms = [r for r in search_conference_room([window]) if r.room.room_name.casefold() == "summit"]
    if not rooms:
        raise RequiresUserInput("There is no room called Summit.")
    summit = rooms[0]
    big_enough = summit.room.capacity >= len(meeting.attendees or []) + 1
    free = any(s.start <= window.start and window.end <= s.end for s in summit.free_slots)
    return big_enough and free


def setup_env_summit_fits_meeting():
    """Tomorrow 14:00-15:00 with four colleagues (five seats).

    Summit seats 5 and is booked only around it.
    """
    simulate_org_structure(
        default_employee_names=["Anouk", "Berhane", "Catalina", "Duc", "Eitan", "Freya"]
    )
    people = [
        find_employee(n)[0] for n in ("Anouk", "Berhane", "Catalina", "Duc")
    ]  # setup guideline #4
    # setup guideline #1
    tomorrow = parse_date_string(DateExpressions.Tomorrow)

    def at(hour, minute):
        return datetime.datetime.combine(tomorrow, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Launch review", attendees=people, starts_at=at(14, 0), ends_at=at(15, 0)
            ),
            Event(
                subject="Check-in", attendees=people[:1], starts_at=at(11, 0), ends_at=at(11, 30)
            ),
        ]
    )
    simulate_conference_room(
        "Summit",
        5,
        {tomorrow: [TimeInterval(at(13, 0), at(14, 0)), TimeInterval(at(15, 0), at(16, 0))]},
    )
    simulate_conference_room("Valley", 12)


def evaluate_summit_fits_meeting(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Yes (True); nothing changes."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    # testing guideline #2: a bool, or a yes/no answer
    if isinstance(result, str):
        result = result.strip().casefold() in {"yes", "true"}
    if result is not True:
        raise SolutionError("Incorrect solution")


def setup_env_summit_fits_meeting_2():
    """Same meeting; Summit seats 5 but is booked from 14:30."""
    simulate_org_structure(
        default_employee_names=["Anouk", "Berhane", "Catalina", "Duc", "Eitan", "Freya"]
    )
    people = [
        find_employee(n)[0] for n in ("Anouk", "Berhane", "Catalina", "Duc")
    ]  # setup guideline #4
    # setup guideline #1
    tomorrow = parse_date_string(DateExpressions.Tomorrow)

    def at(hour, minute):
        return datetime.datetime.combine(tomorrow, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Launch review", attendees=people, starts_at=at(14, 0), ends_at=at(15, 0)
            ),
            Event(
                subject="Check-in", attendees=people[:1], starts_at=at(11, 0), ends_at=at(11, 30)
            ),
        ]
    )
    simulate_conference_room("Summit", 5, {tomorrow: [TimeInterval(at(14, 30), at(15, 30))]})
    simulate_conference_room("Valley", 12)


def evaluate_summit_fits_meeting_2(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """No (False): booked during the meeting; nothing changes."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    if isinstance(result, str):
        result = result.strip().casefold() not in {"no", "false"}
    if result is not False:
        raise SolutionError("Incorrect solution")


def setup_env_summit_fits_meeting_3():
    """Same meeting; Summit is free but seats only 3."""
    simulate_org_structure(
        default_employee_names=["Anouk", "Berhane", "Catalina", "Duc", "Eitan", "Freya"]
    )
    people = [
        find_employee(n)[0] for n in ("Anouk", "Berhane", "Catalina", "Duc")
    ]  # setup guideline #4
    # setup guideline #1
    tomorrow = parse_date_string(DateExpressions.Tomorrow)

    def at(hour, minute):
        return datetime.datetime.combine(tomorrow, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Launch review", attendees=people, starts_at=at(14, 0), ends_at=at(15, 0)
            ),
            Event(
                subject="Check-in", attendees=people[:1], starts_at=at(11, 0), ends_at=at(11, 30)
            ),
        ]
    )
    simulate_conference_room("Summit", 3)
    simulate_conference_room("Valley", 12)


def evaluate_summit_fits_meeting_3(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """No (False): too small; nothing changes."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    if isinstance(result, str):
        result = result.strip().casefold() not in {"no", "false"}
    if result is not False:
        raise SolutionError("Incorrect solution")
