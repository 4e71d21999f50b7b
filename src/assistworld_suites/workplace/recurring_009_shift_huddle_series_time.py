"""Assistant, shift my Tuesday engineering huddle series from 4 PM to 3:30 PM. Keep everything else as it is, including the week we skip."""  # noqa: E501

QUERY_ID = "recurring_009_shift_huddle_series_time"
CATEGORY = "recurring-events"
TAGS = ["find_events", "add_event", "RepetitionSpec", "exclude_occurrence", "change-series"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def shift_huddle_series_earlier():
    """Move the Tuesday huddle series from 4 PM to 3:30 PM, keeping the skipped week skipped."""
    huddles = [e for e in find_events(subject="engineering huddle") if e.repeats is not None]
    if not huddles:
        raise RequiresUserInput("I could not find a recurring engineering huddle.")
    if len(huddles) > 1:
        raise RequiresUserInput(f"I found {len(huddles)} recurring engineering huddles; which one?")
    huddle = huddles[0]
    new_time = time_by_hm(3, 30, "pm")
    new_start = combine(huddle.starts_at.date(), new_time)
    huddle.ends_at = modify(new_start, huddle.duration, operator=DateTimeClauseOperators.add)
    huddle.starts_at = new_start
    # skipped occurrences are exact start times: move them to the new time as well
    skipped = huddle.repeats.exclude_occurrence or []
    huddle.repeats.exclude_occurrence = [combine(s.date(), new_time) for s in skipped]
    add_event(huddle)


def setup_env_shift_huddle_series_earlier():
    """Tuesday 16:00-16:30 huddle from next week to the end of August, one week skipped."""
    simulate_org_structure(default_employee_names=["Rangi", "Yusuf", "Kirra", "Paolo", "Ruth"])
    rangi = find_employee("Rangi")[0]  # setup guideline #4
    yusuf = find_employee("Yusuf")[0]
    kirra = find_employee("Kirra")[0]
    paolo = find_employee("Paolo")[0]
    # setup guideline #1
    first_tuesday = get_next_dow("Tuesday", after=get_next_dow("Monday"))
    skipped_tuesday = first_tuesday + datetime.timedelta(weeks=2)
    thursday = get_next_dow("Thursday")

    def at(day, hour, minute):
        return datetime.datetime.combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Engineering huddle",
                attendees=[kirra, rangi, yusuf],
                starts_at=at(first_tuesday, 16, 0),
                ends_at=at(first_tuesday, 16, 30),
                repeats=RepetitionSpec(
                    frequency=EventFrequency.WEEKLY,
                    recurs_until=date_by_mdy(month=8, day=31),
                    exclude_occurrence=[at(skipped_tuesday, 16, 0)],
                ),
            ),
            Event(
                subject="Engineering all-hands",
                attendees=[kirra, paolo, rangi, yusuf],
                starts_at=at(thursday, 16, 0),
                ends_at=at(thursday, 17, 0),
                repeats=RepetitionSpec(frequency=EventFrequency.MONTHLY, max_repetitions=3),
            ),
        ]
    )


def evaluate_shift_huddle_series_earlier(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Tuesdays 15:30-16:00 from 2 July to 27 August except 16 July; everything else unchanged."""
    setup_function()
    before = snapshot_world()

    def parents(state):
        return {k: r for k, r in state.user_calendar.items() if r.recurrent_event_id is None}

    def signature(row):
        # testing guideline #3: compare start, end, attendees and recurrence, never the subject
        people = tuple(sorted(a.employee_id for a in row.attendees or []))
        return (row.starts_at, row.ends_at, people, row.repeats)

    people = tuple(sorted(find_employee(n)[0].employee_id for n in ("Rangi", "Yusuf", "Kirra")))
    (old_key,) = [k for k, r in parents(before).items() if signature(r)[2] == people]
    executable()
    if changes_since(before).tables() - {"user_calendar"}:
        raise SolutionError("Incorrect solution")
    after = snapshot_world()
    series = [k for k, r in parents(after).items() if signature(r)[2] == people]
    if len(series) != 1 or parents(after)[series[0]].repeats is None:
        raise SolutionError("Incorrect solution")
    huddle = parents(after)[series[0]]
    # compare occurrences, not RepetitionSpec fields
    first = datetime.datetime.combine(
        get_next_dow("Tuesday", after=get_next_dow("Monday")), datetime.time(15, 30)
    )
    expected = [first + datetime.timedelta(weeks=n) for n in range(9) if n != 2]
    occurrences = sorted(
        r.starts_at for r in after.user_calendar.values() if r.recurrent_event_id == series[0]
    )
    schedule = repetition_schedule(huddle.starts_at.time(), huddle.repeats, huddle.starts_at.date())
    if huddle.starts_at != first or occurrences != expected or schedule != expected:
        raise SolutionError("Incorrect solution")
    if huddle.ends_at - huddle.starts_at != datetime.timedelta(minutes=30):
        raise SolutionError("Incorrect solution")
    # the other series and its occurrences are untouched
    others_before = sorted(
        (
            signature(r)[:3]
            for k, r in before.user_calendar.items()
            if old_key not in (k, r.recurrent_event_id)
        ),
    )
    others_after = sorted(
        (
            signature(r)[:3]
            for k, r in after.user_calendar.items()
            if series[0] not in (k, r.recurrent_event_id)
        ),
    )
    if others_before != others_after:
        raise SolutionError("Incorrect solution")
