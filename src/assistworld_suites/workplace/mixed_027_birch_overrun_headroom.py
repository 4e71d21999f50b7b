"""Assistant, my 10 AM workshop tomorrow in the Birch room might overrun. How much longer could it go on before someone else needs the room?"""  # noqa: E501

QUERY_ID = "mixed_027_birch_overrun_headroom"
CATEGORY = "room-booking"
TAGS = ["information-seeking", "find_available_time_slots", "location", "convert"]

if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def birch_overrun_headroom() -> Duration:
    """How long the Birch room stays free after tomorrow's 10 AM workshop ends."""
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    ten = combine(tomorrow, time_by_hm(10, 0, "am"))
    workshops = [
        e for e in find_events() if e.starts_at == ten and "birch" in (e.location or "").casefold()
    ]
    if not workshops:
        raise RequiresUserInput("I couldn't find a 10 AM meeting in Birch tomorrow.")
    if len(workshops) > 1:
        raise RequiresUserInput(f"{len(workshops)} meetings in Birch start at 10 AM tomorrow.")
    ends_at = workshops[0].ends_at
    day_end = combine(tomorrow, parse_time_string(TimeExpressions.EndOfWorkDay))
    # the room's own bookings matter here, not the user's next meeting
    free = [
        slot
        for slot in find_available_time_slots("Birch", [TimeInterval(ends_at, day_end)])
        if slot.start == ends_at
    ]
    if not free:
        return Duration(0, TimeUnits.Minutes)
    return convert(free[0], TimeUnits.Minutes)


def setup_env_birch_overrun_headroom():
    """The workshop runs 10:00-11:30 in Birch; Birch is next booked at 12:15. The user has a call
    at 11:45 elsewhere, and the Alder room is free all day.
    """
    simulate_org_structure(
        default_employee_names=[
            "Maali",
            "Njeri",
            "Oddvar",
            "Pernille",
            "Quetzal",
            "Renske",
            "Sultana",
            "Tadeusz",
            "Ugochi",
            "Vaiva",
            "Wilhelmina",
            "Xavi",
        ]
    )
    # setup guideline #4
    maali, njeri, oddvar, pernille = (
        find_employee(n)[0] for n in ("Maali", "Njeri", "Oddvar", "Pernille")
    )
    # setup guideline #1
    tomorrow = parse_date_string(DateExpressions.Tomorrow)

    def at(hour, minute):
        return combine(tomorrow, datetime.time(hour, minute))

    # setup guideline #2: bookings inside the working day, in time order
    simulate_conference_room(
        "Birch",
        12,
        {
            tomorrow: [
                TimeInterval(at(9, 6), at(9, 45)),
                TimeInterval(at(10, 0), at(11, 30)),
                TimeInterval(at(12, 15), at(13, 0)),
                TimeInterval(at(14, 0), at(15, 0)),
            ]
        },
    )
    simulate_conference_room("Alder", 12)
    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Service design workshop",
                attendees=[maali, njeri, oddvar],
                starts_at=at(10, 0),
                ends_at=at(11, 30),
                location="Birch",
            ),
            Event(
                subject="Call with Pernille",
                attendees=[pernille],
                starts_at=at(11, 45),
                ends_at=at(12, 15),
            ),
        ]
    )


def evaluate_birch_overrun_headroom(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """45 minutes (11:30 to 12:15); nothing changes."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    # testing guideline #2: a Duration, a timedelta, a number of minutes, the free interval, or
    # a sentence
    if isinstance(result, Duration):
        correct = result.unit != TimeUnits.Months and result.to_minutes() == 45
    elif isinstance(result, datetime.timedelta):
        correct = result == datetime.timedelta(minutes=45)
    elif isinstance(result, bool):
        correct = False
    elif isinstance(result, int | float):
        correct = result == 45
    elif isinstance(result, TimeInterval):
        correct = result == TimeInterval(
            combine(tomorrow, datetime.time(11, 30)), combine(tomorrow, datetime.time(12, 15))
        )
    elif isinstance(result, str):
        correct = "45 min" in result
    else:
        correct = False
    if not correct:
        raise SolutionError("Incorrect solution")
