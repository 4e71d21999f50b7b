"""Assistant, Quilla is joining the weekly design sync I have with Tahu and Ulla. Add her to it."""

QUERY_ID = "mixed_020_quilla_joins_design_sync"
CATEGORY = "problem-solving"
TAGS = ["find_past_events", "recurring-started-in-past", "exact-attendees", "add_event"]

if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def add_quilla_to_design_sync():
    """Add Quilla to the weekly series with Tahu and Ulla (which started weeks ago)."""
    # by structure guideline #1
    quilla = find_employee("Quilla")[0]
    tahu = find_employee("Tahu")[0]
    ulla = find_employee("Ulla")[0]
    # a series whose first meeting is past is only returned by find_past_events
    candidates = find_past_events(attendees=[tahu, ulla]) + find_events(attendees=[tahu, ulla])
    weekly = [
        e
        for e in candidates
        if e.repeats is not None and e.repeats.frequency == EventFrequency.WEEKLY
    ]
    if not weekly:
        raise RequiresUserInput("I couldn't find a weekly meeting with Tahu and Ulla.")
    if len(weekly) > 1:
        raise RequiresUserInput(f"I found {len(weekly)} weekly meetings with Tahu and Ulla.")
    sync = weekly[0]
    sync.attendees = (sync.attendees or []) + [quilla]
    # same event_id: the series and all its occurrences are updated
    add_event(sync)


def setup_env_add_quilla_to_design_sync():
    """A weekly Monday 11:00 sync with Tahu and Ulla since six weeks ago; a one-off design sync
    with the same two next Tuesday; a weekly Wednesday series with Tahu alone.
    """
    simulate_org_structure(
        default_employee_names=[
            "Quilla",
            "Tahu",
            "Ulla",
            "Vikram",
            "Winona",
            "Xanthe",
            "Yerlan",
            "Zlata",
            "Adebayo",
            "Bettina",
            "Caoimhe",
            "Dariusz",
        ]
    )
    # setup guideline #4
    tahu, ulla, vikram = (find_employee(n)[0] for n in ("Tahu", "Ulla", "Vikram"))
    # setup guideline #1: the series started six Mondays ago
    first_monday = get_prev_dow("Monday") - datetime.timedelta(weeks=5)
    first_wednesday = get_prev_dow("Wednesday") - datetime.timedelta(weeks=2)
    next_tuesday = get_next_dow("Tuesday")

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Design sync",
                attendees=[tahu, ulla],
                starts_at=at(first_monday, 11, 0),
                ends_at=at(first_monday, 11, 45),
                repeats=RepetitionSpec(
                    frequency=EventFrequency.WEEKLY, recurs_until=date_by_mdy(month=9, day=30)
                ),
            ),
            Event(
                subject="Design sync: extra session",
                attendees=[tahu, ulla],
                starts_at=at(next_tuesday, 14, 0),
                ends_at=at(next_tuesday, 15, 0),
            ),
            Event(
                subject="Pairing",
                attendees=[tahu],
                starts_at=at(first_wednesday, 10, 0),
                ends_at=at(first_wednesday, 10, 30),
                repeats=RepetitionSpec(frequency=EventFrequency.WEEKLY, max_repetitions=8),
            ),
            Event(
                subject="Hiring debrief",
                attendees=[ulla, vikram],
                starts_at=at(next_tuesday, 10, 0),
                ends_at=at(next_tuesday, 10, 30),
            ),
        ]
    )


def evaluate_add_quilla_to_design_sync(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Every upcoming Monday sync now has Quilla, Tahu and Ulla; all else is as it was.

    Past Monday syncs may keep the old list or gain Quilla (changing the series, or ending it
    and starting a new one from the next meeting, are both fine).
    """
    setup_function()
    now = now_()
    before = snapshot_world()

    def meetings(state):
        """One (start, end, people) per meeting actually held: occurrences and one-offs."""
        rows = state.user_calendar.values()
        found = []
        for row in rows:
            if row.repeats is not None:
                continue  # a series is represented by its occurrence rows
            people = tuple(sorted(p.employee_id for p in row.attendees or []))
            found.append((row.starts_at, row.ends_at, people, row.location, row.show_as_status))
        return sorted(found)

    tahu, ulla, quilla = (find_employee(n)[0].employee_id for n in ("Tahu", "Ulla", "Quilla"))
    old_pair = tuple(sorted([tahu, ulla]))
    new_trio = tuple(sorted([tahu, ulla, quilla]))
    series = next(
        r for r in before.user_calendar.values() if r.repeats is not None and r.starts_at.hour == 11
    )
    sync_starts = {
        r.starts_at
        for r in before.user_calendar.values()
        if r.recurrent_event_id == series.event_id
    }
    executable()
    if changes_since(before).tables() - {"user_calendar"}:
        raise SolutionError("Incorrect solution")
    expected_future, accepted_past = [], []
    for start, end, people, location, status in meetings(before):
        if start in sync_starts and people == old_pair:
            item = (start, end, new_trio, location, status)
            if start >= now:
                expected_future.append(item)
            else:
                accepted_past.append({(start, end, people, location, status), item})
        elif start >= now:
            expected_future.append((start, end, people, location, status))
        else:
            accepted_past.append({(start, end, people, location, status)})
    after = meetings(snapshot_world())
    if sorted(m for m in after if m[0] >= now) != sorted(expected_future):
        raise SolutionError("Incorrect solution")
    past_after = sorted(m for m in after if m[0] < now)
    if len(past_after) != len(accepted_past):
        raise SolutionError("Incorrect solution")
    for item, options in zip(past_after, sorted(accepted_past, key=lambda s: min(s)), strict=True):
        if item not in options:
            raise SolutionError("Incorrect solution")
