"""Assistant, how many days of holiday have I taken so far this year?"""

QUERY_ID = "vacation_011_holiday_taken_this_year"
CATEGORY = "vacations-availability"
TAGS = ["information-seeking", "get_vacation_schedule", "working-days", "year-boundary", "past"]

if __name__ == "__main__":
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def holiday_days_taken_this_year() -> int:
    """Working days of the user's holidays from 1 January up to yesterday."""
    me = get_current_user()
    today = now_().date()
    first_of_year = date_by_mdy(month=1, day=1)
    taken = 0
    for holiday in get_vacation_schedule(me) or []:
        day = max(holiday.start.date(), first_of_year)
        while day <= holiday.end.date() and day < today:
            if day.weekday() < 5:
                taken += 1
            day = day + datetime.timedelta(days=1)
    return taken


def setup_env_holiday_days_taken_this_year():
    """Holidays over New Year, in February and around Easter; one booked for July; a colleague's
    too.
    """
    simulate_org_structure(default_employee_names=["Keoni", "Ysolde", "Abdi", "Manon"])
    me = get_current_user()
    keoni = find_employee("Keoni")[0]  # setup guideline #4

    def days_off(first: datetime.date, last: datetime.date) -> TimeInterval:
        return TimeInterval(
            start=combine(first, time_by_hm(12, 0, "am")),
            end=combine(last, time_by_hm(11, 59, "pm")),
        )

    # setup guideline #1: dates grounded with time_utils (the first starts last year)
    new_year = date_by_mdy(month=1, day=1)
    simulate_vacation_schedule(
        me,
        [
            days_off(
                replace(new_year, year=new_year.year - 1, month=12, day=27),
                date_by_mdy(month=1, day=3),
            ),
            days_off(date_by_mdy(month=2, day=12), date_by_mdy(month=2, day=16)),
            days_off(date_by_mdy(month=4, day=4), date_by_mdy(month=4, day=9)),
            days_off(date_by_mdy(month=7, day=15), date_by_mdy(month=7, day=19)),
        ],
    )
    simulate_vacation_schedule(
        keoni, [days_off(date_by_mdy(month=3, day=4), date_by_mdy(month=3, day=15))]
    )


def evaluate_holiday_days_taken_this_year(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """1-3 January, 12-16 February and 4-9 April 2024: 12 working days (14 calendar days)."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    # testing guideline #2: working days (the usual holiday count) or calendar days
    if isinstance(result, Duration):
        if result.unit != TimeUnits.Days or result.number not in (12, 14):
            raise SolutionError("Incorrect solution")
        return
    if isinstance(result, bool) or not isinstance(result, int | float):
        raise SolutionError("Incorrect solution")
    if result not in (12, 14):
        raise SolutionError("Incorrect solution")
