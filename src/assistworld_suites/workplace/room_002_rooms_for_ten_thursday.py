"""Assistant, I need somewhere for ten people on Thursday between 1 and 5 PM. Which rooms are big enough and free for that whole stretch?"""  # noqa: E501

QUERY_ID = "room_002_rooms_for_ten_thursday"
CATEGORY = "room-booking"
TAGS = ["search_conference_room", "capacity", "information-seeking"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def rooms_for_ten_on_thursday() -> list[str]:
    """Names of the rooms seating at least ten that are free Thursday 13:00-17:00."""
    thursday = get_next_dow("Thursday")
    starts_at = combine(thursday, time_by_hm(1, 0, "pm"))
    ends_at = combine(thursday, time_by_hm(5, 0, "pm"))
    found = []
    for availability in search_conference_room([TimeInterval(starts_at, ends_at)], capacity=10):
        # fully booked or partly booked rooms come back too: keep those free throughout
        if any(slot.start <= starts_at and ends_at <= slot.end for slot in availability.free_slots):
            found.append(availability.room.room_name)
    return found


def setup_env_rooms_for_ten_on_thursday():
    """Six rooms; Atlas, Cascade and Estuary seat ten or more and are free Thursday 13:00-17:00."""
    simulate_org_structure(default_employee_names=["Naledi", "Piotr", "Keanu", "Farah"])
    # setup guideline #1
    wednesday = get_next_dow("Wednesday")
    thursday = get_next_dow("Thursday")

    def at(day, hour, minute):
        return datetime.datetime.combine(day, datetime.time(hour, minute))

    # setup guideline #2: bookings inside the working day
    simulate_conference_room(
        "Atlas", 12, {thursday: [TimeInterval(at(thursday, 11, 0), at(thursday, 13, 0))]}
    )
    simulate_conference_room(
        "Borealis", 10, {thursday: [TimeInterval(at(thursday, 15, 0), at(thursday, 15, 30))]}
    )
    simulate_conference_room("Cascade", 10)
    simulate_conference_room("Dune", 8)
    simulate_conference_room(
        "Estuary",
        20,
        {
            wednesday: [TimeInterval(at(wednesday, 13, 0), at(wednesday, 17, 0))],
            thursday: [TimeInterval(at(thursday, 17, 0), at(thursday, 17, 10))],
        },
    )
    simulate_conference_room(
        "Fjord", 16, {thursday: [TimeInterval(at(thursday, 13, 30), at(thursday, 14, 0))]}
    )


def evaluate_rooms_for_ten_on_thursday(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Exactly Atlas, Cascade and Estuary, in any order, as names or room objects.

    Nothing changes.
    """
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

    if not isinstance(result, (list, tuple, set)):
        raise SolutionError("Incorrect solution")
    names = [name_of(item) for item in result]
    if len(names) != 3 or set(names) != {"atlas", "cascade", "estuary"}:
        raise SolutionError("Incorrect solution")
