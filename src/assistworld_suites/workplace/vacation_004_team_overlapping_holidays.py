"""Assistant, on which days next month will two or more people from my team be on holiday at the same time?"""  # noqa: E501

QUERY_ID = "vacation_004_team_overlapping_holidays"
CATEGORY = "vacations-availability"
TAGS = ["information-seeking", "find_team_of", "get_vacation_schedule", "overlap", "NextMonth"]

if __name__ == "__main__":
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def overlapping_team_holidays_next_month() -> list[datetime.date]:
    """Days of next month on which at least two of the user's teammates are on holiday."""
    team = find_team_of(get_current_user())
    schedules = [get_vacation_schedule(person) or [] for person in team]
    month = parse_durations_to_date_interval(DateRanges.NextMonth)
    clashes = []
    day = month.start
    while day <= month.end:
        away = len([s for s in schedules if any(v.contains_date(day) for v in s)])
        if away >= 2:
            clashes.append(day)
        day = day + datetime.timedelta(days=1)
    return clashes


def setup_env_overlapping_team_holidays_next_month():
    """Engineering holidays overlap on 11-12 and 24 July; overlaps in June, August and with Sales
    don't count.
    """
    simulate_org_structure(
        default_employee_names=["Kalinda", "Stelian", "Wairimu", "Enzo"],
        teams_to_extend={Team.Engineering: ["Priyanka", "Tariq", "Linnea", "Hoang"]},
    )

    def days_off(first: datetime.date, last: datetime.date) -> TimeInterval:
        return TimeInterval(
            start=combine(first, time_by_hm(12, 0, "am")),
            end=combine(last, time_by_hm(11, 59, "pm")),
        )

    def july(day: int) -> datetime.date:
        return date_by_mdy(month=7, day=day)

    def august(day: int) -> datetime.date:
        return date_by_mdy(month=8, day=day)

    # setup guideline #1: dates grounded with time_utils; setup guideline #4 for the lookups
    manager = find_manager_of(get_current_user())
    simulate_vacation_schedule(manager, [days_off(july(1), july(2))])
    simulate_vacation_schedule(find_employee("Priyanka")[0], [days_off(july(8), july(12))])
    simulate_vacation_schedule(
        find_employee("Tariq")[0],
        [
            days_off(date_by_mdy(month=6, day=28), date_by_mdy(month=6, day=28)),
            days_off(july(11), july(16)),
        ],
    )
    simulate_vacation_schedule(
        find_employee("Linnea")[0], [days_off(july(22), july(26)), days_off(august(1), august(2))]
    )
    simulate_vacation_schedule(
        find_employee("Stelian")[0],
        [
            days_off(date_by_mdy(month=6, day=27), date_by_mdy(month=6, day=28)),
            days_off(july(24), july(24)),
        ],
    )
    simulate_vacation_schedule(find_employee("Hoang")[0], [days_off(august(1), august(2))])
    simulate_vacation_schedule(find_employee("Wairimu")[0], [days_off(july(9), july(9))])


def evaluate_overlapping_team_holidays_next_month(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """The answer is 11, 12 and 24 July 2024; nothing may change."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    expected = {datetime.date(2024, 7, 11), datetime.date(2024, 7, 12), datetime.date(2024, 7, 24)}

    def as_date(value: Any) -> datetime.date | None:
        if isinstance(value, datetime.datetime):
            return value.date()
        if isinstance(value, datetime.date):
            return value
        if isinstance(value, str):
            try:
                return datetime.date.fromisoformat(value[:10])
            except ValueError:
                return None
        return None

    # testing guideline #2: dates, datetimes or ISO strings, in any order
    if not isinstance(result, list | tuple | set):
        raise SolutionError("Incorrect solution")
    days = [as_date(v) for v in result]
    if None in days or len(days) != len(set(days)) or set(days) != expected:
        raise SolutionError("Incorrect solution")
