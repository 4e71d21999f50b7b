"""Assistant, book a 30-minute call with Mehmet tomorrow that's over by 11 AM, at a time we're both free."""  # noqa: E501

QUERY_ID = "constrained_003_call_over_by_eleven"
CATEGORY = "constrained-scheduling"
TAGS = ["find_available_slots", "get_calendar", "deadline", "RequiresUserInput", "contrast-set"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def book_call_with_mehmet_before_eleven():
    """A 30-minute call with Mehmet tomorrow, ending by 11:00, when both are free."""
    mehmet = find_employee("Mehmet")[0]  # by structure guideline #1
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    deadline = combine(tomorrow, time_by_hm(11, 0, "am"))
    length = Duration(30, TimeUnits.Minutes)
    busy = [
        e
        for e in find_events() + get_calendar(mehmet)
        if e.starts_at.date() <= tomorrow <= e.ends_at.date()
    ]
    for slot in find_available_slots(busy, date=tomorrow):
        ends_at = modify(slot.start, length, operator=DateTimeClauseOperators.add)
        # the call must fit in the gap and be over by the deadline
        if ends_at <= slot.end and ends_at <= deadline:
            add_event(
                Event(subject="Call", attendees=[mehmet], starts_at=slot.start, ends_at=ends_at)
            )
            return
    raise RequiresUserInput("You and Mehmet have no common 30 minutes tomorrow that end by 11 AM.")


def setup_env_book_call_with_mehmet_before_eleven():
    """Tomorrow the only common gap before 11 is 10:30-11:00, exactly 30 minutes."""
    simulate_org_structure(default_employee_names=["Mehmet", "Svetlana", "Oluwaseun", "Kiri"])
    mehmet = find_employee("Mehmet")[0]  # setup guideline #4
    svetlana = find_employee("Svetlana")[0]
    # setup guideline #1
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    friday = get_next_dow("Friday")

    def at(day, hour, minute):
        return datetime.datetime.combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(subject="Stand-up", starts_at=at(tomorrow, 9, 6), ends_at=at(tomorrow, 9, 45)),
            Event(
                subject="Spec review",
                attendees=[svetlana],
                starts_at=at(tomorrow, 10, 0),
                ends_at=at(tomorrow, 10, 30),
            ),
            Event(subject="Focus", starts_at=at(friday, 9, 30), ends_at=at(friday, 10, 30)),
        ]
    )
    simulate_employee_calendar(
        mehmet,
        [
            Event(subject="Mentoring", starts_at=at(tomorrow, 9, 30), ends_at=at(tomorrow, 10, 15)),
            Event(subject="Ops sync", starts_at=at(tomorrow, 11, 0), ends_at=at(tomorrow, 11, 45)),
        ],
    )


def evaluate_book_call_with_mehmet_before_eleven(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """One call with Mehmet tomorrow 10:30-11:00 and no other change."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    if event.starts_at != datetime.datetime.combine(tomorrow, datetime.time(10, 30)):
        raise SolutionError("Incorrect solution")
    if event.ends_at != datetime.datetime.combine(tomorrow, datetime.time(11, 0)):
        raise SolutionError("Incorrect solution")
    # testing guideline #1
    if [a.employee_id for a in event.attendees or []] != [find_employee("Mehmet")[0].employee_id]:
        raise SolutionError("Incorrect solution")


def setup_env_book_call_with_mehmet_before_eleven_2():
    """Tomorrow the user is busy until 10:35, so no 30 minutes end by 11.

    The request cannot be met.
    """
    simulate_org_structure(default_employee_names=["Mehmet", "Svetlana", "Oluwaseun", "Kiri"])
    mehmet = find_employee("Mehmet")[0]  # setup guideline #4
    # setup guideline #1
    tomorrow = parse_date_string(DateExpressions.Tomorrow)

    def at(day, hour, minute):
        return datetime.datetime.combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Quarterly planning",
                starts_at=at(tomorrow, 9, 6),
                ends_at=at(tomorrow, 10, 35),
            ),
            Event(
                subject="Lunch and learn",
                starts_at=at(tomorrow, 12, 30),
                ends_at=at(tomorrow, 13, 30),
            ),
        ]
    )
    simulate_employee_calendar(
        mehmet,
        [Event(subject="Ops sync", starts_at=at(tomorrow, 12, 0), ends_at=at(tomorrow, 12, 30))],
    )


def evaluate_book_call_with_mehmet_before_eleven_2(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """No slot ends by 11: the program hands back to the user and changes nothing."""
    setup_function()
    before = snapshot_world()
    try:
        executable()
    except RequiresUserInput:
        pass
    else:
        raise SolutionError("Incorrect solution")
    assert_no_changes_since(before)
