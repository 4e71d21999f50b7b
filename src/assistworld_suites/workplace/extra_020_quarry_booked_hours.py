"""Assistant, how much of the Quarry room's working day tomorrow is already booked? In hours, please."""  # noqa: E501

QUERY_ID = "extra_020_quarry_booked_hours"
CATEGORY = "room-booking"
TAGS = [
    "information-seeking",
    "find_available_time_slots",
    "convert",
    "working-hours",
    "arithmetic",
]

if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def quarry_booked_hours_tomorrow() -> float:
    """Hours of tomorrow's working day (09:06-17:10) during which the Quarry room is booked."""
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    opens = combine(tomorrow, parse_time_string(TimeExpressions.StartOfWorkDay))
    closes = combine(tomorrow, parse_time_string(TimeExpressions.EndOfWorkDay))
    working_day = TimeInterval(opens, closes)
    free = find_available_time_slots("Quarry", [working_day])
    free_minutes = sum(convert(slot, TimeUnits.Minutes).number for slot in free)
    day_minutes = convert(working_day, TimeUnits.Minutes).number
    return (day_minutes - free_minutes) / 60


def setup_env_quarry_booked_hours_tomorrow():
    """Quarry tomorrow: 8:30-9:36, 10:00-11:30, 13:00-14:00, 16:40-18:00 (3.5 h inside the day)."""
    simulate_org_structure(default_employee_names=["Amadou", "Berit", "Catalin", "Dorothea"])
    # setup guideline #1
    today = now_().date()
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    thursday = get_next_dow("Thursday")

    def span(day, start, end):
        return TimeInterval(combine(day, datetime.time(*start)), combine(day, datetime.time(*end)))

    # bookings on other days and in another room must not count; two spill outside working hours
    simulate_conference_room(
        "Quarry",
        8,
        {
            today: [span(today, (14, 0), (16, 0))],
            tomorrow: [
                span(tomorrow, (8, 30), (9, 36)),
                span(tomorrow, (10, 0), (11, 30)),
                span(tomorrow, (13, 0), (14, 0)),
                span(tomorrow, (16, 40), (18, 0)),
            ],
            thursday: [span(thursday, (9, 30), (12, 0))],
        },
    )
    simulate_conference_room(
        "Meadow",
        6,
        {tomorrow: [span(tomorrow, (9, 6), (12, 0)), span(tomorrow, (14, 0), (17, 10))]},
    )


def evaluate_quarry_booked_hours_tomorrow(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """3.5 hours (30 + 90 + 60 + 30 minutes within 09:06-17:10)."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    # testing guideline #2: hours as a number, or the length as a Duration or timedelta
    if isinstance(result, Duration):
        hours = result.to_minutes() / 60
    elif isinstance(result, datetime.timedelta):
        hours = result.total_seconds() / 3600
    elif isinstance(result, int | float) and not isinstance(result, bool):
        hours = result
    else:
        raise SolutionError("Incorrect solution")
    if abs(hours - 3.5) > 0.01:
        raise SolutionError("Incorrect solution")
