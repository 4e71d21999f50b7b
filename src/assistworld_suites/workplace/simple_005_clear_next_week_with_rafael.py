"""Assistant, Rafael is on leave next week, so cancel all my meetings with him then, group ones included."""  # noqa: E501

QUERY_ID = "simple_005_clear_next_week_with_rafael"
CATEGORY = "simple-scheduling"
TAGS = ["delete_event", "find_events", "parse_durations_to_date_interval", "loop"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def cancel_next_week_meetings_with_rafael():
    """Cancel every meeting with Rafael next week, including meetings with other people too."""
    # by structure guideline #1
    rafael = find_employee("Rafael")[0]
    next_week = parse_durations_to_date_interval(DateRanges.NextWeek)
    # every upcoming meeting Rafael attends (alone with me or in a group) during next week
    for event in find_events():
        attends = rafael in (event.attendees or [])
        if attends and next_week.start <= event.starts_at.date() <= next_week.end:
            delete_event(event)


def setup_env_cancel_next_week_meetings_with_rafael():
    """Three meetings with Rafael next week (Monday morning, a group one, Friday), plus others."""
    simulate_org_structure(default_employee_names=["Rafael", "Hana", "Ewa", "Dario", "Mehmet"])
    rafael = find_employee("Rafael")[0]  # setup guideline #4
    hana = find_employee("Hana")[0]
    ewa = find_employee("Ewa")[0]
    dario = find_employee("Dario")[0]
    # setup guideline #1
    this_friday = get_next_dow("Friday")
    monday = get_next_dow("Monday")
    tuesday = get_next_dow("Tuesday", after=monday)
    wednesday = get_next_dow("Wednesday", after=monday)
    thursday = get_next_dow("Thursday", after=monday)
    friday = get_next_dow("Friday", after=monday)
    monday_after = get_next_dow("Monday", after=monday)

    def meeting(subject, people, day, hour, minute, length):
        start = datetime.datetime.combine(day, datetime.time(hour, minute))
        return Event(
            subject=subject,
            attendees=people,
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=length),
        )

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            meeting("Pricing 1:1", [rafael], this_friday, 11, 0, 30),
            meeting("Week kickoff", [rafael], monday, 9, 30, 30),
            meeting("Analytics review", [hana], tuesday, 13, 0, 60),
            meeting("Partner workshop", [ewa, hana, rafael], wednesday, 10, 0, 90),
            meeting("Offsite logistics", [dario, ewa], thursday, 15, 0, 30),
            meeting("Pricing 1:1", [rafael], friday, 16, 0, 30),
            meeting("Pricing 1:1", [rafael], monday_after, 11, 0, 30),
        ]
    )


def evaluate_cancel_next_week_meetings_with_rafael(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Exactly the three meetings with Rafael between next Monday and next Sunday are removed."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    monday = get_next_dow("Monday")
    expected = {
        datetime.datetime.combine(monday, datetime.time(9, 30)),
        datetime.datetime.combine(monday + datetime.timedelta(days=2), datetime.time(10, 0)),
        datetime.datetime.combine(monday + datetime.timedelta(days=4), datetime.time(16, 0)),
    }
    # the only changes are removals from the user's calendar
    removed = changes.in_table("user_calendar", "removed")
    if len(removed) != len(changes) or len(removed) != 3:
        raise SolutionError("Incorrect solution")
    if {datetime.datetime.fromisoformat(c.before["starts_at"]) for c in removed} != expected:
        raise SolutionError("Incorrect solution")
