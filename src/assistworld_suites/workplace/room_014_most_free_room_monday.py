"""Assistant, which conference room has the most free time on Monday?"""

QUERY_ID = "room_014_most_free_room_monday"
CATEGORY = "room-booking"
TAGS = ["search_conference_room", "information-seeking", "max-by", "overlapping-bookings"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def most_free_room_monday() -> str:
    """The name of the room with the most free minutes in Monday's working day."""
    monday = get_next_dow("Monday")
    best_name, best_minutes = None, -1.0
    for availability in search_conference_room([monday]):
        minutes = sum(convert(slot, TimeUnits.Minutes).number for slot in availability.free_slots)
        if minutes > best_minutes:
            best_name, best_minutes = availability.room.room_name, minutes
    if best_name is None:
        raise RequiresUserInput("There are no conference rooms.")
    return best_name


def setup_env_most_free_room_monday():
    """Free minutes on Monday: Alder 364, Beech 214, Cypress 440, Dogwood 439, Elm 0.

    Two of Cypress's bookings overlap; merged, they block 24 + 20 minutes.
    """
    simulate_org_structure(default_employee_names=["Mana", "Nikhil", "Olamide", "Paz"])
    # setup guideline #1
    monday = get_next_dow("Monday")
    tuesday = get_next_dow("Tuesday", after=monday)

    def at(day, hour, minute):
        return datetime.datetime.combine(day, datetime.time(hour, minute))

    def slots(day, *spans):
        return [TimeInterval(at(day, *a), at(day, *b)) for a, b in spans]

    # setup guideline #2: bookings inside the working day
    simulate_conference_room("Alder", 6, {monday: slots(monday, ((10, 0), (12, 0)))})
    simulate_conference_room(
        "Beech",
        8,
        {
            monday: slots(monday, ((9, 6), (9, 36)), ((13, 0), (17, 0))),
            tuesday: slots(tuesday, ((9, 6), (9, 10))),
        },
    )
    # two bookings overlap: merged they block 24 + 20 minutes
    simulate_conference_room(
        "Cypress",
        4,
        {
            monday: slots(monday, ((9, 6), (9, 30)), ((9, 15), (9, 30)), ((16, 50), (17, 10))),
            tuesday: slots(tuesday, ((9, 6), (17, 10))),
        },
    )
    simulate_conference_room(
        "Dogwood",
        10,
        {monday: slots(monday, ((11, 0), (11, 45))), tuesday: slots(tuesday, ((12, 0), (14, 0)))},
    )
    simulate_conference_room("Elm", 12, {monday: slots(monday, ((9, 6), (17, 10)))})


def evaluate_most_free_room_monday(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Cypress (as a name or a room object); nothing changes."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    # testing guideline #2
    if isinstance(result, ConferenceRoom):
        result = result.room_name
    elif isinstance(result, RoomAvailability):
        result = result.room.room_name
    if not isinstance(result, str) or result.strip().casefold() != "cypress":
        raise SolutionError("Incorrect solution")
