"""Assistant, book a one-hour sync with the Engineering managers next Monday at 9:30, in a free room that fits them and me."""  # noqa: E501

QUERY_ID = "mixed_028_engineering_managers_sync_room"
CATEGORY = "room-booking"
TAGS = [
    "get_employee_profile",
    "team-attribute",
    "role",
    "search_conference_room",
    "RequiresUserInput",
    "contrast-set",
]

if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def engineering_managers_sync():
    """Monday 9:30-10:30 with every Engineering manager, in a room free then with enough seats."""
    managers = []
    for person in get_all_employees():
        # team and role are profile fields, not Employee attributes
        profile = get_employee_profile(person)
        if profile.team == Team.Engineering and profile.role == "Manager":
            managers.append(person)
    if not managers:
        raise RequiresUserInput("There are no managers in Engineering.")
    monday = get_next_dow("Monday")
    starts_at = combine(monday, time_by_hm(9, 30, "am"))
    ends_at = modify(starts_at, Duration(1, TimeUnits.Hours), operator=DateTimeClauseOperators.add)
    free_rooms = [
        a.room.room_name
        for a in search_conference_room([TimeInterval(starts_at, ends_at)], len(managers) + 1)
        if any(s.start <= starts_at and ends_at <= s.end for s in a.free_slots)
    ]
    if not free_rooms:
        raise RequiresUserInput(
            f"No room for {len(managers) + 1} people is free on Monday from 9:30 to 10:30."
        )
    add_event(
        Event(
            subject="Engineering managers sync",
            attendees=managers,
            starts_at=starts_at,
            ends_at=ends_at,
            location=free_rooms[0],
        )
    )


def setup_env_engineering_managers_sync():
    """Engineering (eight people) has two managers, Mafalda and Quinlan; the user is in Finance.

    Rooms on Monday: Acacia (2 seats) is too small, Bramble (4) is booked 9:00-9:45, Cypress (3)
    and Dogwood (10) are free, Elm (6) is booked 10:15-10:45.
    """
    simulate_org_structure(
        default_employee_names=[
            "Ashkii",
            "Brontë",
            "Cyprian",
            "Dalia",
            "Eilidh",
            "Fabrizio",
            "Gwendolyn",
            "Heikki",
            "Ishaan",
            "Jolene",
        ],
        user_name="Kofi",
        user_team=Team.Finance,
        teams_to_extend={
            Team.Engineering: ["Lumi", "Marisol", "Nkemdirim", "Oswin", "Prudence", "Quinlan"]
        },
    )
    # setup guideline #1
    monday = get_next_dow("Monday")

    def at(hour, minute):
        return combine(monday, datetime.time(hour, minute))

    # setup guideline #2: bookings inside the working day
    simulate_conference_room("Acacia", 2)
    simulate_conference_room("Bramble", 4, {monday: [TimeInterval(at(9, 6), at(9, 45))]})
    simulate_conference_room("Cypress", 3, {monday: [TimeInterval(at(11, 0), at(12, 0))]})
    simulate_conference_room("Dogwood", 10)
    simulate_conference_room("Elm", 6, {monday: [TimeInterval(at(10, 15), at(10, 45))]})


def evaluate_engineering_managers_sync(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """One event Monday 9:30-10:30 with the two Engineering managers in Cypress or Dogwood."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    monday = get_next_dow("Monday")
    if event.starts_at != combine(monday, datetime.time(9, 30)):
        raise SolutionError("Incorrect solution")
    if event.ends_at != combine(monday, datetime.time(10, 30)):
        raise SolutionError("Incorrect solution")
    expected = sorted(find_employee(n)[0].employee_id for n in ("Mafalda", "Quinlan"))
    if sorted(a.employee_id for a in event.attendees or []) != expected:
        raise SolutionError("Incorrect solution")
    if (event.location or "").strip().casefold() not in {"cypress", "dogwood"}:
        raise SolutionError("Incorrect solution")


def setup_env_engineering_managers_sync_no_room():
    """The same people, but the only rooms with three or more seats are all busy at 9:30."""
    simulate_org_structure(
        default_employee_names=[
            "Ashkii",
            "Brontë",
            "Cyprian",
            "Dalia",
            "Eilidh",
            "Fabrizio",
            "Gwendolyn",
            "Heikki",
            "Ishaan",
            "Jolene",
        ],
        user_name="Kofi",
        user_team=Team.Finance,
        teams_to_extend={
            Team.Engineering: ["Lumi", "Marisol", "Nkemdirim", "Oswin", "Prudence", "Quinlan"]
        },
    )
    # setup guideline #1
    monday = get_next_dow("Monday")

    def at(hour, minute):
        return combine(monday, datetime.time(hour, minute))

    # setup guideline #2: bookings inside the working day
    simulate_conference_room("Acacia", 2)
    simulate_conference_room("Bramble", 4, {monday: [TimeInterval(at(9, 6), at(9, 45))]})
    simulate_conference_room("Cypress", 3, {monday: [TimeInterval(at(10, 0), at(11, 0))]})
    simulate_conference_room("Dogwood", 10, {monday: [TimeInterval(at(9, 6), at(12, 0))]})


def evaluate_engineering_managers_sync_no_room(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """No suitable room is free: hand back to the user and book nothing."""
    setup_function()
    before = snapshot_world()
    try:
        executable()
    except RequiresUserInput:
        assert_no_changes_since(before)
        return
    raise SolutionError("Incorrect solution")
