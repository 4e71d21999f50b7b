"""Assistant, which of my meetings next week have someone in them who'll be on holiday that day?"""

QUERY_ID = "vacation_014_meetings_with_absent_attendees"
CATEGORY = "vacations-availability"
TAGS = ["information-seeking", "find_events", "get_vacation_schedule", "NextWeek", "filter"]

if __name__ == "__main__":
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def meetings_with_absent_attendees_next_week() -> list[Event]:
    """Next week's meetings with at least one attendee on holiday on the meeting's day."""
    week = parse_durations_to_date_interval(DateRanges.NextWeek)
    flagged = []
    for event in find_events():
        day = event.starts_at.date()
        if not (week.start <= day <= week.end):
            continue
        for person in event.attendees or []:
            if any(v.contains_date(day) for v in get_vacation_schedule(person) or []):
                flagged.append(event)
                break
    return flagged


def setup_env_meetings_with_absent_attendees_next_week():
    """Two meetings next week include someone who is away that day; others miss by a day or a
    week.
    """
    simulate_org_structure(
        default_employee_names=["Lwazi", "Agnieszka", "Cyrus", "Ottilie", "Jovan", "Mahina"]
    )
    lwazi = find_employee("Lwazi")[0]  # setup guideline #4
    agnieszka = find_employee("Agnieszka")[0]  # setup guideline #4
    cyrus = find_employee("Cyrus")[0]  # setup guideline #4
    ottilie = find_employee("Ottilie")[0]  # setup guideline #4
    jovan = find_employee("Jovan")[0]  # setup guideline #4

    def days_off(first: datetime.date, last: datetime.date) -> TimeInterval:
        return TimeInterval(
            start=combine(first, time_by_hm(12, 0, "am")),
            end=combine(last, time_by_hm(11, 59, "pm")),
        )

    # setup guideline #1: dates grounded with time_utils
    week = parse_durations_to_date_interval(DateRanges.NextWeek)
    monday = week.start
    friday = get_next_dow("Friday", after=monday)
    week_after = get_next_dow("Monday", after=monday)
    simulate_vacation_schedule(lwazi, [days_off(monday, monday)])
    simulate_vacation_schedule(cyrus, [days_off(monday, friday)])
    simulate_vacation_schedule(
        ottilie, [days_off(week_after, get_next_dow("Friday", after=week_after))]
    )

    def meeting(subject: str, people: list, day: datetime.date, hour: int, am_or_pm: str) -> Event:
        starts_at = combine(day, time_by_hm(hour, 0, am_or_pm))
        return Event(
            subject=subject,
            attendees=people,
            starts_at=starts_at,
            ends_at=modify(
                starts_at, Duration(1, TimeUnits.Hours), operator=DateTimeClauseOperators.add
            ),
        )

    # setup guideline #2: working hours; #3: future
    simulate_user_calendar(
        [
            meeting("Pricing workshop", [cyrus], get_next_dow("Thursday"), 10, "am"),
            meeting("Backlog grooming", [lwazi], monday, 10, "am"),
            meeting(
                "Partner call", [agnieszka, cyrus], get_next_dow("Tuesday", after=monday), 2, "pm"
            ),
            meeting("Data review", [ottilie], get_next_dow("Wednesday", after=monday), 11, "am"),
            meeting(
                "Roadmap sync", [lwazi, agnieszka], get_next_dow("Thursday", after=monday), 10, "am"
            ),
            meeting("Offsite logistics", [jovan], friday, 3, "pm"),
            meeting("Quarterly planning", [ottilie, jovan], week_after, 10, "am"),
        ]
    )


def evaluate_meetings_with_absent_attendees_next_week(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """The backlog grooming (Lwazi away Monday) and the partner call (Cyrus away all week)."""
    setup_function()
    expected = {
        e.event_id: e.subject
        for e in find_events()
        if e.subject in ("Backlog grooming", "Partner call")
    }
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    # testing guideline #2: the events, their ids or their subjects, in any order
    if not isinstance(result, list | tuple | set):
        raise SolutionError("Incorrect solution")
    found = []
    for item in result:
        if isinstance(item, Event):
            found.append(item.event_id)
        elif isinstance(item, str) and item in expected:
            found.append(item)
        elif isinstance(item, str) and item in expected.values():
            found.append(next(i for i, s in expected.items() if s == item))
        else:
            raise SolutionError("Incorrect solution")
    if len(found) != len(set(found)) or set(found) != set(expected):
        raise SolutionError("Incorrect solution")
