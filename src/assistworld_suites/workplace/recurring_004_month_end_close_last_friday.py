"""Assistant, put a one-hour month-end close review with the Finance team on the last Friday of each month at 10:30, starting in July, for four months."""  # noqa: E501

QUERY_ID = "recurring_004_month_end_close_last_friday"
CATEGORY = "recurring-events"
TAGS = ["add_event", "RepetitionSpec", "bysetpos", "monthly", "max_repetitions", "Team"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def month_end_close_review():
    """Create a one-hour review with Finance on the last Friday of July to October at 10:30 AM."""
    finance = [e for e in get_all_employees() if get_employee_profile(e).team == Team.Finance]
    # the first occurrence is the last Friday of July (next month): the last Friday before 1 August
    july = parse_durations_to_date_interval(DateRanges.NextMonth)
    last_friday = get_prev_dow("Friday", before=july.end + datetime.timedelta(days=1))
    starts_at = combine(last_friday, time_by_hm(10, 30, "am"))
    ends_at = modify(starts_at, Duration(1, TimeUnits.Hours), operator=DateTimeClauseOperators.add)
    # the last Friday of every month, four times
    repeats = RepetitionSpec(
        frequency=EventFrequency.MONTHLY, which_weekday=[4], bysetpos=[-1], max_repetitions=4
    )
    add_event(
        Event(
            subject="Month-end close review",
            attendees=finance,
            starts_at=starts_at,
            ends_at=ends_at,
            repeats=repeats,
        )
    )


def setup_env_month_end_close_review():
    """The user is in Engineering; Finance has a manager and members; the CFO is in Leadership."""
    simulate_org_structure(
        default_employee_names=[
            "Ximena",
            "Tobias",
            "Ngozi",
            "Paolo",
            "Kirra",
            "Ruth",
            "Hamid",
            "Oksana",
            "Rangi",
            "Joaquin",
            "Leilani",
            "Mahmoud",
            "Bettina",
            "Dagny",
        ],
        teams_to_extend={Team.Finance: ["Sigrun", "Teodor"]},
    )
    ruth = find_employee("Ruth")[0]  # setup guideline #4
    # setup guideline #1
    friday = get_next_dow("Friday")
    start = datetime.datetime.combine(friday, datetime.time(10, 30))
    # setup guidelines #2 and #3: this Friday (the last of June) already has a meeting
    simulate_user_calendar(
        [
            Event(
                subject="Sprint review",
                attendees=[ruth],
                starts_at=start,
                ends_at=start + datetime.timedelta(minutes=60),
            )
        ]
    )


def evaluate_month_end_close_review(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """A series on 26 Jul, 30 Aug, 27 Sep, 25 Oct at 10:30-11:30 with everyone in Finance."""
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
    expected = [
        datetime.datetime.combine(date_by_mdy(month=m, day=d), datetime.time(10, 30))
        for m, d in ((7, 26), (8, 30), (9, 27), (10, 25))
    ]
    if series.repeats is None or series.starts_at != expected[0]:
        raise SolutionError("Incorrect solution")
    schedule = repetition_schedule(series.starts_at.time(), series.repeats, series.starts_at.date())
    occurrences = sorted(
        datetime.datetime.fromisoformat(c.after["starts_at"]) for c in occurrence_rows
    )
    if schedule != expected or occurrences != expected:
        raise SolutionError("Incorrect solution")
    if series.ends_at - series.starts_at != datetime.timedelta(hours=1):
        raise SolutionError("Incorrect solution")
    # testing guideline #1: everyone whose team is Finance, by id; testing guideline #2: the
    # CFO, who heads Finance from the Leadership team, may be invited as well
    profiles = [get_employee_profile(e) for e in get_all_employees()]
    finance = {p.employee_id for p in profiles if p.team == Team.Finance}
    with_cfo = finance | {p.employee_id for p in profiles if p.role == "CFO"}
    attendees = [a.employee_id for a in series.attendees or []]
    if len(finance) < 4 or len(attendees) != len(set(attendees)):
        raise SolutionError("Incorrect solution")
    if set(attendees) not in (finance, with_cfo):
        raise SolutionError("Incorrect solution")
