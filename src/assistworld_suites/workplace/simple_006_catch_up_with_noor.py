"""Assistant, set up a half-hour catch-up with Noor tomorrow at 11."""

QUERY_ID = "simple_006_catch_up_with_noor"
CATEGORY = "simple-scheduling"
TAGS = ["add_event", "find_employee", "RequiresUserInput", "duplicate-names", "contrast-set"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def catch_up_with_noor_tomorrow():
    """Set up a 30-minute catch-up with Noor tomorrow at 11 AM."""
    # the directory may hold several people called Noor: only a single match identifies her
    matches = find_employee("Noor")
    if not matches:
        raise RequiresUserInput("I could not find anyone called Noor in the company directory.")
    if len(matches) > 1:
        raise RequiresUserInput(
            f"There are {len(matches)} employees called Noor; which one should I invite?"
        )
    noor = matches[0]
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    starts_at = combine(tomorrow, time_by_hm(11, 0, "am"))
    ends_at = modify(
        starts_at, Duration(30, TimeUnits.Minutes), operator=DateTimeClauseOperators.add
    )
    add_event(Event(subject="Catch-up", attendees=[noor], starts_at=starts_at, ends_at=ends_at))


def setup_env_catch_up_with_noor_tomorrow():
    """Exactly one Noor works at the company."""
    simulate_org_structure(default_employee_names=["Noor", "Bilal", "Linnea", "Sione", "Astrid"])
    bilal = find_employee("Bilal")[0]  # setup guideline #4
    # setup guideline #1
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    start = datetime.datetime.combine(tomorrow, datetime.time(9, 30))
    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Standup",
                attendees=[bilal],
                starts_at=start,
                ends_at=start + datetime.timedelta(minutes=15),
            )
        ]
    )


def setup_env_catch_up_with_noor_tomorrow_2():
    """Two different employees are called Noor, and the request does not say which one."""
    simulate_org_structure(
        default_employee_names=["Noor", "Bilal", "Linnea", "Sione", "Astrid", "Noor"]
    )
    bilal = find_employee("Bilal")[0]  # setup guideline #4
    # setup guideline #1
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    start = datetime.datetime.combine(tomorrow, datetime.time(9, 30))
    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Standup",
                attendees=[bilal],
                starts_at=start,
                ends_at=start + datetime.timedelta(minutes=15),
            )
        ]
    )


def evaluate_catch_up_with_noor_tomorrow(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """One new event tomorrow 11:00-11:30 with Noor alone; nothing else changed."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    start = datetime.datetime.combine(
        parse_date_string(DateExpressions.Tomorrow), datetime.time(11, 0)
    )
    if event.starts_at != start or event.ends_at != start + datetime.timedelta(minutes=30):
        raise SolutionError("Incorrect solution")
    noor = find_employee("Noor")[0]
    if [a.employee_id for a in event.attendees or []] != [noor.employee_id]:
        raise SolutionError("Incorrect solution")
    if event.repeats is not None:
        raise SolutionError("Incorrect solution")


def evaluate_catch_up_with_noor_tomorrow_2(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Two people are called Noor: the program must ask which one and change nothing."""
    setup_function()
    if len(find_employee("Noor")) != 2:
        raise ValueError("the setup should hold two employees called Noor")
    before = snapshot_world()
    try:
        executable()
    except RequiresUserInput:
        assert_no_changes_since(before)
        return
    raise SolutionError("Incorrect solution")
