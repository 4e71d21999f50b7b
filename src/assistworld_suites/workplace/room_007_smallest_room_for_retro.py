"""Assistant, book a 90-minute retro with my team on Monday at 10 AM. Use the smallest free room that still fits all of us, I don't want to hog the big ones."""  # noqa: E501

QUERY_ID = "room_007_smallest_room_for_retro"
CATEGORY = "room-booking"
TAGS = ["find_team_of", "search_conference_room", "capacity", "min-by"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def retro_in_smallest_room():
    """A 90-minute retro on Monday 10:00 with the team, in the smallest free room that fits."""
    team = find_team_of(get_current_user())
    monday = get_next_dow("Monday")
    starts_at = combine(monday, time_by_hm(10, 0, "am"))
    ends_at = modify(
        starts_at, Duration(90, TimeUnits.Minutes), operator=DateTimeClauseOperators.add
    )
    # the team plus the user
    rooms = search_conference_room([TimeInterval(starts_at, ends_at)], capacity=len(team) + 1)
    free = [
        r.room
        for r in rooms
        if any(s.start <= starts_at and ends_at <= s.end for s in r.free_slots)
    ]
    if not free:
        raise RequiresUserInput(
            f"No room for {len(team) + 1} people is free on Monday 10:00-11:30."
        )
    smallest = min(free, key=lambda room: room.capacity)
    add_event(
        Event(
            subject="Team retro",
            attendees=team,
            starts_at=starts_at,
            ends_at=ends_at,
            location=smallest.room_name,
        )
    )


def setup_env_retro_in_smallest_room():
    """Sam's team is four with Sam; Cubby (4 seats) is the smallest room free Monday 10:00-11:30."""
    simulate_org_structure(
        default_employee_names=[
            "Aiko",
            "Bongani",
            "Chiara",
            "Dev",
            "Emilia",
            "Femi",
            "Goran",
            "Hye-jin",
            "Ilse",
            "Jomo",
            "Katarzyna",
            "Luis",
            "Mbali",
            "Nikolai",
            "Oona",
            "Paulo",
        ],
        user_name="Sam",
        user_team=Team.SalesMarketing,
    )
    # setup guideline #1
    monday = get_next_dow("Monday")

    def at(hour, minute):
        return datetime.datetime.combine(monday, datetime.time(hour, minute))

    # setup guideline #2: bookings inside the working day
    simulate_conference_room("Grand Hall", 20)
    simulate_conference_room("Pod", 5, {monday: [TimeInterval(at(14, 0), at(15, 0))]})
    simulate_conference_room("Studio", 3)  # too small once Sam is counted
    simulate_conference_room("Nook", 4, {monday: [TimeInterval(at(11, 0), at(12, 0))]})
    simulate_conference_room(
        "Cubby",
        4,
        {monday: [TimeInterval(at(9, 6), at(10, 0)), TimeInterval(at(11, 30), at(12, 0))]},
    )


def evaluate_retro_in_smallest_room(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """The retro is Monday 10:00-11:30 with the whole team in Cubby; nothing else changed."""
    setup_function()
    team_ids = {e.employee_id for e in find_team_of(get_current_user())}
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    start = datetime.datetime.combine(get_next_dow("Monday"), datetime.time(10, 0))
    if event.starts_at != start or event.ends_at != start + datetime.timedelta(minutes=90):
        raise SolutionError("Incorrect solution")
    # testing guideline #1
    attendee_ids = [a.employee_id for a in event.attendees or []]
    if set(attendee_ids) != team_ids or len(attendee_ids) != len(team_ids):
        raise SolutionError("Incorrect solution")
    if (event.location or "").strip().casefold() != "cubby":
        raise SolutionError("Incorrect solution")
