"""Assistant, when is the next of my monthly vendor syncs?"""

QUERY_ID = "recurring_012_next_vendor_sync"
CATEGORY = "recurring-events"
TAGS = [
    "find_past_events",
    "RepetitionSpec",
    "bysetpos",
    "exclude_occurrence",
    "information-seeking",
]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def next_vendor_sync() -> datetime.datetime:
    """Return the start of the next occurrence of the monthly vendor sync."""

    def nth_weekday(year: int, month: int, weekday: int, n: int) -> datetime.date:
        # the n-th given weekday of a month (n counts from 1)
        first = datetime.date(year, month, 1)
        offset = (weekday - first.weekday()) % 7
        return first + datetime.timedelta(days=offset + 7 * (n - 1))

    candidates = find_past_events(subject="vendor sync") + find_events(subject="vendor sync")
    syncs = [e for e in candidates if e.repeats is not None]
    if not syncs:
        raise RequiresUserInput("I could not find a recurring vendor sync in your calendar.")
    if len(syncs) > 1:
        raise RequiresUserInput(f"I found {len(syncs)} recurring vendor syncs; which one?")
    sync = syncs[0]
    spec = sync.repeats
    skipped = spec.exclude_occurrence or []
    # the series meets on the n-th given weekday of each month: walk month by month from now
    year, month = now_().year, now_().month
    for _ in range(24):
        day = nth_weekday(year, month, spec.which_weekday[0], spec.bysetpos[0])
        occurrence = combine(day, sync.starts_at.time())
        if occurrence >= now_() and occurrence not in skipped:
            return occurrence
        year, month = (year + 1, 1) if month == 12 else (year, month + 1)
    raise RequiresUserInput("The vendor sync has no upcoming occurrence.")


def setup_env_next_vendor_sync():
    """Vendor sync on the second Wednesday of each month since March; July's is cancelled."""
    simulate_org_structure(default_employee_names=["Bettina", "Joaquin", "Oksana", "Dagny"])
    bettina = find_employee("Bettina")[0]  # setup guideline #4
    joaquin = find_employee("Joaquin")[0]
    # setup guideline #1: 13 March was the second Wednesday of March
    first = date_by_mdy(month=3, day=13)
    july_meeting = date_by_mdy(month=7, day=10)

    def at(day, hour, minute):
        return datetime.datetime.combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Vendor sync",
                attendees=[bettina, joaquin],
                starts_at=at(first, 10, 0),
                ends_at=at(first, 10, 45),
                repeats=RepetitionSpec(
                    frequency=EventFrequency.MONTHLY,
                    which_weekday=[2],
                    bysetpos=[2],
                    max_repetitions=12,
                    exclude_occurrence=[at(july_meeting, 10, 0)],
                ),
            ),
            Event(
                subject="Vendor sync prep",
                attendees=[joaquin],
                starts_at=at(get_next_dow("Wednesday"), 9, 30),
                ends_at=at(get_next_dow("Wednesday"), 10, 0),
            ),
        ]
    )


def evaluate_next_vendor_sync(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """July's sync is cancelled, so the next one is Wednesday 14 August at 10:00."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    expected = datetime.datetime.combine(date_by_mdy(month=8, day=14), datetime.time(10, 0))
    # testing guideline #2: a datetime, a date, or a text naming the date (and time if given)
    if isinstance(result, Event):
        result = result.starts_at
    if isinstance(result, datetime.datetime):
        if result != expected:
            raise SolutionError("Incorrect solution")
    elif isinstance(result, datetime.date):
        if result != expected.date():
            raise SolutionError("Incorrect solution")
    elif isinstance(result, str):
        if expected.strftime("%Y-%m-%d") not in result:
            raise SolutionError("Incorrect solution")
    else:
        raise SolutionError("Incorrect solution")
