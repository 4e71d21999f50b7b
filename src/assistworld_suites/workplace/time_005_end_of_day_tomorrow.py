"""Assistant, I need 20 minutes with Yusuf tomorrow, finishing right at the end of the working day."""  # noqa: E501

QUERY_ID = "time_005_end_of_day_tomorrow"
CATEGORY = "time-expressions"
TAGS = ["add_event", "parse_time_string", "named-time", "modify"]

if __name__ == "__main__":
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def book_end_of_day_slot_with_yusuf():
    """Book the last 20 minutes of tomorrow's working day with Yusuf."""
    yusuf = find_employee("Yusuf")[0]  # by structure guideline #1
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    ends_at = combine(tomorrow, parse_time_string(TimeExpressions.EndOfWorkDay))
    starts_at = modify(
        ends_at, Duration(20, TimeUnits.Minutes), operator=DateTimeClauseOperators.subtract
    )
    add_event(
        Event(
            subject="Catch-up with Yusuf", attendees=[yusuf], starts_at=starts_at, ends_at=ends_at
        )
    )


def setup_env_book_end_of_day_slot_with_yusuf():
    """Yusuf and colleagues; the user has meetings tomorrow and the day after."""
    simulate_org_structure(default_employee_names=["Yusuf", "Ngozi", "Pilar", "Anneliese", "Rahim"])
    yusuf = find_employee("Yusuf")[0]  # setup guideline #4
    ngozi = find_employee("Ngozi")[0]  # setup guideline #4
    # setup guideline #1: relative to now; #2 working hours; #3 future
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    day_after = modify(
        combine(tomorrow, time_by_hm(9, 30, "am")),
        Duration(1, TimeUnits.Days),
        operator=DateTimeClauseOperators.add,
    )
    simulate_user_calendar(
        [
            Event(
                subject="Roadmap review",
                attendees=[ngozi],
                starts_at=combine(tomorrow, time_by_hm(3, 0, "pm")),
                ends_at=combine(tomorrow, time_by_hm(4, 0, "pm")),
            ),
            Event(
                subject="Hiring sync",
                attendees=[yusuf, ngozi],
                starts_at=day_after,
                ends_at=modify(
                    day_after, Duration(30, TimeUnits.Minutes), operator=DateTimeClauseOperators.add
                ),
            ),
        ]
    )


def evaluate_book_end_of_day_slot_with_yusuf(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """One event with Yusuf only, Wednesday 2024-06-26 from 16:50 to 17:10 (the working day ends at
    17:10).
    """
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    if event.starts_at != datetime.datetime(2024, 6, 26, 16, 50):
        raise SolutionError("Incorrect solution")
    if event.ends_at != datetime.datetime(2024, 6, 26, 17, 10):
        raise SolutionError("Incorrect solution")
    if [a.employee_id for a in event.attendees or []] != [find_employee("Yusuf")[0].employee_id]:
        raise SolutionError("Incorrect solution")
    if event.repeats is not None:
        raise SolutionError("Incorrect solution")
