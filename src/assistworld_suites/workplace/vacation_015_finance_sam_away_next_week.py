"""Assistant, is Sam from Finance on holiday at any point next week?"""

QUERY_ID = "vacation_015_finance_sam_away_next_week"
CATEGORY = "vacations-availability"
TAGS = [
    "information-seeking",
    "get_vacation_schedule",
    "duplicate-names",
    "get_employee_profile",
    "RequiresUserInput",
    "contrast-set",
]

if __name__ == "__main__":
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def is_finance_sam_away_next_week() -> bool:
    """True if the Sam who works in Finance has a holiday overlapping next Monday to Sunday."""
    # the query names the team, so several Sams may exist: keep only the one in Finance
    sams = [e for e in find_employee("Sam") if get_employee_profile(e).team == Team.Finance]
    if not sams:
        raise RequiresUserInput("I couldn't find anyone called Sam in Finance.")
    if len(sams) > 1:
        raise RequiresUserInput(
            f"{len(sams)} people called Sam work in Finance; which one do you mean?"
        )
    week = parse_durations_to_date_interval(DateRanges.NextWeek)
    return any(
        v.start.date() <= week.end and v.end.date() >= week.start
        for v in get_vacation_schedule(sams[0]) or []
    )


def setup_env_is_finance_sam_away_next_week():
    """Two Sams (the COO and one in Finance); the Finance Sam is off Friday 5 to Tuesday 9 July."""
    simulate_org_structure(
        default_employee_names=["Sam", "Aurelio", "Hine", "Jovana", "Tadesse"],
        teams_to_extend={Team.Finance: ["Sam", "Wren", "Kasimir"]},
    )
    finance_sam = next(
        e for e in find_employee("Sam") if get_employee_profile(e).team == Team.Finance
    )
    other_sam = next(e for e in find_employee("Sam") if e != finance_sam)
    # setup guideline #1: dates grounded with time_utils
    week = parse_durations_to_date_interval(DateRanges.NextWeek)
    simulate_vacation_schedule(
        finance_sam,
        [
            TimeInterval(
                start=combine(get_next_dow("Friday", after=week.start), time_by_hm(12, 0, "am")),
                end=combine(get_next_dow("Tuesday", after=week.end), time_by_hm(11, 59, "pm")),
            ),
            TimeInterval(
                start=combine(date_by_mdy(month=10, day=14), time_by_hm(12, 0, "am")),
                end=combine(date_by_mdy(month=10, day=18), time_by_hm(11, 59, "pm")),
            ),
        ],
    )
    simulate_vacation_schedule(
        other_sam,
        [
            TimeInterval(
                start=combine(date_by_mdy(month=8, day=5), time_by_hm(12, 0, "am")),
                end=combine(date_by_mdy(month=8, day=9), time_by_hm(11, 59, "pm")),
            )
        ],
    )


def evaluate_is_finance_sam_away_next_week(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """The Finance Sam is away from Friday 5 July: the answer is yes."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    # testing guideline #2: a yes/no, or a non-empty list (e.g. the days or holidays concerned)
    if isinstance(result, bool):
        if result is not True:
            raise SolutionError("Incorrect solution")
        return
    if not isinstance(result, list | tuple) or len(result) == 0:
        raise SolutionError("Incorrect solution")


def setup_env_is_finance_sam_away_next_week_two_in_finance():
    """Two different Sams both work in Finance, so "Sam from Finance" is still ambiguous."""
    simulate_org_structure(
        default_employee_names=["Aurelio", "Hine", "Jovana", "Tadesse"],
        teams_to_extend={Team.Finance: ["Sam", "Wren", "Sam"]},
    )
    first, second = find_employee("Sam")[:2]
    # setup guideline #1: dates grounded with time_utils
    week = parse_durations_to_date_interval(DateRanges.NextWeek)
    simulate_vacation_schedule(
        first,
        [
            TimeInterval(
                start=combine(week.start, time_by_hm(12, 0, "am")),
                end=combine(get_next_dow("Wednesday", after=week.start), time_by_hm(11, 59, "pm")),
            )
        ],
    )
    simulate_vacation_schedule(
        second,
        [
            TimeInterval(
                start=combine(date_by_mdy(month=9, day=2), time_by_hm(12, 0, "am")),
                end=combine(date_by_mdy(month=9, day=6), time_by_hm(11, 59, "pm")),
            )
        ],
    )


def evaluate_is_finance_sam_away_next_week_two_in_finance(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """The assistant must ask which Sam (RequiresUserInput) and change nothing."""
    setup_function()
    before = snapshot_world()
    try:
        executable()
    except RequiresUserInput:
        assert_no_changes_since(before)
        return
    raise SolutionError("Incorrect solution")


def setup_env_is_finance_sam_away_next_week_other_sam_away():
    """Only the other Sam (the COO) is off next week; the Finance Sam's holidays sit either side of
    it.
    """
    simulate_org_structure(
        default_employee_names=["Sam", "Aurelio", "Hine", "Jovana", "Tadesse"],
        teams_to_extend={Team.Finance: ["Sam", "Wren", "Kasimir"]},
    )
    finance_sam = next(
        e for e in find_employee("Sam") if get_employee_profile(e).team == Team.Finance
    )
    other_sam = next(e for e in find_employee("Sam") if e != finance_sam)

    def days_off(first: datetime.date, last: datetime.date) -> TimeInterval:
        return TimeInterval(
            start=combine(first, time_by_hm(12, 0, "am")),
            end=combine(last, time_by_hm(11, 59, "pm")),
        )

    # setup guideline #1: dates grounded with time_utils
    week = parse_durations_to_date_interval(DateRanges.NextWeek)
    week_after = get_next_dow("Monday", after=week.start)
    simulate_vacation_schedule(
        finance_sam,
        [
            days_off(get_prev_dow("Monday"), get_next_dow("Friday")),
            days_off(week_after, get_next_dow("Friday", after=week_after)),
        ],
    )
    simulate_vacation_schedule(other_sam, [days_off(week.start, week.end)])


def evaluate_is_finance_sam_away_next_week_other_sam_away(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """The Finance Sam is in all next week: the answer is no."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    # testing guideline #2: a yes/no, or an empty list
    if isinstance(result, bool):
        if result is not False:
            raise SolutionError("Incorrect solution")
        return
    if not isinstance(result, list | tuple) or len(result) != 0:
        raise SolutionError("Incorrect solution")
