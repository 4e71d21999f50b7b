"""Assistant, hold an hour for a tech talk at 1 PM on each of the next five Wednesdays, but leave out any Wednesday where I already have something on at that time."""  # noqa: E501

QUERY_ID = "recurring_014_tech_talks_skip_clashes"
CATEGORY = "recurring-events"
TAGS = [
    "add_event",
    "RepetitionSpec",
    "exclude_occurrence",
    "intervals_overlap",
    "conditional",
    "contrast-set",
]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def tech_talks_next_five_wednesdays():
    """Create a weekly Wednesday 1-2 PM tech talk for five weeks, skipping clashing weeks."""
    first = get_next_dow("Wednesday")
    starts_at = combine(first, time_by_hm(1, 0, "pm"))
    length = Duration(1, TimeUnits.Hours)
    ends_at = modify(starts_at, length, operator=DateTimeClauseOperators.add)
    existing = [TimeInterval(start=e.starts_at, end=e.ends_at) for e in find_events()]
    # the user said how to handle clashes: skip those weeks (no hand-back)
    skipped = []
    occurrence = starts_at
    for _ in range(5):
        slot = TimeInterval(
            start=occurrence, end=modify(occurrence, length, operator=DateTimeClauseOperators.add)
        )
        if any(intervals_overlap(busy, slot) for busy in existing):
            skipped.append(occurrence)
        occurrence = modify(
            occurrence, Duration(7, TimeUnits.Days), operator=DateTimeClauseOperators.add
        )
    # five weekly slots counted from the first; clashing ones are excluded
    repeats = RepetitionSpec(
        frequency=EventFrequency.WEEKLY, max_repetitions=5, exclude_occurrence=skipped
    )
    add_event(Event(subject="Tech talk", starts_at=starts_at, ends_at=ends_at, repeats=repeats))


def setup_env_tech_talks_next_five_wednesdays():
    """The third Wednesday has a 12:30-13:30 customer lunch; other meetings only touch 1-2 PM."""
    simulate_org_structure(default_employee_names=["Sigrun", "Teodor", "Ayesha", "Rangi"])
    sigrun = find_employee("Sigrun")[0]  # setup guideline #4
    teodor = find_employee("Teodor")[0]
    # setup guideline #1
    wednesday = get_next_dow("Wednesday")

    def meeting(subject, people, day, hour, minute, length):
        start = datetime.datetime.combine(day, datetime.time(hour, minute))
        return Event(
            subject=subject,
            attendees=people,
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=length),
        )

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            meeting("Design review", [sigrun], wednesday, 11, 0, 60),
            meeting(
                "Customer lunch", [teodor], wednesday + datetime.timedelta(weeks=2), 12, 30, 60
            ),
            meeting(
                "Roadmap", [sigrun, teodor], wednesday + datetime.timedelta(weeks=3), 14, 0, 60
            ),
            meeting("Interview", [teodor], wednesday + datetime.timedelta(days=6), 13, 0, 60),
            meeting("Board prep", [sigrun], wednesday + datetime.timedelta(weeks=5), 13, 0, 60),
        ]
    )


def setup_env_tech_talks_next_five_wednesdays_2():
    """No Wednesday clashes: meetings end at 1 PM or start at 2 PM."""
    simulate_org_structure(default_employee_names=["Sigrun", "Teodor", "Ayesha", "Rangi"])
    sigrun = find_employee("Sigrun")[0]  # setup guideline #4
    teodor = find_employee("Teodor")[0]
    # setup guideline #1
    wednesday = get_next_dow("Wednesday")

    def meeting(subject, people, day, hour, minute, length):
        start = datetime.datetime.combine(day, datetime.time(hour, minute))
        return Event(
            subject=subject,
            attendees=people,
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=length),
        )

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            meeting("Customer lunch", [teodor], wednesday + datetime.timedelta(weeks=2), 12, 0, 60),
            meeting(
                "Roadmap", [sigrun, teodor], wednesday + datetime.timedelta(weeks=3), 14, 0, 60
            ),
            meeting("Interview", [teodor], wednesday + datetime.timedelta(days=6), 13, 0, 60),
        ]
    )


def evaluate_tech_talks_next_five_wednesdays(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Wednesdays 13:00-14:00 in weeks 1, 2, 4 and 5 (week 3 clashes); nothing else changed."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1:
        raise SolutionError("Incorrect solution")
    series = events[0]
    # every change is the new series or one of its occurrences
    occurrence_rows = [c for c in changes if c.key != series.event_id]
    if any(c.table != "user_calendar" or c.kind != "added" for c in changes):
        raise SolutionError("Incorrect solution")
    if any(c.after["recurrent_event_id"] != series.event_id for c in occurrence_rows):
        raise SolutionError("Incorrect solution")
    first = datetime.datetime.combine(get_next_dow("Wednesday"), datetime.time(13, 0))
    expected = [first + datetime.timedelta(weeks=n) for n in (0, 1, 3, 4)]
    # compare occurrences, not RepetitionSpec fields
    if series.repeats is None or series.starts_at != first:
        raise SolutionError("Incorrect solution")
    schedule = repetition_schedule(series.starts_at.time(), series.repeats, series.starts_at.date())
    occurrences = sorted(
        datetime.datetime.fromisoformat(c.after["starts_at"]) for c in occurrence_rows
    )
    if schedule != expected or occurrences != expected:
        raise SolutionError("Incorrect solution")
    if series.ends_at - series.starts_at != datetime.timedelta(hours=1):
        raise SolutionError("Incorrect solution")


def evaluate_tech_talks_next_five_wednesdays_2(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """No clash: all five Wednesdays 13:00-14:00."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1:
        raise SolutionError("Incorrect solution")
    series = events[0]
    occurrence_rows = [c for c in changes if c.key != series.event_id]
    if any(c.table != "user_calendar" or c.kind != "added" for c in changes):
        raise SolutionError("Incorrect solution")
    if any(c.after["recurrent_event_id"] != series.event_id for c in occurrence_rows):
        raise SolutionError("Incorrect solution")
    first = datetime.datetime.combine(get_next_dow("Wednesday"), datetime.time(13, 0))
    expected = [first + datetime.timedelta(weeks=n) for n in range(5)]
    if series.repeats is None or series.starts_at != first:
        raise SolutionError("Incorrect solution")
    schedule = repetition_schedule(series.starts_at.time(), series.repeats, series.starts_at.date())
    occurrences = sorted(
        datetime.datetime.fromisoformat(c.after["starts_at"]) for c in occurrence_rows
    )
    if schedule != expected or occurrences != expected:
        raise SolutionError("Incorrect solution")
    if series.ends_at - series.starts_at != datetime.timedelta(hours=1):
        raise SolutionError("Incorrect solution")
