"""Assistant, which dates in August does my fortnightly finance review fall on?"""

QUERY_ID = "recurring_013_finance_review_dates_in_august"
CATEGORY = "recurring-events"
TAGS = ["find_past_events", "RepetitionSpec", "period", "information-seeking", "list-answer"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def finance_review_dates_in_august() -> list[datetime.date]:
    """Return the August dates of the fortnightly finance review."""
    candidates = find_past_events(subject="finance review") + find_events(subject="finance review")
    reviews = [e for e in candidates if e.repeats is not None]
    if not reviews:
        raise RequiresUserInput("I could not find a recurring finance review in your calendar.")
    if len(reviews) > 1:
        raise RequiresUserInput(f"I found {len(reviews)} recurring finance reviews; which one?")
    review = reviews[0]
    spec = review.repeats
    skipped = spec.exclude_occurrence or []
    august = replace(now_().date(), month=8, day=1)
    # walk the series two weeks at a time and keep the occurrences that fall in August (the
    # calendar stores the series' end date at its start time, so the datetimes compare directly)
    step = Duration(7 * spec.period, TimeUnits.Days)
    dates = []
    occurrence = review.starts_at
    while occurrence <= spec.recurs_until and occurrence.month <= august.month:
        if occurrence.month == august.month and occurrence not in skipped:
            dates.append(occurrence.date())
        occurrence = modify(occurrence, step, operator=DateTimeClauseOperators.add)
    return dates


def setup_env_finance_review_dates_in_august():
    """Finance review every other Monday since 3 June; a one-off review prep in August."""
    simulate_org_structure(default_employee_names=["Mahmoud", "Tavita", "Hamid", "Ruth"])
    mahmoud = find_employee("Mahmoud")[0]  # setup guideline #4
    tavita = find_employee("Tavita")[0]
    # setup guideline #1: the series started on the Monday three weeks ago
    first_monday = get_prev_dow("Monday") - datetime.timedelta(weeks=3)
    august_ninth = date_by_mdy(month=8, day=9)

    def at(day, hour, minute):
        return datetime.datetime.combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Finance review",
                attendees=[mahmoud, tavita],
                starts_at=at(first_monday, 13, 0),
                ends_at=at(first_monday, 14, 0),
                repeats=RepetitionSpec(
                    frequency=EventFrequency.WEEKLY,
                    period=2,
                    recurs_until=date_by_mdy(month=12, day=30),
                ),
            ),
            Event(
                subject="Finance review prep",
                attendees=[tavita],
                starts_at=at(august_ninth, 11, 0),
                ends_at=at(august_ninth, 11, 30),
            ),
        ]
    )


def evaluate_finance_review_dates_in_august(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """12 and 26 August, in any order, as dates, datetimes or a text with both ISO dates."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    expected = {date_by_mdy(month=8, day=12), date_by_mdy(month=8, day=26)}
    # testing guideline #2: several reasonable answer types
    if isinstance(result, str):
        found = {d for d in expected if d.strftime("%Y-%m-%d") in result}
        if found != expected or "2024-08-09" in result:
            raise SolutionError("Incorrect solution")
        return
    if not isinstance(result, list | tuple | set):
        raise SolutionError("Incorrect solution")
    days = []
    for item in result:
        if isinstance(item, Event):
            item = item.starts_at
        if isinstance(item, datetime.datetime):
            item = item.date()
        days.append(item)
    if len(days) != 2 or set(days) != expected:
        raise SolutionError("Incorrect solution")
