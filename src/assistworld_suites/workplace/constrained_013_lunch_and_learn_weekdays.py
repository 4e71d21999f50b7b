"""Assistant, set up a 45-minute lunch-and-learn with Wanjiru at 12:30 every weekday next week, but skip any day where either of us already has something on at that time."""  # noqa: E501

QUERY_ID = "constrained_013_lunch_and_learn_weekdays"
CATEGORY = "constrained-scheduling"
TAGS = ["parse_durations_to_date_interval", "intervals_overlap", "get_calendar", "skip-clashes"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def lunch_and_learn_next_week():
    """12:30-13:15 with Wanjiru on each weekday next week when neither calendar has a clash."""
    wanjiru = find_employee("Wanjiru")[0]  # by structure guideline #1
    next_week = parse_durations_to_date_interval(DateRanges.NextWeek)
    existing = [
        e for e in find_events() + get_calendar(wanjiru) if e.show_as_status != ShowAsStatus.Free
    ]
    day = next_week.start
    while day <= next_week.end:
        if day.weekday() < 5:
            starts_at = combine(day, time_by_hm(12, 30, "pm"))
            ends_at = modify(
                starts_at, Duration(45, TimeUnits.Minutes), operator=DateTimeClauseOperators.add
            )
            slot = TimeInterval(starts_at, ends_at)
            if not any(
                intervals_overlap(slot, TimeInterval(e.starts_at, e.ends_at)) for e in existing
            ):
                add_event(
                    Event(
                        subject="Lunch and learn",
                        attendees=[wanjiru],
                        starts_at=starts_at,
                        ends_at=ends_at,
                    )
                )
        day = day + datetime.timedelta(days=1)


def setup_env_lunch_and_learn_next_week():
    """Next week Tuesday (Wanjiru) and Thursday (the user) clash; Monday and Friday only touch."""
    simulate_org_structure(default_employee_names=["Wanjiru", "Caoimhe", "Deniz", "Heitor", "Ama"])
    wanjiru = find_employee("Wanjiru")[0]  # setup guideline #4
    deniz = find_employee("Deniz")[0]
    # setup guideline #1
    this_friday = get_next_dow("Friday")
    monday = get_next_dow("Monday")
    tuesday = get_next_dow("Tuesday", after=monday)
    thursday = get_next_dow("Thursday", after=monday)
    friday = get_next_dow("Friday", after=monday)

    def at(day, hour, minute):
        return datetime.datetime.combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(subject="Sprint demo", starts_at=at(monday, 12, 0), ends_at=at(monday, 12, 30)),
            Event(
                subject="Architecture review",
                attendees=[deniz],
                starts_at=at(thursday, 11, 30),
                ends_at=at(thursday, 12, 45),
            ),
            Event(
                subject="Release party",
                starts_at=at(this_friday, 12, 0),
                ends_at=at(this_friday, 14, 0),
            ),
        ]
    )
    simulate_employee_calendar(
        wanjiru,
        [
            Event(subject="Client lunch", starts_at=at(tuesday, 13, 0), ends_at=at(tuesday, 14, 0)),
            Event(subject="Payroll run", starts_at=at(friday, 13, 15), ends_at=at(friday, 14, 0)),
        ],
    )
    # someone else's clash on Wednesday must not matter
    simulate_employee_calendar(
        deniz,
        [
            Event(
                subject="Offsite",
                starts_at=at(get_next_dow("Wednesday", after=monday), 9, 30),
                ends_at=at(get_next_dow("Wednesday", after=monday), 16, 0),
            )
        ],
    )


def evaluate_lunch_and_learn_next_week(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Sessions next Monday, Wednesday and Friday, 12:30-13:15, with Wanjiru.

    One-off events and a recurring series are both accepted.
    """
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    # only additions to the user's calendar
    if len(changes.in_table("user_calendar", "added")) != len(changes):
        raise SolutionError("Incorrect solution")
    rows = [Event.model_validate(c.after) for c in changes.in_table("user_calendar", "added")]
    # one-off events, or the occurrence rows of a recurring event (its parent row is skipped)
    meetings = [r for r in rows if r.repeats is None]
    monday = get_next_dow("Monday")
    expected = [
        datetime.datetime.combine(monday + datetime.timedelta(days=offset), datetime.time(12, 30))
        for offset in (0, 2, 4)
    ]
    if sorted(m.starts_at for m in meetings) != expected:
        raise SolutionError("Incorrect solution")
    wanjiru = find_employee("Wanjiru")[0]
    for meeting in meetings:
        if meeting.ends_at != meeting.starts_at + datetime.timedelta(minutes=45):
            raise SolutionError("Incorrect solution")
        # testing guideline #1
        if [a.employee_id for a in meeting.attendees or []] != [wanjiru.employee_id]:
            raise SolutionError("Incorrect solution")
