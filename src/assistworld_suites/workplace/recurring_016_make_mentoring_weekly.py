"""Assistant, make Thursday's mentoring session with Oksana a weekly thing: eight sessions in total, counting this one."""  # noqa: E501

QUERY_ID = "recurring_016_make_mentoring_weekly"
CATEGORY = "recurring-events"
TAGS = ["find_events", "add_event", "RepetitionSpec", "max_repetitions", "change-event"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def make_mentoring_weekly():
    """Turn this Thursday's mentoring session with Oksana into a weekly series of eight."""
    # by structure guideline #1
    oksana = find_employee("Oksana")[0]
    thursday = get_next_dow("Thursday")
    sessions = [e for e in find_events(attendees=[oksana]) if e.starts_at.date() == thursday]
    if not sessions:
        raise RequiresUserInput("There is no session with Oksana on Thursday.")
    if len(sessions) > 1:
        raise RequiresUserInput(f"There are {len(sessions)} sessions with Oksana on Thursday.")
    session = sessions[0]
    # the same event becomes the first of eight weekly occurrences
    session.repeats = RepetitionSpec(frequency=EventFrequency.WEEKLY, max_repetitions=8)
    add_event(session)


def setup_env_make_mentoring_weekly():
    """Thursday 16:00-16:45 mentoring with Oksana; a past one and a Tuesday one with her too."""
    simulate_org_structure(default_employee_names=["Oksana", "Joaquin", "Ravi", "Kirra"])
    oksana = find_employee("Oksana")[0]  # setup guideline #4
    joaquin = find_employee("Joaquin")[0]
    # setup guideline #1
    last_thursday = get_prev_dow("Thursday")
    thursday = get_next_dow("Thursday")
    next_tuesday = get_next_dow("Tuesday")

    def meeting(subject, people, day, hour, minute, length):
        start = datetime.datetime.combine(day, datetime.time(hour, minute))
        return Event(
            subject=subject,
            attendees=people,
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=length),
        )

    # setup guidelines #2 and #3: last Thursday's session is past
    simulate_user_calendar(
        [
            meeting("Mentoring", [oksana], last_thursday, 16, 0, 45),
            meeting("Mentoring", [oksana], thursday, 16, 0, 45),
            meeting("Code walkthrough", [joaquin, oksana], thursday, 11, 0, 60),
            meeting("Career chat", [oksana], next_tuesday, 15, 0, 30),
        ]
    )


def evaluate_make_mentoring_weekly(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Mentoring with Oksana on 8 Thursdays 16:00-16:45 from this one; everything else unchanged."""
    setup_function()
    before = snapshot_world()

    def meetings(state):
        # what the calendar shows: one-off events and the occurrences of recurring ones (a
        # recurring event's own row is represented by its occurrences); testing guideline #3:
        # start, end and attendees, never the subject
        return sorted(
            (r.starts_at, r.ends_at, tuple(sorted(a.employee_id for a in r.attendees or [])))
            for r in state.user_calendar.values()
            if r.repeats is None
        )

    oksana = (find_employee("Oksana")[0].employee_id,)
    first = datetime.datetime.combine(get_next_dow("Thursday"), datetime.time(16, 0))
    length = datetime.timedelta(minutes=45)
    expected = meetings(before)
    expected.remove((first, first + length, oksana))
    expected += [
        (first + datetime.timedelta(weeks=n), first + length + datetime.timedelta(weeks=n), oksana)
        for n in range(8)
    ]
    executable()
    if changes_since(before).tables() - {"user_calendar"}:
        raise SolutionError("Incorrect solution")
    after = snapshot_world()
    # testing guideline #2: the event turned into a series, or a new series next to it: the
    # calendar must show exactly these sessions, no duplicate of this Thursday's
    if meetings(after) != sorted(expected):
        raise SolutionError("Incorrect solution")
    # compare occurrences, not RepetitionSpec fields: every recurring event expands as stored
    for key, row in after.user_calendar.items():
        if row.repeats is not None:
            stored = sorted(
                r.starts_at for r in after.user_calendar.values() if r.recurrent_event_id == key
            )
            schedule = repetition_schedule(row.starts_at.time(), row.repeats, row.starts_at.date())
            if row.starts_at not in stored or stored != schedule:
                raise SolutionError("Incorrect solution")
