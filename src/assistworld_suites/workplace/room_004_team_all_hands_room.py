"""Assistant, set up a one-hour all-hands with my whole team on Friday at 10 AM, in a room that can fit all of us."""  # noqa: E501

QUERY_ID = "room_004_team_all_hands_room"
CATEGORY = "room-booking"
TAGS = ["find_team_of", "search_conference_room", "capacity", "RequiresUserInput", "contrast-set"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def team_all_hands_friday():
    """One hour on Friday at 10 with the user's team.

    In a free room seating the team and the user.
    """
    me = get_current_user()
    team = find_team_of(me)
    friday = get_next_dow("Friday")
    starts_at = combine(friday, time_by_hm(10, 0, "am"))
    ends_at = modify(starts_at, Duration(1, TimeUnits.Hours), operator=DateTimeClauseOperators.add)
    # the room must seat the whole team plus the user
    rooms = search_conference_room([TimeInterval(starts_at, ends_at)], capacity=len(team) + 1)
    free_rooms = [
        r.room.room_name
        for r in rooms
        if any(s.start <= starts_at and ends_at <= s.end for s in r.free_slots)
    ]
    if not free_rooms:
        raise RequiresUserInput(
            f"No room for {len(team) + 1} people is free on Friday from 10 to 11 AM."
        )
    add_event(
        Event(
            subject="Team all-hands",
            attendees=team,
            starts_at=starts_at,
            ends_at=ends_at,
            location=free_rooms[0],
        )
    )


def setup_env_team_all_hands_friday():
    """An 8-person team (with the user).

    Of the rooms seating eight, only Mill is free Friday 10-11.
    """
    simulate_org_structure(
        default_employee_names=[
            "Aroha",
            "Bilal",
            "Camila",
            "Dawit",
            "Elif",
            "Fionn",
            "Greta",
            "Hiroshi",
            "Imani",
            "Joaquin",
            "Kalani",
            "Lucia",
            "Mirela",
            "Nnamdi",
        ],
        teams_to_extend={Team.Engineering: ["Oysha", "Pita", "Quang", "Rosa", "Saoirse"]},
    )
    # setup guideline #1
    friday = get_next_dow("Friday")

    def at(hour, minute):
        return datetime.datetime.combine(friday, datetime.time(hour, minute))

    # setup guideline #2: bookings inside the working day
    simulate_conference_room("Kiln", 7)  # one seat short once the user is counted
    simulate_conference_room("Loom", 10, {friday: [TimeInterval(at(10, 30), at(11, 0))]})
    simulate_conference_room(
        "Mill",
        8,
        {friday: [TimeInterval(at(9, 6), at(10, 0)), TimeInterval(at(11, 30), at(12, 0))]},
    )
    simulate_conference_room(
        "Quarry",
        12,
        {friday: [TimeInterval(at(9, 6), at(9, 40)), TimeInterval(at(10, 50), at(11, 30))]},
    )


def evaluate_team_all_hands_friday(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """The all-hands is Friday 10-11 with the whole team, in Mill; nothing else changed."""
    setup_function()
    team_ids = {e.employee_id for e in find_team_of(get_current_user())}
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    start = datetime.datetime.combine(get_next_dow("Friday"), datetime.time(10, 0))
    if event.starts_at != start or event.ends_at != start + datetime.timedelta(hours=1):
        raise SolutionError("Incorrect solution")
    # testing guideline #1: the whole team, compared by id
    attendee_ids = [a.employee_id for a in event.attendees or []]
    if set(attendee_ids) != team_ids or len(attendee_ids) != len(team_ids):
        raise SolutionError("Incorrect solution")
    # the only room that seats everyone and is free then
    if (event.location or "").strip().casefold() != "mill":
        raise SolutionError("Incorrect solution")


def setup_env_team_all_hands_friday_2():
    """The same team; every room big enough is booked during Friday 10-11: hand back to the user."""
    simulate_org_structure(
        default_employee_names=[
            "Aroha",
            "Bilal",
            "Camila",
            "Dawit",
            "Elif",
            "Fionn",
            "Greta",
            "Hiroshi",
            "Imani",
            "Joaquin",
            "Kalani",
            "Lucia",
            "Mirela",
            "Nnamdi",
        ],
        teams_to_extend={Team.Engineering: ["Oysha", "Pita", "Quang", "Rosa", "Saoirse"]},
    )
    # setup guideline #1
    friday = get_next_dow("Friday")

    def at(hour, minute):
        return datetime.datetime.combine(friday, datetime.time(hour, minute))

    # setup guideline #2: bookings inside the working day
    simulate_conference_room("Kiln", 7)
    simulate_conference_room("Loom", 10, {friday: [TimeInterval(at(10, 30), at(11, 0))]})
    simulate_conference_room("Mill", 8, {friday: [TimeInterval(at(10, 45), at(11, 15))]})
    simulate_conference_room("Quarry", 12, {friday: [TimeInterval(at(9, 30), at(10, 15))]})


def evaluate_team_all_hands_friday_2(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """No room seating eight is free: RequiresUserInput and no change."""
    setup_function()
    before = snapshot_world()
    try:
        executable()
    except RequiresUserInput:
        pass
    else:
        raise SolutionError("Incorrect solution")
    assert_no_changes_since(before)
