"""Assistant, on Fridays I only work 8 to 4. Put a one-hour pairing session with Mahina in the latest hour on Friday when we're both free."""  # noqa: E501

QUERY_ID = "policy_014_latest_pairing_friday_custom_hours"
CATEGORY = "policy-following"
TAGS = ["working-hours-override", "CalendarSearchSettings", "latest-slot", "find_available_slots"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def latest_pairing_on_friday():
    """Book the latest common free hour with Mahina on Friday within the user's 08:00-16:00 day."""
    # by structure guideline #1
    mahina = find_employee("Mahina")[0]
    friday = get_next_dow("Friday")
    # the user's own working hours replace the default working day
    opens, closes = time_by_hm(8, 0, "am"), time_by_hm(4, 0, "pm")
    length = Duration(1, TimeUnits.Hours)
    busy = [
        e
        for e in find_events() + get_calendar(mahina)
        if e.starts_at.date() <= friday <= e.ends_at.date()
    ]
    slots = find_available_slots(
        busy, search_settings=CalendarSearchSettings(opens, closes), date=friday
    )
    day_end = combine(friday, closes)
    fitting = [
        TimeInterval(s.start, min(s.end, day_end))
        for s in slots
        if s.start < day_end
        and compare_with_fixed_duration(TimeInterval(s.start, min(s.end, day_end)), length)
        != ComparisonResult.SMALLER
    ]
    if not fitting:
        raise RequiresUserInput("You and Mahina have no free hour between 8 and 4 on Friday.")
    ends_at = fitting[-1].end
    starts_at = modify(ends_at, length, operator=DateTimeClauseOperators.subtract)
    add_event(
        Event(subject="Pairing session", attendees=[mahina], starts_at=starts_at, ends_at=ends_at)
    )


def setup_env_latest_pairing_on_friday():
    """Friday: 15:30-16:00 is too short; the latest common hour ends at 14:30."""
    simulate_org_structure(
        default_employee_names=[
            "Mahina",
            "Andrés",
            "Bjarke",
            "Chiamaka",
            "Dong",
            "Elodie",
            "Faisal",
            "Gabija",
            "Hoku",
            "Ilaria",
            "Jesper",
            "Kagiso",
        ]
    )
    mahina = find_employee("Mahina")[0]  # setup guideline #4
    andres = find_employee("Andrés")[0]
    bjarke = find_employee("Bjarke")[0]
    # setup guideline #1
    thursday = get_next_dow("Thursday")
    friday = get_next_dow("Friday")

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Ops sync",
                attendees=[andres],
                starts_at=at(friday, 9, 30),
                ends_at=at(friday, 10, 0),
            ),
            Event(
                subject="Customer demo",
                attendees=[bjarke],
                starts_at=at(friday, 14, 30),
                ends_at=at(friday, 15, 30),
            ),
            Event(
                subject="Retro",
                attendees=[andres, mahina],
                starts_at=at(thursday, 15, 0),
                ends_at=at(thursday, 16, 0),
            ),
        ]
    )
    simulate_employee_calendar(
        mahina,
        [
            Event(subject="Lunch & learn", starts_at=at(friday, 12, 0), ends_at=at(friday, 13, 0)),
            Event(subject="Mentoring", starts_at=at(friday, 10, 30), ends_at=at(friday, 11, 0)),
        ],
    )


def evaluate_latest_pairing_on_friday(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """One event with Mahina, Friday 13:30-14:30 (not after 16:00); nothing else changed."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    friday = get_next_dow("Friday")
    if event.starts_at != combine(friday, datetime.time(13, 30)):
        raise SolutionError("Incorrect solution")
    if event.ends_at != combine(friday, datetime.time(14, 30)):
        raise SolutionError("Incorrect solution")
    mahina = find_employee("Mahina")[0]
    if [a.employee_id for a in event.attendees or []] != [mahina.employee_id]:
        raise SolutionError("Incorrect solution")
