"""Assistant, how many working days have I got left before my holiday starts?"""

QUERY_ID = "vacation_001_working_days_until_holiday"
CATEGORY = "vacations-availability"
TAGS = ["information-seeking", "get_vacation_schedule", "working-days", "get_current_user"]

if __name__ == "__main__":
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def working_days_until_holiday() -> int:
    """Count the weekdays from today up to (not including) the start of the user's next holiday."""
    me = get_current_user()
    today = now_().date()
    upcoming = [v for v in get_vacation_schedule(me) or [] if v.start.date() > today]
    if not upcoming:
        raise RequiresUserInput("You have no upcoming holiday booked.")
    holiday_starts = upcoming[0].start.date()  # the schedule is sorted by start
    count = 0
    day = today
    while day < holiday_starts:
        if day.weekday() < 5:
            count += 1
        day = day + datetime.timedelta(days=1)
    return count


def setup_env_working_days_until_holiday():
    """The user had a holiday in May and has two booked: 15-26 July and 19-23 August."""
    simulate_org_structure(default_employee_names=["Mihaela", "Kahurangi", "Jerome", "Faizah"])
    me = get_current_user()
    mihaela = find_employee("Mihaela")[0]  # setup guideline #4

    def days_off(first: datetime.date, last: datetime.date) -> TimeInterval:
        return TimeInterval(
            start=combine(first, time_by_hm(12, 0, "am")),
            end=combine(last, time_by_hm(11, 59, "pm")),
        )

    # setup guideline #1: dates grounded with time_utils
    simulate_vacation_schedule(
        me,
        [
            days_off(date_by_mdy(month=7, day=15), date_by_mdy(month=7, day=26)),
            days_off(date_by_mdy(month=5, day=13), date_by_mdy(month=5, day=17)),
            days_off(date_by_mdy(month=8, day=19), date_by_mdy(month=8, day=23)),
        ],
    )
    # a colleague's earlier holiday must not be mistaken for the user's
    simulate_vacation_schedule(
        mihaela, [days_off(date_by_mdy(month=7, day=1), date_by_mdy(month=7, day=5))]
    )


def evaluate_working_days_until_holiday(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Tuesday 25 June to Friday 12 July: 14 working days counting today, 13 without it."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    # testing guideline #2: today may or may not be counted (it is 09:06 on a working day)
    if isinstance(result, bool) or not isinstance(result, int | float):
        raise SolutionError("Incorrect solution")
    if result not in (13, 14):
        raise SolutionError("Incorrect solution")
