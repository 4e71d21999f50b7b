"""Assistant, which rooms could take everyone in Sales and Marketing plus me for an hour on Monday at 2 PM?"""  # noqa: E501

QUERY_ID = "mixed_025_rooms_for_sales_and_me"
CATEGORY = "room-booking"
TAGS = ["information-seeking", "search_conference_room", "team-attribute", "capacity"]

if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def rooms_for_sales_and_me() -> list[str]:
    """Rooms seating the whole Sales and Marketing team and the user, free Monday 14:00-15:00."""
    # the team is on each profile; the user is not in Sales and Marketing, so add one seat
    sales = [e for e in get_all_employees() if get_employee_profile(e).team == Team.SalesMarketing]
    seats = len(sales) + 1
    monday = get_next_dow("Monday")
    starts_at = combine(monday, time_by_hm(2, 0, "pm"))
    ends_at = modify(starts_at, Duration(1, TimeUnits.Hours), operator=DateTimeClauseOperators.add)
    rooms = []
    for availability in search_conference_room([TimeInterval(starts_at, ends_at)], seats):
        # rooms booked during the hour come back too: keep those free throughout
        if any(s.start <= starts_at and ends_at <= s.end for s in availability.free_slots):
            rooms.append(availability.room.room_name)
    return rooms


def setup_env_rooms_for_sales_and_me():
    """Sales and Marketing has six people, so seven seats are needed. Aurora (8), Dunmore (7,
    booked from 15:00) and Fjell (7) fit; Banyan (6) is too small; Cobalt and Ember are booked.
    """
    simulate_org_structure(
        default_employee_names=[
            "Anahí",
            "Bodil",
            "Caetano",
            "Dervla",
            "Emmerich",
            "Fumilayo",
            "Gethin",
            "Hyun-joo",
            "Isko",
            "Jarrah",
        ],
        user_name="Kerensa",
        user_team=Team.Engineering,
        teams_to_extend={Team.SalesMarketing: ["Leocadia", "Mwangi", "Nyoka", "Oren"]},
    )
    # setup guideline #1
    monday = get_next_dow("Monday")
    friday = get_next_dow("Friday")

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guideline #2: bookings inside the working day
    simulate_conference_room("Aurora", 8)
    simulate_conference_room("Banyan", 6)
    simulate_conference_room(
        "Cobalt", 12, {monday: [TimeInterval(at(monday, 13, 30), at(monday, 14, 15))]}
    )
    simulate_conference_room(
        "Dunmore", 7, {monday: [TimeInterval(at(monday, 15, 0), at(monday, 16, 0))]}
    )
    simulate_conference_room(
        "Ember", 20, {monday: [TimeInterval(at(monday, 14, 30), at(monday, 14, 45))]}
    )
    simulate_conference_room(
        "Fjell", 7, {friday: [TimeInterval(at(friday, 14, 0), at(friday, 15, 0))]}
    )


def evaluate_rooms_for_sales_and_me(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Exactly Aurora, Dunmore and Fjell, in any order; nothing changes."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)

    # testing guideline #2: names, ConferenceRoom or RoomAvailability items are all fine
    def name_of(item):
        if isinstance(item, str):
            return item.strip().casefold()
        if isinstance(item, ConferenceRoom):
            return item.room_name.casefold()
        if isinstance(item, RoomAvailability):
            return item.room.room_name.casefold()
        raise SolutionError("Incorrect solution")

    if not isinstance(result, list | tuple | set):
        raise SolutionError("Incorrect solution")
    names = [name_of(item) for item in result]
    if len(names) != 3 or set(names) != {"aurora", "dunmore", "fjell"}:
        raise SolutionError("Incorrect solution")
