"""Assistant, add a one-hour planning session with Beatriz and Chidi tomorrow at 11 in the Willow room. If Willow's taken then, put it in any free room that fits the three of us."""  # noqa: E501

QUERY_ID = "room_001_willow_or_fallback"
CATEGORY = "room-booking"
TAGS = [
    "find_available_time_slots",
    "search_conference_room",
    "add_event",
    "conditional",
    "capacity",
]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def plan_session_in_willow():
    """Book the planning session in Willow, or in another free room seating three."""
    # by structure guideline #1
    beatriz = find_employee("Beatriz")[0]
    chidi = find_employee("Chidi")[0]
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    starts_at = combine(tomorrow, time_by_hm(11, 0, "am"))
    ends_at = modify(starts_at, Duration(1, TimeUnits.Hours), operator=DateTimeClauseOperators.add)
    wanted = TimeInterval(starts_at, ends_at)

    def covers(slots: list[TimeInterval]) -> bool:
        # the room must be free for the whole hour
        return any(slot.start <= starts_at and ends_at <= slot.end for slot in slots)

    room_name = None
    if covers(find_available_time_slots("Willow", [wanted])):
        room_name = "Willow"
    else:
        # the user plus two colleagues
        for availability in search_conference_room([wanted], capacity=3):
            if covers(availability.free_slots):
                room_name = availability.room.room_name
                break
    if room_name is None:
        raise RequiresUserInput(
            "Willow is taken tomorrow at 11 and no other room for three is free."
        )
    add_event(
        Event(
            subject="Planning session",
            attendees=[beatriz, chidi],
            starts_at=starts_at,
            ends_at=ends_at,
            location=room_name,
        )
    )


def setup_env_plan_session_in_willow():
    """Willow is free tomorrow 11-12 (a booking ends exactly at 11)."""
    simulate_org_structure(default_employee_names=["Beatriz", "Chidi", "Olga", "Rahul", "Mei"])
    # setup guideline #1
    tomorrow = parse_date_string(DateExpressions.Tomorrow)

    def at(hour, minute):
        return datetime.datetime.combine(tomorrow, datetime.time(hour, minute))

    # setup guideline #2: bookings inside the working day
    simulate_conference_room(
        "Willow",
        6,
        {tomorrow: [TimeInterval(at(10, 0), at(11, 0)), TimeInterval(at(14, 0), at(15, 0))]},
    )
    simulate_conference_room("Fern", 2)
    simulate_conference_room("Aspen", 6, {tomorrow: [TimeInterval(at(10, 0), at(11, 15))]})
    simulate_conference_room("Sequoia", 10, {tomorrow: [TimeInterval(at(11, 45), at(12, 0))]})
    simulate_conference_room("Juniper", 4, {tomorrow: [TimeInterval(at(9, 6), at(10, 30))]})
    simulate_user_calendar([Event(subject="Inbox zero", starts_at=at(15, 0), ends_at=at(15, 30))])


def evaluate_plan_session_in_willow(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """The session is booked in Willow, tomorrow 11:00-12:00, with Beatriz and Chidi."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    expected_start = datetime.datetime.combine(tomorrow, datetime.time(11, 0))
    if event.starts_at != expected_start or event.ends_at != expected_start + datetime.timedelta(
        hours=1
    ):
        raise SolutionError("Incorrect solution")
    # the room is booked by naming it in the location (any letter case)
    if (event.location or "").strip().casefold() != "Willow".casefold():
        raise SolutionError("Incorrect solution")
    # testing guideline #1: attendees compared by id
    expected = {find_employee("Beatriz")[0].employee_id, find_employee("Chidi")[0].employee_id}
    if {a.employee_id for a in event.attendees or []} != expected or len(event.attendees) != 2:
        raise SolutionError("Incorrect solution")


def setup_env_plan_session_in_willow_2():
    """Willow is booked 11:30-12:30 tomorrow.

    Of the other rooms only Juniper fits three and is free.
    """
    simulate_org_structure(default_employee_names=["Beatriz", "Chidi", "Olga", "Rahul", "Mei"])
    # setup guideline #1
    tomorrow = parse_date_string(DateExpressions.Tomorrow)

    def at(hour, minute):
        return datetime.datetime.combine(tomorrow, datetime.time(hour, minute))

    # setup guideline #2: bookings inside the working day
    simulate_conference_room("Willow", 6, {tomorrow: [TimeInterval(at(11, 30), at(12, 30))]})
    simulate_conference_room("Fern", 2)
    simulate_conference_room("Aspen", 6, {tomorrow: [TimeInterval(at(10, 0), at(11, 15))]})
    simulate_conference_room("Sequoia", 10, {tomorrow: [TimeInterval(at(11, 45), at(12, 0))]})
    simulate_conference_room("Juniper", 4, {tomorrow: [TimeInterval(at(9, 6), at(11, 0))]})
    simulate_user_calendar([Event(subject="Inbox zero", starts_at=at(15, 0), ends_at=at(15, 30))])


def evaluate_plan_session_in_willow_2(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """The session falls back to Juniper, tomorrow 11:00-12:00, with Beatriz and Chidi."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    expected_start = datetime.datetime.combine(tomorrow, datetime.time(11, 0))
    if event.starts_at != expected_start or event.ends_at != expected_start + datetime.timedelta(
        hours=1
    ):
        raise SolutionError("Incorrect solution")
    # the room is booked by naming it in the location (any letter case)
    if (event.location or "").strip().casefold() != "Juniper".casefold():
        raise SolutionError("Incorrect solution")
    # testing guideline #1: attendees compared by id
    expected = {find_employee("Beatriz")[0].employee_id, find_employee("Chidi")[0].employee_id}
    if {a.employee_id for a in event.attendees or []} != expected or len(event.attendees) != 2:
        raise SolutionError("Incorrect solution")
