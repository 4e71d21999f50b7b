"""Assistant, set up a 90-minute quarterly business review with the COO and the CFO at 2 PM on the first Tuesday of each quarter, starting next quarter. Four of them is enough for now."""  # noqa: E501

QUERY_ID = "extra_001_quarterly_review_first_tuesday"
CATEGORY = "recurring-events"
TAGS = ["add_event", "RepetitionSpec", "bysetpos", "leadership", "get_employee_profile"]

if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def quarterly_business_review():
    """Add a series of four 90-minute reviews with the COO and CFO, first Tuesday of a quarter."""
    # the leadership team is the CEO, COO and CFO: find the two by role
    coo = None
    cfo = None
    for employee in get_all_employees():
        role = get_employee_profile(employee).role
        if role == "COO":
            coo = employee
        elif role == "CFO":
            cfo = employee
    if coo is None or cfo is None:
        raise RequiresUserInput("I could not find both the COO and the CFO in the directory.")
    # quarters start in January, April, July and October: find the next quarter's first month
    today = now_().date()
    month = (today.month - 1) // 3 * 3 + 4
    year = today.year
    if month > 12:
        month = month - 12
        year = year + 1
    first_day = date_by_mdy(month=month, day=1, year=year)
    if first_day.weekday() == 1:
        first_tuesday = first_day
    else:
        first_tuesday = get_next_dow("Tuesday", after=first_day)
    starts_at = combine(first_tuesday, time_by_hm(2, 0, "pm"))
    ends_at = modify(
        starts_at, Duration(90, TimeUnits.Minutes), operator=DateTimeClauseOperators.add
    )
    # every third month, on the first Tuesday of that month, four times
    add_event(
        Event(
            subject="Quarterly business review",
            attendees=[coo, cfo],
            starts_at=starts_at,
            ends_at=ends_at,
            repeats=RepetitionSpec(
                frequency=EventFrequency.MONTHLY,
                period=3,
                which_weekday=[1],
                bysetpos=[1],
                max_repetitions=4,
            ),
        )
    )


def setup_env_quarterly_business_review():
    """An organisation (user in Sales and Marketing) and a few meetings with the leaders."""
    simulate_org_structure(
        default_employee_names=["Ifeoma", "Raghav", "Solenne", "Torvald", "Yasmin", "Wendell"],
        user_name="Priscila",
        user_team=Team.SalesMarketing,
    )
    # setup guideline #4
    ifeoma = find_employee("Ifeoma")[0]
    yasmin = find_employee("Yasmin")[0]
    solenne = find_employee("Solenne")[0]
    # setup guideline #1
    thursday = get_next_dow("Thursday")
    october_first = date_by_mdy(month=10, day=1)

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3: future meetings within working hours
    simulate_user_calendar(
        [
            Event(
                subject="Pricing update",
                attendees=[ifeoma, yasmin],
                starts_at=at(thursday, 14, 0),
                ends_at=at(thursday, 15, 30),
            ),
            Event(
                subject="Q4 territory plan",
                attendees=[solenne],
                starts_at=at(october_first, 10, 0),
                ends_at=at(october_first, 11, 0),
            ),
        ]
    )


def evaluate_quarterly_business_review(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Four reviews, 14:00-15:30 on 2 Jul and 1 Oct 2024, 7 Jan and 1 Apr 2025, COO and CFO only."""
    from collections import Counter

    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    # only new rows in the user's calendar (a series or separate events are both fine)
    if changes.tables() != {"user_calendar"}:
        raise SolutionError("Incorrect solution")
    if any(change.kind != "added" for change in changes):
        raise SolutionError("Incorrect solution")

    def meetings(state):
        # every meeting instance: occurrence rows of series, and one-off events
        return sorted(
            (row.starts_at, row.ends_at, tuple(sorted(a.employee_id for a in row.attendees or [])))
            for row in state.user_calendar.values()
            if row.repeats is None
        )

    leaders = {}
    for employee in get_all_employees():
        leaders[get_employee_profile(employee).role] = employee.employee_id
    people = tuple(sorted([leaders["COO"], leaders["CFO"]]))
    expected = [
        (datetime.datetime(*day, 14, 0), datetime.datetime(*day, 15, 30), people)
        for day in ((2024, 7, 2), (2024, 10, 1), (2025, 1, 7), (2025, 4, 1))
    ]
    old, new = Counter(meetings(before)), Counter(meetings(snapshot_world()))
    if old - new or sorted((new - old).elements()) != expected:
        raise SolutionError("Incorrect solution")
    # a series must start on its first review (the calendar shows it from that start)
    for event in added_user_events(changes):
        signature = (
            event.starts_at,
            event.ends_at,
            tuple(sorted(a.employee_id for a in event.attendees or [])),
        )
        if signature not in expected:
            raise SolutionError("Incorrect solution")
