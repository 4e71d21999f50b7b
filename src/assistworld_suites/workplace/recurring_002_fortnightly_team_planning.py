"""Assistant, schedule a one-hour planning session with my team every other Thursday at 2 PM, starting this Thursday, six sessions in all."""  # noqa: E501

QUERY_ID = "recurring_002_fortnightly_team_planning"
CATEGORY = "recurring-events"
TAGS = ["add_event", "RepetitionSpec", "period", "max_repetitions", "find_team_of", "fortnightly"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def fortnightly_team_planning():
    """Create a fortnightly one-hour planning session with my team on Thursdays at 2 PM, 6 times."""
    team = find_team_of(get_current_user())
    thursday = get_next_dow("Thursday")
    starts_at = combine(thursday, time_by_hm(2, 0, "pm"))
    ends_at = modify(starts_at, Duration(1, TimeUnits.Hours), operator=DateTimeClauseOperators.add)
    # every other week, six occurrences counting the first one
    repeats = RepetitionSpec(frequency=EventFrequency.WEEKLY, period=2, max_repetitions=6)
    add_event(
        Event(
            subject="Team planning",
            attendees=team,
            starts_at=starts_at,
            ends_at=ends_at,
            repeats=repeats,
        )
    )


def setup_env_fortnightly_team_planning():
    """The user is in Finance with a manager and three teammates; other teams exist."""
    simulate_org_structure(
        default_employee_names=[
            "Tavita",
            "Ngozi",
            "Hamid",
            "Ruth",
            "Paolo",
            "Ayesha",
            "Yusuf",
            "Kirra",
            "Rangi",
            "Omari",
            "Bettina",
            "Joaquin",
            "Mahmoud",
            "Leilani",
            "Oksana",
            "Dagny",
            "Xiadani",
            "Ravi",
        ],
        user_team=Team.Finance,
    )
    hamid = find_employee("Hamid")[0]  # setup guideline #4
    # setup guideline #1
    thursday = get_next_dow("Thursday")
    start = datetime.datetime.combine(thursday, datetime.time(10, 0))
    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Ledger clean-up",
                attendees=[hamid],
                starts_at=start,
                ends_at=start + datetime.timedelta(minutes=45),
            )
        ]
    )


def evaluate_fortnightly_team_planning(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """A new series of 6 fortnightly Thursdays 14:00-15:00 from this Thursday, with the team."""
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
    # compare occurrences, not RepetitionSpec fields
    first = datetime.datetime.combine(get_next_dow("Thursday"), datetime.time(14, 0))
    expected = [first + datetime.timedelta(weeks=2 * n) for n in range(6)]
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
    # testing guideline #1: the user's team (manager and three teammates), by id
    team = {e.employee_id for e in find_team_of(get_current_user())}
    attendees = [a.employee_id for a in series.attendees or []]
    if len(attendees) != len(team) or set(attendees) != team:
        raise SolutionError("Incorrect solution")
