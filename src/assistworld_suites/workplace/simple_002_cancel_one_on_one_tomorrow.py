"""Assistant, cancel my one-on-one with Matteo tomorrow."""

QUERY_ID = "simple_002_cancel_one_on_one_tomorrow"
CATEGORY = "simple-scheduling"
TAGS = ["delete_event", "find_events", "parse_date_string", "RequiresUserInput", "contrast-set"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def cancel_one_on_one_with_matteo_tomorrow():
    """Cancel my one-on-one with Matteo tomorrow."""
    # by structure guideline #1
    matteo = find_employee("Matteo")[0]
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    # a one-on-one has Matteo as the only attendee
    candidates = [e for e in find_events(attendees=[matteo]) if e.starts_at.date() == tomorrow]
    if not candidates:
        raise RequiresUserInput("I could not find a one-on-one with Matteo tomorrow.")
    if len(candidates) > 1:
        raise RequiresUserInput(
            f"There are {len(candidates)} one-on-ones with Matteo tomorrow; which one should go?"
        )
    delete_event(candidates[0])


def setup_env_cancel_one_on_one_with_matteo_tomorrow():
    """One one-on-one with Matteo tomorrow, plus look-alikes on other days and with other people."""
    simulate_org_structure(default_employee_names=["Matteo", "Yara", "Lorenzo", "Dilnoza"])
    matteo = find_employee("Matteo")[0]  # setup guideline #4
    yara = find_employee("Yara")[0]
    lorenzo = find_employee("Lorenzo")[0]
    # setup guideline #1
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    thursday = get_next_dow("Thursday")

    def at(day, hour, minute):
        return datetime.datetime.combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="1:1 Matteo",
                attendees=[matteo],
                starts_at=at(tomorrow, 11, 0),
                ends_at=at(tomorrow, 11, 30),
            ),
            Event(
                subject="1:1 Lorenzo",
                attendees=[lorenzo],
                starts_at=at(tomorrow, 11, 30),
                ends_at=at(tomorrow, 12, 0),
            ),
            Event(
                subject="Release planning",
                attendees=[matteo, yara],
                starts_at=at(tomorrow, 14, 0),
                ends_at=at(tomorrow, 15, 0),
            ),
            Event(
                subject="1:1 Matteo",
                attendees=[matteo],
                starts_at=at(thursday, 11, 0),
                ends_at=at(thursday, 11, 30),
            ),
        ]
    )


def setup_env_cancel_one_on_one_with_matteo_tomorrow_2():
    """Two one-on-ones with Matteo tomorrow: the request does not say which one to cancel."""
    simulate_org_structure(default_employee_names=["Matteo", "Yara", "Lorenzo", "Dilnoza"])
    matteo = find_employee("Matteo")[0]  # setup guideline #4
    yara = find_employee("Yara")[0]
    # setup guideline #1
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    thursday = get_next_dow("Thursday")

    def at(day, hour, minute):
        return datetime.datetime.combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="1:1 Matteo",
                attendees=[matteo],
                starts_at=at(tomorrow, 10, 0),
                ends_at=at(tomorrow, 10, 30),
            ),
            Event(
                subject="Release planning",
                attendees=[matteo, yara],
                starts_at=at(tomorrow, 14, 0),
                ends_at=at(tomorrow, 15, 0),
            ),
            Event(
                subject="1:1 Matteo follow-up",
                attendees=[matteo],
                starts_at=at(tomorrow, 16, 0),
                ends_at=at(tomorrow, 16, 30),
            ),
            Event(
                subject="1:1 Matteo",
                attendees=[matteo],
                starts_at=at(thursday, 11, 0),
                ends_at=at(thursday, 11, 30),
            ),
        ]
    )


def evaluate_cancel_one_on_one_with_matteo_tomorrow(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Only tomorrow's 11:00 one-on-one with Matteo is removed."""
    setup_function()
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    target = datetime.datetime.combine(tomorrow, datetime.time(11, 0))
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    if len(changes) != 1:
        raise SolutionError("Incorrect solution")
    change = next(iter(changes))
    if change.table != "user_calendar" or change.kind != "removed":
        raise SolutionError("Incorrect solution")
    if datetime.datetime.fromisoformat(change.before["starts_at"]) != target:
        raise SolutionError("Incorrect solution")
    # testing guideline #1: the removed event had Matteo as its only attendee
    matteo = find_employee("Matteo")[0]
    if [a["employee_id"] for a in change.before["attendees"]] != [matteo.employee_id]:
        raise SolutionError("Incorrect solution")


def evaluate_cancel_one_on_one_with_matteo_tomorrow_2(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Two one-on-ones tomorrow: the program must hand back to the user and change nothing."""
    setup_function()
    before = snapshot_world()
    try:
        executable()
    except RequiresUserInput:
        assert_no_changes_since(before)
        return
    raise SolutionError("Incorrect solution")
