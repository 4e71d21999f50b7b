"""Assistant, put 20 minutes with my manager in my calendar for 9:30 tomorrow morning."""

QUERY_ID = "simple_011_manager_slot_tomorrow"
CATEGORY = "simple-scheduling"
TAGS = ["add_event", "find_manager_of", "get_current_user", "Duration"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def twenty_minutes_with_manager_tomorrow():
    """Add a 20-minute meeting with my manager tomorrow at 9:30 AM."""
    me = get_current_user()
    manager = find_manager_of(me)
    if manager is None:
        raise RequiresUserInput("You do not have a manager in the company directory.")
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    starts_at = combine(tomorrow, time_by_hm(9, 30, "am"))
    ends_at = modify(
        starts_at, Duration(20, TimeUnits.Minutes), operator=DateTimeClauseOperators.add
    )
    add_event(Event(subject="Catch-up", attendees=[manager], starts_at=starts_at, ends_at=ends_at))


def setup_env_twenty_minutes_with_manager_tomorrow():
    """The user is in Sales; tomorrow already holds a meeting with the manager and skip-level."""
    simulate_org_structure(
        default_employee_names=["Ines", "Gustavo", "Emeka", "Astrid", "Mehmet", "Lucia"],
        user_name="Jae-won",
        user_team=Team.SalesMarketing,
    )
    me = get_current_user()
    manager = find_manager_of(me)
    skip_level = find_manager_of(manager)
    # setup guideline #1
    tomorrow = parse_date_string(DateExpressions.Tomorrow)

    def meeting(subject, people, hour, minute, length):
        start = datetime.datetime.combine(tomorrow, datetime.time(hour, minute))
        return Event(
            subject=subject,
            attendees=people,
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=length),
        )

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            meeting("Pipeline review", [manager, skip_level], 11, 0, 60),
            meeting("Prospect call", [], 14, 0, 30),
        ]
    )


def evaluate_twenty_minutes_with_manager_tomorrow(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """One new event tomorrow 9:30-9:50 with only the user's manager; nothing else changed."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    start = datetime.datetime.combine(
        parse_date_string(DateExpressions.Tomorrow), datetime.time(9, 30)
    )
    if event.starts_at != start or event.ends_at != start + datetime.timedelta(minutes=20):
        raise SolutionError("Incorrect solution")
    manager = find_manager_of(get_current_user())
    if [a.employee_id for a in event.attendees or []] != [manager.employee_id]:
        raise SolutionError("Incorrect solution")
