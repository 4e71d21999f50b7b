"""Assistant, when's the last session of my onboarding series with Leilani? I want to plan something for her graduation."""  # noqa: E501

QUERY_ID = "extra_003_last_onboarding_session"
CATEGORY = "recurring-events"
TAGS = [
    "information-seeking",
    "find_past_events",
    "RepetitionSpec",
    "max_repetitions",
    "exclude_occurrence",
    "contrast-set",
]

if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def last_onboarding_session_with_leilani() -> datetime.datetime:
    """The start of the final occurrence of the recurring onboarding series with Leilani."""
    # by structure guideline #1
    leilani = find_employee("Leilani")[0]
    # the series may have started already, so look at past and upcoming events
    candidates = find_past_events(subject="onboarding") + find_events(subject="onboarding")
    series = [e for e in candidates if e.repeats is not None and leilani in (e.attendees or [])]
    if not series:
        raise RequiresUserInput("I could not find a recurring onboarding series with Leilani.")
    if len(series) > 1:
        raise RequiresUserInput(f"I found {len(series)} onboarding series with Leilani.")
    event = series[0]
    spec = event.repeats
    days = spec.which_weekday or [event.starts_at.weekday()]
    skipped = spec.exclude_occurrence or []
    # walk day by day from the first session (weekly series), counting sessions as the rule does:
    # a skipped session still counts towards the number of repetitions
    last = None
    count = 0
    occurrence = event.starts_at
    while True:
        if spec.max_repetitions is not None and count >= spec.max_repetitions:
            break
        # the calendar stores the end date at the series' start time, a datetime
        if spec.recurs_until is not None and occurrence > spec.recurs_until:
            break
        if occurrence.weekday() in days:
            count += 1
            if occurrence not in skipped:
                last = occurrence
        occurrence = modify(
            occurrence, Duration(1, TimeUnits.Days), operator=DateTimeClauseOperators.add
        )
    return last


def setup_env_last_onboarding_session_with_leilani():
    """Ten Tuesday/Thursday sessions at 15:00 from 11 June; the last is Thursday 11 July."""
    simulate_org_structure(
        default_employee_names=["Leilani", "Rasmus", "Oyinkansola", "Dariusz", "Hoang"],
        user_name="Marguerite",
    )
    # setup guideline #4
    leilani = find_employee("Leilani")[0]
    rasmus = find_employee("Rasmus")[0]
    hoang = find_employee("Hoang")[0]
    # setup guideline #1: the series began on the Tuesday two weeks ago
    first_tuesday = get_prev_dow("Tuesday") - datetime.timedelta(weeks=1)
    first_wednesday = get_prev_dow("Wednesday")

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3: series that began in the past, within working hours
    simulate_user_calendar(
        [
            Event(
                subject="Onboarding with Leilani",
                attendees=[leilani],
                starts_at=at(first_tuesday, 15, 0),
                ends_at=at(first_tuesday, 15, 45),
                repeats=RepetitionSpec(
                    frequency=EventFrequency.WEEKLY, which_weekday=[1, 3], max_repetitions=10
                ),
            ),
            Event(
                subject="Onboarding buddy session",
                attendees=[rasmus],
                starts_at=at(first_wednesday, 11, 0),
                ends_at=at(first_wednesday, 11, 30),
                repeats=RepetitionSpec(
                    frequency=EventFrequency.WEEKLY, recurs_until=date_by_mdy(month=8, day=28)
                ),
            ),
            Event(
                subject="Team coffee",
                attendees=[hoang, leilani],
                starts_at=at(first_wednesday, 16, 0),
                ends_at=at(first_wednesday, 16, 30),
                repeats=RepetitionSpec(
                    frequency=EventFrequency.WEEKLY, period=2, max_repetitions=6
                ),
            ),
        ]
    )


def evaluate_last_onboarding_session_with_leilani(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """The answer is Thursday 11 July 2024 (at 15:00)."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    expected = datetime.datetime(2024, 7, 11, 15, 0)
    # testing guideline #2: a datetime, a date, the Event, an ISO string, alone or in a 1-item list
    if isinstance(result, list | tuple) and len(result) == 1:
        result = result[0]
    if isinstance(result, Event):
        result = result.starts_at
    if isinstance(result, str):
        try:
            result = datetime.datetime.fromisoformat(result.strip())
        except ValueError:
            raise SolutionError("Incorrect solution") from None
    if isinstance(result, datetime.datetime):
        if result != expected and result != datetime.datetime.combine(
            expected.date(), datetime.time()
        ):
            raise SolutionError("Incorrect solution")
    elif isinstance(result, datetime.date):
        if result != expected.date():
            raise SolutionError("Incorrect solution")
    else:
        raise SolutionError("Incorrect solution")


def setup_env_last_onboarding_session_with_leilani_2():
    """Weekly Monday sessions until 5 August, but 5 August is skipped: the last is 29 July."""
    simulate_org_structure(
        default_employee_names=["Leilani", "Rasmus", "Oyinkansola", "Dariusz", "Hoang"],
        user_name="Marguerite",
    )
    # setup guideline #4
    leilani = find_employee("Leilani")[0]
    rasmus = find_employee("Rasmus")[0]
    # setup guideline #1: the series began on the Monday two weeks ago
    first_monday = get_prev_dow("Monday") - datetime.timedelta(weeks=2)
    august_fifth = date_by_mdy(month=8, day=5)

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Onboarding with Leilani",
                attendees=[leilani],
                starts_at=at(first_monday, 11, 0),
                ends_at=at(first_monday, 12, 0),
                repeats=RepetitionSpec(
                    frequency=EventFrequency.WEEKLY,
                    recurs_until=august_fifth,
                    exclude_occurrence=[at(august_fifth, 11, 0)],
                ),
            ),
            Event(
                subject="Onboarding buddy session",
                attendees=[rasmus],
                starts_at=at(first_monday, 14, 0),
                ends_at=at(first_monday, 14, 30),
                repeats=RepetitionSpec(
                    frequency=EventFrequency.WEEKLY, recurs_until=date_by_mdy(month=9, day=30)
                ),
            ),
        ]
    )


def evaluate_last_onboarding_session_with_leilani_2(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """The answer is Monday 29 July 2024 (at 11:00), not the skipped 5 August."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    expected = datetime.datetime(2024, 7, 29, 11, 0)
    # testing guideline #2: a datetime, a date, the Event, an ISO string, alone or in a 1-item list
    if isinstance(result, list | tuple) and len(result) == 1:
        result = result[0]
    if isinstance(result, Event):
        result = result.starts_at
    if isinstance(result, str):
        try:
            result = datetime.datetime.fromisoformat(result.strip())
        except ValueError:
            raise SolutionError("Incorrect solution") from None
    if isinstance(result, datetime.datetime):
        if result != expected and result != datetime.datetime.combine(
            expected.date(), datetime.time()
        ):
            raise SolutionError("Incorrect solution")
    elif isinstance(result, datetime.date):
        if result != expected.date():
            raise SolutionError("Incorrect solution")
    else:
        raise SolutionError("Incorrect solution")
