"""Assistant, my weekly Thursday sync with Ivo and Maren should stop after July. End the series there, but keep the meetings we've already had."""  # noqa: E501

QUERY_ID = "recurring_008_end_thursday_sync_after_july"
CATEGORY = "recurring-events"
TAGS = ["find_past_events", "add_event", "RepetitionSpec", "recurs_until", "change-series"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def end_thursday_sync_after_july():
    """Make the weekly Thursday sync with Ivo and Maren end on 31 July."""
    # by structure guideline #1
    ivo = find_employee("Ivo")[0]
    maren = find_employee("Maren")[0]
    # the series began weeks ago, so it is among past events (find_events lists upcoming ones)
    candidates = find_past_events(attendees=[ivo, maren]) + find_events(attendees=[ivo, maren])
    series = [e for e in candidates if e.repeats is not None]
    if not series:
        raise RequiresUserInput("I could not find a recurring sync with Ivo and Maren.")
    if len(series) > 1:
        raise RequiresUserInput(f"I found {len(series)} recurring syncs with Ivo and Maren.")
    sync = series[0]
    # same series (same id, same start), now ending on the last day of July
    sync.repeats = RepetitionSpec(
        frequency=sync.repeats.frequency,
        period=sync.repeats.period,
        which_weekday=sync.repeats.which_weekday,
        exclude_occurrence=sync.repeats.exclude_occurrence,
        recurs_until=date_by_mdy(month=7, day=31),
    )
    add_event(sync)


def setup_env_end_thursday_sync_after_july():
    """A weekly Thursday 11:00 sync since early May, running to December; look-alikes around it."""
    simulate_org_structure(default_employee_names=["Ivo", "Maren", "Sigrun", "Joaquin"])
    ivo = find_employee("Ivo")[0]  # setup guideline #4
    maren = find_employee("Maren")[0]
    # setup guideline #1: the series started eight Thursdays ago
    first_thursday = get_prev_dow("Thursday") - datetime.timedelta(weeks=7)
    first_monday = get_prev_dow("Monday") - datetime.timedelta(weeks=7)
    august_first = date_by_mdy(month=8, day=1)

    def at(day, hour, minute):
        return datetime.datetime.combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3: the series began in the past, the one-off is in the future
    simulate_user_calendar(
        [
            Event(
                subject="Thursday sync",
                attendees=[ivo, maren],
                starts_at=at(first_thursday, 11, 0),
                ends_at=at(first_thursday, 11, 30),
                repeats=RepetitionSpec(
                    frequency=EventFrequency.WEEKLY, recurs_until=date_by_mdy(month=12, day=19)
                ),
            ),
            Event(
                subject="Ops check-in",
                attendees=[ivo],
                starts_at=at(first_monday, 9, 30),
                ends_at=at(first_monday, 9, 45),
                repeats=RepetitionSpec(
                    frequency=EventFrequency.WEEKLY, recurs_until=date_by_mdy(month=12, day=16)
                ),
            ),
            Event(
                subject="Offsite debrief",
                attendees=[ivo, maren],
                starts_at=at(august_first, 14, 0),
                ends_at=at(august_first, 15, 0),
            ),
        ]
    )


def evaluate_end_thursday_sync_after_july(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """One Ivo-and-Maren series remains: Thursdays 11:00-11:30 from its first date to 25 July."""
    setup_function()
    before = snapshot_world()

    def rows_by_series(state):
        parents = {k: r for k, r in state.user_calendar.items() if r.recurrent_event_id is None}
        children = {}
        for row in state.user_calendar.values():
            if row.recurrent_event_id is not None:
                children.setdefault(row.recurrent_event_id, []).append(row)
        return parents, children

    def signature(row):
        # testing guideline #3: start, end, attendees and recurrence, never the subject
        people = tuple(sorted(a.employee_id for a in row.attendees or []))
        return (row.starts_at, row.ends_at, people, row.repeats is not None)

    people = tuple(sorted(find_employee(n)[0].employee_id for n in ("Ivo", "Maren")))
    old_parents, _ = rows_by_series(before)
    (old_key,) = [
        k for k, r in old_parents.items() if r.repeats is not None and signature(r)[2] == people
    ]
    first = old_parents[old_key].starts_at
    executable()
    if changes_since(before).tables() - {"user_calendar"}:
        raise SolutionError("Incorrect solution")
    after = snapshot_world()
    new_parents, new_children = rows_by_series(after)
    series = [
        k for k, r in new_parents.items() if r.repeats is not None and signature(r)[2] == people
    ]
    if len(series) != 1:
        raise SolutionError("Incorrect solution")
    sync = new_parents[series[0]]
    # compare occurrences, not RepetitionSpec fields: the same Thursdays, through 25 July
    last = datetime.datetime.combine(date_by_mdy(month=7, day=25), datetime.time(11, 0))
    expected = [first + datetime.timedelta(weeks=n) for n in range((last - first).days // 7 + 1)]
    occurrences = sorted(r.starts_at for r in new_children.get(series[0], []))
    schedule = repetition_schedule(sync.starts_at.time(), sync.repeats, sync.starts_at.date())
    if sync.starts_at != first or occurrences != expected or schedule != expected:
        raise SolutionError("Incorrect solution")
    if any(
        r.ends_at - r.starts_at != datetime.timedelta(minutes=30) for r in new_children[series[0]]
    ):
        raise SolutionError("Incorrect solution")
    # every other event (the Monday series, the one-off debrief) is untouched
    others_before = sorted(signature(r) for k, r in old_parents.items() if k != old_key)
    others_after = sorted(signature(r) for k, r in new_parents.items() if k != series[0])
    if others_before != others_after:
        raise SolutionError("Incorrect solution")
    count_before = sum(
        1 for r in before.user_calendar.values() if r.recurrent_event_id not in (None, old_key)
    )
    count_after = sum(
        1 for r in after.user_calendar.values() if r.recurrent_event_id not in (None, series[0])
    )
    if count_before != count_after:
        raise SolutionError("Incorrect solution")
