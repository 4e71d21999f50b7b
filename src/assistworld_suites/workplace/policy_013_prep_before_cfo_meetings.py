"""Assistant, before each of my meetings with the CFO this week, block my usual prep time right before it, unless something else is already booked in that slot."""  # noqa: E501

QUERY_ID = "policy_013_prep_before_cfo_meetings"
CATEGORY = "policy-following"
TAGS = ["get_default_preparation_time", "leadership", "no-double-booking", "this_week_dates"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def prep_before_cfo_meetings():
    """Add a default-length prep block before each CFO meeting this week, where the slot is free."""
    # the leadership team is the CEO, COO and CFO: find the CFO by role
    cfos = [e for e in get_all_employees() if get_employee_profile(e).role == "CFO"]
    if len(cfos) != 1:
        raise RequiresUserInput(f"Expected one CFO, found {len(cfos)}.")
    cfo = cfos[0]
    end_of_week = this_week_dates()[-1]
    prep = get_default_preparation_time()
    upcoming = find_events()
    with_cfo = [
        e for e in upcoming if cfo in (e.attendees or []) and e.starts_at.date() <= end_of_week
    ]
    for meeting in with_cfo:
        slot = TimeInterval(
            modify(meeting.starts_at, prep, operator=DateTimeClauseOperators.subtract),
            meeting.starts_at,
        )
        # the user said what to do on a clash: skip that prep block
        if any(intervals_overlap(TimeInterval(e.starts_at, e.ends_at), slot) for e in upcoming):
            continue
        add_event(Event(subject=f"Prep: {meeting.subject}", starts_at=slot.start, ends_at=slot.end))


def setup_env_prep_before_cfo_meetings():
    """CFO meetings on Wednesday, Thursday (prep slot taken), Friday and next Monday."""
    simulate_org_structure(
        default_employee_names=[
            "Marguerite",
            "Nnamdi",
            "Olesya",
            "Pedro",
            "Qiao",
            "Rangi",
            "Svetlana",
            "Tariq",
            "Ulrike",
            "Vusi",
            "Wren",
            "Ximena",
        ],
        user_name="Yusra",
        user_team=Team.Finance,
    )
    cfo = next(e for e in get_all_employees() if get_employee_profile(e).role == "CFO")
    coo = next(e for e in get_all_employees() if get_employee_profile(e).role == "COO")
    nnamdi = find_employee("Nnamdi")[0]  # setup guideline #4
    rangi = find_employee("Rangi")[0]
    # setup guideline #1
    yesterday = parse_date_string(DateExpressions.Yesterday)
    wednesday = get_next_dow("Wednesday")
    thursday = get_next_dow("Thursday")
    friday = get_next_dow("Friday")
    monday = get_next_dow("Monday")

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Cash-flow review",
                attendees=[cfo],
                starts_at=at(yesterday, 15, 0),
                ends_at=at(yesterday, 16, 0),
            ),
            Event(
                subject="Forecast sign-off",
                attendees=[cfo, rangi],
                starts_at=at(wednesday, 11, 0),
                ends_at=at(wednesday, 12, 0),
            ),
            Event(
                subject="Ops budget",
                attendees=[coo],
                starts_at=at(wednesday, 15, 0),
                ends_at=at(wednesday, 15, 30),
            ),
            Event(
                subject="Audit prep call",
                attendees=[nnamdi],
                starts_at=at(thursday, 13, 0),
                ends_at=at(thursday, 13, 45),
            ),
            Event(
                subject="Board pack",
                attendees=[cfo],
                starts_at=at(thursday, 14, 0),
                ends_at=at(thursday, 15, 0),
            ),
            Event(
                subject="Pricing check-in",
                attendees=[cfo],
                starts_at=at(friday, 9, 40),
                ends_at=at(friday, 10, 10),
            ),
            Event(
                subject="Q3 kickoff",
                attendees=[cfo, nnamdi],
                starts_at=at(monday, 10, 0),
                ends_at=at(monday, 11, 0),
            ),
        ]
    )


def evaluate_prep_before_cfo_meetings(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Two 30-minute blocks: Wednesday 10:30-11:00 and Friday 09:10-09:40; nothing else changed."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 2 or len(changes) != 2:
        raise SolutionError("Incorrect solution")
    wednesday = get_next_dow("Wednesday")
    friday = get_next_dow("Friday")
    expected = [
        (combine(wednesday, datetime.time(10, 30)), combine(wednesday, datetime.time(11, 0))),
        (combine(friday, datetime.time(9, 10)), combine(friday, datetime.time(9, 40))),
    ]
    if [(e.starts_at, e.ends_at) for e in events] != expected:
        raise SolutionError("Incorrect solution")
    # prep time is the user's own: nobody is invited
    if any(e.attendees for e in events):
        raise SolutionError("Incorrect solution")
