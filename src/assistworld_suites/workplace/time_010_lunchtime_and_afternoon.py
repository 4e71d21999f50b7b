"""Assistant, tomorrow I'd like an hour's lunch with Keanu at lunchtime, then a half-hour catch-up with Zainab in the afternoon."""  # noqa: E501

QUERY_ID = "time_010_lunchtime_and_afternoon"
CATEGORY = "time-expressions"
TAGS = ["add_event", "parse_time_string", "named-time", "TimeExpressions"]

if __name__ == "__main__":
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def lunch_and_afternoon_catch_up():
    """Tomorrow: a one-hour lunch with Keanu at Lunch time, a 30-minute catch-up with Zainab in the
    Afternoon.
    """
    keanu = find_employee("Keanu")[0]  # by structure guideline #1
    zainab = find_employee("Zainab")[0]  # by structure guideline #1
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    # named times come from the library's fixed table
    lunch_start = combine(tomorrow, parse_time_string(TimeExpressions.Lunch))
    add_event(
        Event(
            subject="Lunch with Keanu",
            attendees=[keanu],
            starts_at=lunch_start,
            ends_at=modify(
                lunch_start, Duration(1, TimeUnits.Hours), operator=DateTimeClauseOperators.add
            ),
        )
    )
    catch_up_start = combine(tomorrow, parse_time_string(TimeExpressions.Afternoon))
    add_event(
        Event(
            subject="Catch-up with Zainab",
            attendees=[zainab],
            starts_at=catch_up_start,
            ends_at=modify(
                catch_up_start,
                Duration(30, TimeUnits.Minutes),
                operator=DateTimeClauseOperators.add,
            ),
        )
    )


def setup_env_lunch_and_afternoon_catch_up():
    """Keanu and Zainab in the company; the user has a morning meeting tomorrow."""
    simulate_org_structure(
        default_employee_names=["Keanu", "Zainab", "Radmila", "Obinna", "Carmen"]
    )
    radmila = find_employee("Radmila")[0]  # setup guideline #4
    # setup guideline #1: relative dates; #2 working hours; #3 future
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    simulate_user_calendar(
        [
            Event(
                subject="Standup",
                attendees=[radmila],
                starts_at=combine(tomorrow, time_by_hm(9, 30, "am")),
                ends_at=combine(tomorrow, time_by_hm(9, 45, "am")),
            ),
            Event(
                subject="Quarterly numbers",
                attendees=[radmila],
                starts_at=combine(tomorrow, time_by_hm(4, 0, "pm")),
                ends_at=combine(tomorrow, time_by_hm(5, 0, "pm")),
            ),
        ]
    )


def evaluate_lunch_and_afternoon_catch_up(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Lunch 12:17-13:17 with Keanu and catch-up 14:19-14:49 with Zainab on 2024-06-26, nothing
    else.
    """
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 2 or len(changes) != 2:
        raise SolutionError("Incorrect solution")
    lunch, catch_up = events  # sorted by start
    day = datetime.date(2024, 6, 26)
    expected = [
        (lunch, datetime.time(12, 17), 60, "Keanu"),
        (catch_up, datetime.time(14, 19), 30, "Zainab"),
    ]
    for event, start, minutes, name in expected:
        starts_at = datetime.datetime.combine(day, start)
        if event.starts_at != starts_at or event.ends_at != starts_at + datetime.timedelta(
            minutes=minutes
        ):
            raise SolutionError("Incorrect solution")
        if [a.employee_id for a in event.attendees or []] != [find_employee(name)[0].employee_id]:
            raise SolutionError("Incorrect solution")
        if event.repeats is not None:
            raise SolutionError("Incorrect solution")
