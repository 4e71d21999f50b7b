"""Assistant, I'd like to take a full Monday-to-Friday week off in August, but not while my manager is away. Which weeks could I pick?"""  # noqa: E501

QUERY_ID = "extra_030_august_week_off"
CATEGORY = "vacations-availability"
TAGS = [
    "information-seeking",
    "find_manager_of",
    "get_vacation_schedule",
    "weeks-of-month",
    "list-answer",
]

if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def august_weeks_free_of_manager_holidays() -> list[DateRange]:
    """Monday-Friday weeks inside August that do not overlap my manager's holidays."""
    manager = find_manager_of(get_current_user())
    holidays = (get_vacation_schedule(manager) or []) if manager is not None else []
    august_first = date_by_mdy(month=8, day=1)
    if august_first.weekday() == 0:
        monday = august_first
    else:
        monday = get_next_dow("Monday", after=august_first)
    weeks = []
    while monday.month == 8:
        friday = get_next_dow("Friday", after=monday)
        overlaps = any(v.start.date() <= friday and v.end.date() >= monday for v in holidays)
        if friday.month == 8 and not overlaps:
            weeks.append(DateRange(monday, friday))
        monday = get_next_dow("Monday", after=monday)
    return weeks


def setup_env_august_weeks_free_of_manager_holidays():
    """The manager is off 29 July-2 August and 14-20 August; others are off on other weeks."""
    simulate_org_structure(
        default_employee_names=[
            "Ahanu",
            "Brontë",
            "Chloé",
            "Dmitar",
            "Eilidh",
            "Fergus",
            "Grazyna",
            "Hiroko",
            "Isaura",
        ],
        user_name="Jovan",
    )
    manager = find_manager_of(get_current_user())
    # setup guideline #4
    chloe = find_employee("Chloé")[0]
    bronte = find_employee("Brontë")[0]

    def days_off(first, last):
        return TimeInterval(
            start=combine(first, time_by_hm(12, 0, "am")),
            end=combine(last, time_by_hm(11, 59, "pm")),
        )

    # setup guideline #1
    simulate_vacation_schedule(
        manager,
        [
            days_off(date_by_mdy(month=7, day=29), date_by_mdy(month=8, day=2)),
            days_off(date_by_mdy(month=8, day=14), date_by_mdy(month=8, day=20)),
        ],
    )
    simulate_vacation_schedule(
        chloe, [days_off(date_by_mdy(month=8, day=5), date_by_mdy(month=8, day=9))]
    )
    simulate_vacation_schedule(
        bronte, [days_off(date_by_mdy(month=8, day=26), date_by_mdy(month=8, day=30))]
    )


def evaluate_august_weeks_free_of_manager_holidays(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """The weeks starting Monday 5 August and Monday 26 August."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    expected = {datetime.date(2024, 8, 5), datetime.date(2024, 8, 26)}

    def as_date(item):
        if isinstance(item, datetime.datetime):
            return item.date()
        if isinstance(item, datetime.date):
            return item
        if isinstance(item, str):
            try:
                return datetime.date.fromisoformat(item.strip()[:10])
            except ValueError:
                return None
        return None

    def week_start(item):
        # a lone Monday, or a DateRange, TimeInterval, (start, end) pair or list of the days,
        # which must then end on the Friday of that week
        if isinstance(item, list | tuple) and item:
            first, last = as_date(item[0]), as_date(item[-1])
            if first is None or last != first + datetime.timedelta(days=4):
                return None
            return first
        return as_date(item)

    # testing guideline #2: each week given by its Monday, as a range, interval or list of days
    if not isinstance(result, list | tuple):
        raise SolutionError("Incorrect solution")
    starts = [week_start(item) for item in result]
    if len(starts) != len(expected) or set(starts) != expected:
        raise SolutionError("Incorrect solution")
