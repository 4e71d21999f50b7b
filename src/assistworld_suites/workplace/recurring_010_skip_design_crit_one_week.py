"""Assistant, I'm off on 3 July, so drop the design crit that day, but keep the rest of the series."""  # noqa: E501

QUERY_ID = "recurring_010_skip_design_crit_one_week"
CATEGORY = "recurring-events"
TAGS = ["find_past_events", "add_event", "exclude_occurrence", "change-series"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def skip_design_crit_on_third_july():
    """Remove the 3 July occurrence of the recurring design crit and keep all the others."""
    # the series started weeks ago: look among past events as well as upcoming ones
    candidates = find_past_events(subject="design crit") + find_events(subject="design crit")
    crits = [e for e in candidates if e.repeats is not None]
    if not crits:
        raise RequiresUserInput("I could not find a recurring design crit in your calendar.")
    if len(crits) > 1:
        raise RequiresUserInput(f"I found {len(crits)} recurring design crits; which one?")
    crit = crits[0]
    # an occurrence is skipped by its exact start time
    day_off = date_by_mdy(month=7, day=3)
    skipped = combine(day_off, crit.starts_at.time())
    crit.repeats.exclude_occurrence = (crit.repeats.exclude_occurrence or []) + [skipped]
    add_event(crit)


def setup_env_skip_design_crit_on_third_july():
    """A weekly Wednesday 14:00 design crit since early June; a one-off crit prep on 3 July."""
    simulate_org_structure(default_employee_names=["Leilani", "Omari", "Xiadani", "Teodor"])
    leilani = find_employee("Leilani")[0]  # setup guideline #4
    omari = find_employee("Omari")[0]
    xiadani = find_employee("Xiadani")[0]
    # setup guideline #1: the series started three Wednesdays ago
    first_wednesday = get_prev_dow("Wednesday") - datetime.timedelta(weeks=2)
    third_july = date_by_mdy(month=7, day=3)

    def at(day, hour, minute):
        return datetime.datetime.combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Design crit",
                attendees=[leilani, omari],
                starts_at=at(first_wednesday, 14, 0),
                ends_at=at(first_wednesday, 15, 0),
                repeats=RepetitionSpec(
                    frequency=EventFrequency.WEEKLY, recurs_until=date_by_mdy(month=8, day=28)
                ),
            ),
            Event(
                subject="Design critique prep",
                attendees=[xiadani],
                starts_at=at(third_july, 10, 0),
                ends_at=at(third_july, 10, 30),
            ),
        ]
    )


def evaluate_skip_design_crit_on_third_july(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """The crit series keeps every Wednesday from its start to 28 August except 3 July."""
    setup_function()
    before = snapshot_world()
    (old_key,) = [k for k, r in before.user_calendar.items() if r.repeats is not None]
    old = before.user_calendar[old_key]
    old_occurrences = sorted(
        r.starts_at for r in before.user_calendar.values() if r.recurrent_event_id == old_key
    )
    dropped = datetime.datetime.combine(date_by_mdy(month=7, day=3), datetime.time(14, 0))
    expected = [start for start in old_occurrences if start != dropped]
    executable()
    if changes_since(before).tables() - {"user_calendar"}:
        raise SolutionError("Incorrect solution")
    after = snapshot_world()
    series = [k for k, r in after.user_calendar.items() if r.repeats is not None]
    if len(series) != 1 or len(expected) != len(old_occurrences) - 1:
        raise SolutionError("Incorrect solution")
    crit = after.user_calendar[series[0]]
    # compare occurrences, not RepetitionSpec fields
    occurrences = sorted(
        r.starts_at for r in after.user_calendar.values() if r.recurrent_event_id == series[0]
    )
    schedule = repetition_schedule(crit.starts_at.time(), crit.repeats, crit.starts_at.date())
    if crit.starts_at != old.starts_at or occurrences != expected or schedule != expected:
        raise SolutionError("Incorrect solution")
    if crit.ends_at != old.ends_at:
        raise SolutionError("Incorrect solution")
    if {a.employee_id for a in crit.attendees or []} != {a.employee_id for a in old.attendees}:
        raise SolutionError("Incorrect solution")
    # the one-off prep on 3 July is still there, unchanged
    one_offs = [
        (r.starts_at, r.ends_at)
        for r in after.user_calendar.values()
        if r.repeats is None and r.recurrent_event_id is None
    ]
    prep = datetime.datetime.combine(date_by_mdy(month=7, day=3), datetime.time(10, 0))
    if one_offs != [(prep, prep + datetime.timedelta(minutes=30))]:
        raise SolutionError("Incorrect solution")
