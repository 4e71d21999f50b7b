"""Assistant, clear my calendar for my next holiday: cancel everything scheduled while I'm away and tell me how many meetings you cancelled."""  # noqa: E501

QUERY_ID = "vacation_009_clear_calendar_during_holiday"
CATEGORY = "vacations-availability"
TAGS = ["get_vacation_schedule", "delete_event", "intervals_overlap", "count", "loop"]

if __name__ == "__main__":
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def clear_calendar_during_holiday() -> int:
    """Delete the user's meetings that overlap their next holiday and return how many were
    deleted.
    """
    me = get_current_user()
    today = now_().date()
    upcoming = [v for v in get_vacation_schedule(me) or [] if v.end.date() >= today]
    if not upcoming:
        raise RequiresUserInput("You have no upcoming holiday booked.")
    holiday = upcoming[0]
    cancelled = 0
    for event in find_events():
        if intervals_overlap(TimeInterval(start=event.starts_at, end=event.ends_at), holiday):
            delete_event(event)
            cancelled += 1
    return cancelled


def setup_env_clear_calendar_during_holiday():
    """The user is off 8-12 July; three meetings fall inside, three outside."""
    simulate_org_structure(default_employee_names=["Tuğba", "Emil", "Nandini", "Bakari"])
    me = get_current_user()
    emil = find_employee("Emil")[0]  # setup guideline #4
    nandini = find_employee("Nandini")[0]  # setup guideline #4

    def days_off(first: datetime.date, last: datetime.date) -> TimeInterval:
        return TimeInterval(
            start=combine(first, time_by_hm(12, 0, "am")),
            end=combine(last, time_by_hm(11, 59, "pm")),
        )

    # setup guideline #1: dates grounded with time_utils
    monday = get_next_dow("Monday", after=get_next_dow("Monday"))
    friday = get_next_dow("Friday", after=monday)
    simulate_vacation_schedule(
        me,
        [
            days_off(date_by_mdy(month=3, day=11), date_by_mdy(month=3, day=15)),
            days_off(monday, friday),
        ],
    )
    simulate_vacation_schedule(
        emil,
        [days_off(get_next_dow("Monday"), get_next_dow("Friday", after=get_next_dow("Monday")))],
    )

    def meeting(subject: str, people: list, day: datetime.date, start: datetime.time) -> Event:
        starts_at = combine(day, start)
        return Event(
            subject=subject,
            attendees=people,
            starts_at=starts_at,
            ends_at=modify(
                starts_at, Duration(45, TimeUnits.Minutes), operator=DateTimeClauseOperators.add
            ),
        )

    # setup guideline #2: working hours; #3: future
    simulate_user_calendar(
        [
            meeting("Sprint review", [emil], get_next_dow("Thursday"), time_by_hm(2, 0, "pm")),
            meeting(
                "Handover", [nandini], get_prev_dow("Friday", before=monday), time_by_hm(3, 0, "pm")
            ),
            meeting("Standup", [emil, nandini], monday, time_by_hm(10, 0, "am")),
            meeting(
                "Design crit",
                [nandini],
                get_next_dow("Wednesday", after=monday),
                time_by_hm(2, 0, "pm"),
            ),
            meeting("Vendor demo", [], friday, time_by_hm(4, 15, "pm")),
            meeting(
                "Welcome back",
                [nandini],
                get_next_dow("Monday", after=friday),
                time_by_hm(9, 30, "am"),
            ),
        ]
    )


def evaluate_clear_calendar_during_holiday(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Exactly the three meetings of 8, 10 and 12 July are deleted, and the answer is 3."""
    setup_function()
    doomed = sorted(
        e.event_id
        for e in find_events()
        if datetime.date(2024, 7, 8) <= e.starts_at.date() <= datetime.date(2024, 7, 12)
    )
    before = snapshot_world()
    result = executable()
    changes = changes_since(before)
    if (
        len(changes) != len(doomed)
        or sorted(c.key for c in changes.in_table("user_calendar", "removed")) != doomed
    ):
        raise SolutionError("Incorrect solution")
    # testing guideline #2: a count, or the cancelled events themselves
    if isinstance(result, bool):
        raise SolutionError("Incorrect solution")
    if isinstance(result, int | float):
        if result != 3:
            raise SolutionError("Incorrect solution")
        return
    if isinstance(result, list) and all(isinstance(e, Event) for e in result):
        if sorted(e.event_id for e in result) != doomed:
            raise SolutionError("Incorrect solution")
        return
    raise SolutionError("Incorrect solution")
