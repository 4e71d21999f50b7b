"""Assistant, from August my weekly coaching with Emeka has to be on Thursdays instead of Wednesdays, same time. Keep the sessions before then as they are, and keep the series ending when it does now."""  # noqa: E501

QUERY_ID = "extra_004_coaching_moves_to_thursdays"
CATEGORY = "recurring-events"
TAGS = [
    "find_past_events",
    "add_event",
    "RepetitionSpec",
    "recurs_until",
    "split-series",
    "change-series",
]

if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def move_coaching_to_thursdays_from_august():
    """End the Wednesday series in July and continue it weekly on Thursdays until its old end."""
    # by structure guideline #1
    emeka = find_employee("Emeka")[0]
    # the series began before today, so it is listed among past events
    candidates = find_past_events(attendees=[emeka], subject="coaching") + find_events(
        attendees=[emeka], subject="coaching"
    )
    series = [e for e in candidates if e.repeats is not None]
    if not series:
        raise RequiresUserInput("I could not find a recurring coaching session with Emeka.")
    if len(series) > 1:
        raise RequiresUserInput(f"I found {len(series)} recurring coaching series with Emeka.")
    coaching = series[0]
    spec = coaching.repeats
    series_end = spec.recurs_until
    length = coaching.duration
    august_first = date_by_mdy(month=8, day=1)
    # 1. the Wednesday sessions stop with the last one in July
    coaching.repeats = RepetitionSpec(
        frequency=spec.frequency,
        period=spec.period,
        which_weekday=spec.which_weekday,
        exclude_occurrence=spec.exclude_occurrence,
        recurs_until=get_prev_dow("Wednesday", before=august_first),
    )
    add_event(coaching)
    # 2. a weekly Thursday series from the first Thursday of August, at the same time
    if august_first.weekday() == 3:
        first_thursday = august_first
    else:
        first_thursday = get_next_dow("Thursday", after=august_first)
    starts_at = combine(first_thursday, coaching.starts_at.time())
    add_event(
        Event(
            subject=coaching.subject,
            attendees=coaching.attendees,
            starts_at=starts_at,
            ends_at=modify(starts_at, length, operator=DateTimeClauseOperators.add),
            location=coaching.location,
            repeats=RepetitionSpec(frequency=EventFrequency.WEEKLY, recurs_until=series_end),
        )
    )


def setup_env_move_coaching_to_thursdays_from_august():
    """Coaching every Wednesday 10:30-11:15 from 12 June to 30 October (3 July skipped), plus
    other series with Emeka and with someone else.
    """
    simulate_org_structure(
        default_employee_names=["Emeka", "Zuzana", "Paora", "Ilse", "Bongani"],
        user_name="Farida",
        user_team=Team.Finance,
    )
    # setup guideline #4
    emeka = find_employee("Emeka")[0]
    zuzana = find_employee("Zuzana")[0]
    paora = find_employee("Paora")[0]
    # setup guideline #1: the series started on the Wednesday two weeks ago
    first_wednesday = get_prev_dow("Wednesday") - datetime.timedelta(weeks=1)
    last_monday = get_prev_dow("Monday")
    july_third = date_by_mdy(month=7, day=3)
    august_fourteenth = date_by_mdy(month=8, day=14)

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Coaching with Emeka",
                attendees=[emeka],
                starts_at=at(first_wednesday, 10, 30),
                ends_at=at(first_wednesday, 11, 15),
                repeats=RepetitionSpec(
                    frequency=EventFrequency.WEEKLY,
                    recurs_until=date_by_mdy(month=10, day=30),
                    exclude_occurrence=[at(july_third, 10, 30)],
                ),
            ),
            Event(
                subject="Project sync",
                attendees=[emeka, paora],
                starts_at=at(last_monday, 14, 0),
                ends_at=at(last_monday, 14, 30),
                repeats=RepetitionSpec(
                    frequency=EventFrequency.WEEKLY, recurs_until=date_by_mdy(month=9, day=30)
                ),
            ),
            Event(
                subject="Coaching with Zuzana",
                attendees=[zuzana],
                starts_at=at(first_wednesday, 11, 30),
                ends_at=at(first_wednesday, 12, 0),
                repeats=RepetitionSpec(
                    frequency=EventFrequency.WEEKLY, recurs_until=date_by_mdy(month=9, day=25)
                ),
            ),
            Event(
                subject="Quarterly goals",
                attendees=[emeka],
                starts_at=at(august_fourteenth, 15, 0),
                ends_at=at(august_fourteenth, 16, 0),
            ),
        ]
    )


def evaluate_move_coaching_to_thursdays_from_august(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Wednesday sessions up to 31 July stay; from August they are on Thursdays 10:30-11:15,
    1 August to 24 October (the last Thursday before the old end, 30 October); nothing else
    changes.
    """
    from collections import Counter

    setup_function()
    before = snapshot_world()
    executable()
    if changes_since(before).tables() - {"user_calendar"}:
        raise SolutionError("Incorrect solution")

    def meetings(state):
        # every meeting instance: occurrence rows of series, and one-off events
        return Counter(
            (row.starts_at, row.ends_at, tuple(sorted(a.employee_id for a in row.attendees or [])))
            for row in state.user_calendar.values()
            if row.repeats is None
        )

    emeka = (find_employee("Emeka")[0].employee_id,)

    def sessions(first, last):
        # weekly 10:30-11:15 sessions with Emeka from `first` to `last`
        day, found = first, []
        while day <= last:
            start = datetime.datetime.combine(day, datetime.time(10, 30))
            found.append((start, start + datetime.timedelta(minutes=45), emeka))
            day = day + datetime.timedelta(weeks=1)
        return found

    dropped = sessions(datetime.date(2024, 8, 7), datetime.date(2024, 10, 30))
    added = sessions(datetime.date(2024, 8, 1), datetime.date(2024, 10, 24))
    after = snapshot_world()
    old, new = meetings(before), meetings(after)
    if sorted((old - new).elements()) != dropped or sorted((new - old).elements()) != added:
        raise SolutionError("Incorrect solution")
    # every series must start on one of its own sessions (the calendar shows it from there)
    for row in after.user_calendar.values():
        if row.repeats is not None:
            people = tuple(sorted(a.employee_id for a in row.attendees or []))
            if new[(row.starts_at, row.ends_at, people)] == 0:
                raise SolutionError("Incorrect solution")
