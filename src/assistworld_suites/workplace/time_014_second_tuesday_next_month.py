"""Assistant, put a 30-minute one-on-one with my manager on the second Tuesday of next month, at 3:45 in the afternoon."""  # noqa: E501

QUERY_ID = "time_014_second_tuesday_next_month"
CATEGORY = "time-expressions"
TAGS = [
    "add_event",
    "find_manager_of",
    "nth-weekday",
    "year-end",
    "parse_durations_to_date_interval",
]
NOW = "2024-12-10T14:00"

if __name__ == "__main__":
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def one_on_one_second_tuesday_next_month():
    """Book 15:45-16:15 with the user's manager on the second Tuesday of next month."""
    manager = find_manager_of(get_current_user())
    next_month = parse_durations_to_date_interval(DateRanges.NextMonth)
    # first Tuesday on or after the 1st, then one week later
    first_tuesday = get_next_dow("Tuesday", after=next_month.start - datetime.timedelta(days=1))
    second_tuesday = first_tuesday + datetime.timedelta(days=7)
    starts_at = combine(second_tuesday, time_by_hm(3, 45, "pm"))
    ends_at = modify(
        starts_at, Duration(30, TimeUnits.Minutes), operator=DateTimeClauseOperators.add
    )
    add_event(Event(subject="1:1", attendees=[manager], starts_at=starts_at, ends_at=ends_at))


def setup_env_one_on_one_second_tuesday_next_month():
    """The user in Engineering under its manager; a January meeting on the first Tuesday."""
    simulate_org_structure(default_employee_names=["Aroha", "Bjarne", "Callum", "Dilnoza", "Emeka"])
    manager = find_manager_of(get_current_user())
    aroha = find_employee("Aroha")[0]  # setup guideline #4
    # setup guideline #1: grounded on next month; #2 working hours; #3 future
    january = parse_durations_to_date_interval(DateRanges.NextMonth)
    first_tuesday = get_next_dow("Tuesday", after=january.start)
    simulate_user_calendar(
        [
            Event(
                subject="1:1",
                attendees=[manager],
                starts_at=combine(first_tuesday, time_by_hm(3, 45, "pm")),
                ends_at=combine(first_tuesday, time_by_hm(4, 15, "pm")),
            ),
            Event(
                subject="Planning poker",
                attendees=[aroha, manager],
                starts_at=combine(get_next_dow("Thursday"), time_by_hm(10, 0, "am")),
                ends_at=combine(get_next_dow("Thursday"), time_by_hm(11, 0, "am")),
            ),
        ]
    )


def evaluate_one_on_one_second_tuesday_next_month(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """One new event on Tuesday 2025-01-14, 15:45-16:15, with only the user's manager."""
    setup_function()
    manager = find_manager_of(get_current_user())
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    if event.starts_at != datetime.datetime(2025, 1, 14, 15, 45):
        raise SolutionError("Incorrect solution")
    if event.ends_at != datetime.datetime(2025, 1, 14, 16, 15):
        raise SolutionError("Incorrect solution")
    if [a.employee_id for a in event.attendees or []] != [
        manager.employee_id
    ] or event.repeats is not None:
        raise SolutionError("Incorrect solution")
