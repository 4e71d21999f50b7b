"""Assistant, which days next week will Nerea be in the office?"""

QUERY_ID = "vacation_003_days_in_office_next_week"
CATEGORY = "vacations-availability"
TAGS = [
    "information-seeking",
    "get_vacation_schedule",
    "parse_durations_to_date_interval",
    "working-days",
]

if __name__ == "__main__":
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def nerea_office_days_next_week() -> list[datetime.date]:
    """Next week's working days on which Nerea is not on holiday."""
    nerea = find_employee("Nerea")[0]  # by structure guideline #1
    week = parse_durations_to_date_interval(DateRanges.NextWeek)
    vacations = get_vacation_schedule(nerea) or []
    days = []
    day = week.start
    while day <= week.end:
        if day.weekday() < 5 and not any(v.contains_date(day) for v in vacations):
            days.append(day)
        day = day + datetime.timedelta(days=1)
    return days


def setup_env_nerea_office_days_next_week():
    """Nerea is off Wednesday and Thursday next week (and was off last week); a colleague is off
    Monday.
    """
    simulate_org_structure(default_employee_names=["Nerea", "Obiageli", "Henrik", "Zhao", "Paloma"])
    nerea = find_employee("Nerea")[0]  # setup guideline #4
    henrik = find_employee("Henrik")[0]  # setup guideline #4

    def days_off(first: datetime.date, last: datetime.date) -> TimeInterval:
        return TimeInterval(
            start=combine(first, time_by_hm(12, 0, "am")),
            end=combine(last, time_by_hm(11, 59, "pm")),
        )

    # setup guideline #1: dates grounded with time_utils
    next_week = parse_durations_to_date_interval(DateRanges.NextWeek)
    wednesday = get_next_dow("Wednesday", after=next_week.start)
    thursday = get_next_dow("Thursday", after=next_week.start)
    simulate_vacation_schedule(
        nerea,
        [
            days_off(wednesday, thursday),
            days_off(get_prev_dow("Monday"), get_prev_dow("Monday")),
            days_off(
                get_next_dow("Monday", after=next_week.end),
                get_next_dow("Friday", after=next_week.end),
            ),
        ],
    )
    simulate_vacation_schedule(henrik, [days_off(next_week.start, next_week.start)])


def evaluate_nerea_office_days_next_week(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Nerea is in on Monday 1, Tuesday 2 and Friday 5 July; nothing may change."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    expected = {datetime.date(2024, 7, 1), datetime.date(2024, 7, 2), datetime.date(2024, 7, 5)}
    names = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")

    def as_date(value: Any) -> datetime.date | None:
        if isinstance(value, datetime.datetime):
            return value.date()
        if isinstance(value, datetime.date):
            return value
        if isinstance(value, str):
            if value.strip().capitalize() in names:
                return datetime.date(2024, 7, 1) + datetime.timedelta(
                    days=names.index(value.strip().capitalize())
                )
            try:
                return datetime.date.fromisoformat(value[:10])
            except ValueError:
                return None
        return None

    # testing guideline #2: dates, datetimes, ISO strings or weekday names, in any order
    if not isinstance(result, list | tuple | set):
        raise SolutionError("Incorrect solution")
    days = [as_date(v) for v in result]
    if None in days or len(days) != len(set(days)) or set(days) != expected:
        raise SolutionError("Incorrect solution")
