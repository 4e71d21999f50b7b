"""Assistant, what's the earliest the Harbor room is free for a full hour today, from now on?"""

QUERY_ID = "room_008_harbor_free_hour_today"
CATEGORY = "room-booking"
TAGS = ["find_available_time_slots", "now_", "information-seeking", "custom-clock"]
NOW = "2024-06-25T10:20:00"


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def harbor_first_free_hour() -> datetime.datetime:
    """Start of the first free hour in the Harbor room between now and the end of the day."""
    now = now_()
    end_of_day = combine(now.date(), parse_time_string(TimeExpressions.EndOfWorkDay))
    length = Duration(60, TimeUnits.Minutes)
    for slot in find_available_time_slots("Harbor", [TimeInterval(now, end_of_day)]):
        if compare_with_fixed_duration(slot, length) != ComparisonResult.SMALLER:
            return slot.start
    raise RequiresUserInput("The Harbor room has no free hour left today.")


def setup_env_harbor_first_free_hour():
    """It is 10:20. Harbor was free 9:20-10:25 (mostly past).

    The first full free hour is 12:30-13:30.
    """
    simulate_org_structure(default_employee_names=["Leilani", "Obinna", "Pernille", "Rustam"])
    # setup guideline #1
    today = now_().date()
    tomorrow = parse_date_string(DateExpressions.Tomorrow)

    def at(day, hour, minute):
        return datetime.datetime.combine(day, datetime.time(hour, minute))

    # setup guideline #2: bookings inside the working day
    simulate_conference_room(
        "Harbor",
        8,
        {
            today: [
                TimeInterval(at(today, 9, 6), at(today, 9, 20)),
                TimeInterval(at(today, 10, 25), at(today, 11, 0)),
                TimeInterval(at(today, 11, 40), at(today, 12, 30)),
                TimeInterval(at(today, 13, 30), at(today, 14, 0)),
            ],
            tomorrow: [TimeInterval(at(tomorrow, 9, 6), at(tomorrow, 17, 10))],
        },
    )
    simulate_conference_room("Lighthouse", 12)


def evaluate_harbor_first_free_hour(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Today 12:30 (a datetime, a time, or a slot starting then); nothing changes."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    expected = datetime.datetime.combine(now_().date(), datetime.time(12, 30))
    # testing guideline #2
    if isinstance(result, datetime.datetime):
        ok = result == expected
    elif isinstance(result, datetime.time):
        ok = result == expected.time()
    elif (
        isinstance(result, tuple) and len(result) == 2 and isinstance(result[0], datetime.datetime)
    ):
        ok = result[0] == expected and result[1] >= expected + datetime.timedelta(hours=1)
    else:
        ok = False
    if not ok:
        raise SolutionError("Incorrect solution")
