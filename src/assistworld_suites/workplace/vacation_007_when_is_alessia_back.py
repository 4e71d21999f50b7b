"""Assistant, when is Alessia back from her holiday?"""

QUERY_ID = "vacation_007_when_is_alessia_back"
CATEGORY = "vacations-availability"
TAGS = [
    "information-seeking",
    "get_vacation_schedule",
    "duplicate-names",
    "RequiresUserInput",
    "contrast-set",
]

if __name__ == "__main__":
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def when_is_alessia_back() -> datetime.date:
    """Alessia's first working day after her current or next holiday."""
    matches = find_employee("Alessia")
    if not matches:
        raise RequiresUserInput("I couldn't find anyone called Alessia.")
    if len(matches) > 1:
        raise RequiresUserInput(
            f"There are {len(matches)} people called Alessia; which one do you mean?"
        )
    alessia = matches[0]
    today = now_().date()
    holidays = [v for v in get_vacation_schedule(alessia) or [] if v.end.date() >= today]
    if not holidays:
        raise RequiresUserInput("Alessia has no current or upcoming holiday on record.")
    back = holidays[0].end.date() + datetime.timedelta(days=1)
    while back.weekday() >= 5:
        back = back + datetime.timedelta(days=1)
    return back


def setup_env_when_is_alessia_back_two_alessias():
    """Two different people are called Alessia, both with holidays: the question is ambiguous."""
    simulate_org_structure(
        default_employee_names=["Alessia", "Alessia", "Armando", "Precious", "Eero", "Laleh"]
    )
    first, second = find_employee("Alessia")[:2]
    # setup guideline #1: dates grounded with time_utils
    monday = get_prev_dow("Monday")
    simulate_vacation_schedule(
        first,
        [
            TimeInterval(
                start=combine(monday, time_by_hm(12, 0, "am")),
                end=combine(get_next_dow("Friday"), time_by_hm(11, 59, "pm")),
            )
        ],
    )
    simulate_vacation_schedule(
        second,
        [
            TimeInterval(
                start=combine(get_next_dow("Monday"), time_by_hm(12, 0, "am")),
                end=combine(
                    get_next_dow("Wednesday", after=get_next_dow("Monday")),
                    time_by_hm(11, 59, "pm"),
                ),
            )
        ],
    )


def evaluate_when_is_alessia_back_two_alessias(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """With two Alessias the assistant must ask which one (RequiresUserInput) and change nothing."""
    setup_function()
    before = snapshot_world()
    try:
        executable()
    except RequiresUserInput:
        assert_no_changes_since(before)
        return
    raise SolutionError("Incorrect solution")


def setup_env_when_is_alessia_back_one_alessia():
    """One Alessia, off from Monday 24 June to Friday 5 July, with an older and a later holiday."""
    simulate_org_structure(
        default_employee_names=["Alessia", "Armando", "Precious", "Eero", "Laleh"]
    )
    alessia = find_employee("Alessia")[0]  # setup guideline #4
    armando = find_employee("Armando")[0]  # setup guideline #4

    def days_off(first: datetime.date, last: datetime.date) -> TimeInterval:
        return TimeInterval(
            start=combine(first, time_by_hm(12, 0, "am")),
            end=combine(last, time_by_hm(11, 59, "pm")),
        )

    # setup guideline #1: dates grounded with time_utils
    this_monday = get_prev_dow("Monday")
    next_friday = get_next_dow("Friday", after=get_next_dow("Monday"))
    simulate_vacation_schedule(
        alessia,
        [
            days_off(date_by_mdy(month=8, day=12), date_by_mdy(month=8, day=16)),
            days_off(this_monday, next_friday),
            days_off(date_by_mdy(month=4, day=2), date_by_mdy(month=4, day=5)),
        ],
    )
    simulate_vacation_schedule(armando, [days_off(this_monday, get_next_dow("Wednesday"))])


def evaluate_when_is_alessia_back_one_alessia(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Alessia's holiday ends on Friday 5 July, so she is back on Monday 8 July."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    # testing guideline #2: a date, a datetime on that day, or an ISO date string
    if isinstance(result, datetime.datetime):
        result = result.date()
    elif isinstance(result, str):
        try:
            result = datetime.date.fromisoformat(result.strip()[:10])
        except ValueError:
            raise SolutionError("Incorrect solution") from None
    if not isinstance(result, datetime.date) or result != datetime.date(2024, 7, 8):
        raise SolutionError("Incorrect solution")
