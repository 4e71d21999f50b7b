"""Assistant, book a 30-minute check-in with Oyelaran and Bettina halfway between today and the launch on 28 August, at 10 AM. If that lands on a weekend, use the Friday before."""  # noqa: E501

QUERY_ID = "extra_027_midpoint_check_in"
CATEGORY = "time-expressions"
TAGS = ["add_event", "date-arithmetic", "date_by_mdy", "get_prev_dow", "weekend-rule"]

if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def midpoint_check_in_before_launch():
    """A 30-minute check-in at 10:00 on the day halfway to 28 August (Friday before if weekend)."""
    # by structure guideline #1
    oyelaran = find_employee("Oyelaran")[0]
    bettina = find_employee("Bettina")[0]
    today = now_().date()
    launch = date_by_mdy(month=8, day=28)
    days_to_launch = (launch - today).days
    starts_at = modify(
        combine(today, time_by_hm(10, 0, "am")),
        Duration(days_to_launch // 2, TimeUnits.Days),
        operator=DateTimeClauseOperators.add,
    )
    # weekday() 5 and 6 are Saturday and Sunday
    if starts_at.weekday() >= 5:
        friday = get_prev_dow("Friday", before=starts_at.date())
        starts_at = combine(friday, time_by_hm(10, 0, "am"))
    ends_at = modify(
        starts_at, Duration(30, TimeUnits.Minutes), operator=DateTimeClauseOperators.add
    )
    add_event(
        Event(
            subject="Launch check-in",
            attendees=[oyelaran, bettina],
            starts_at=starts_at,
            ends_at=ends_at,
        )
    )


def setup_env_midpoint_check_in_before_launch():
    """Oyelaran and Bettina exist; a few meetings around late July."""
    simulate_org_structure(
        default_employee_names=["Oyelaran", "Bettina", "Szymon", "Taini", "Umaima"],
        user_name="Kazimierz",
    )
    # setup guideline #4
    oyelaran, bettina, szymon = (
        find_employee(name)[0] for name in ("Oyelaran", "Bettina", "Szymon")
    )
    # setup guideline #1
    july_26 = date_by_mdy(month=7, day=26)
    july_29 = date_by_mdy(month=7, day=29)

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Launch plan",
                attendees=[oyelaran, bettina, szymon],
                starts_at=at(july_26, 14, 0),
                ends_at=at(july_26, 15, 0),
            ),
            Event(
                subject="Marketing sync",
                attendees=[bettina],
                starts_at=at(july_29, 10, 0),
                ends_at=at(july_29, 10, 30),
            ),
        ]
    )


def evaluate_midpoint_check_in_before_launch(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Halfway is Saturday 27 July, so Friday 26 July 10:00-10:30 with Oyelaran and Bettina."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    if event.starts_at != datetime.datetime(2024, 7, 26, 10, 0):
        raise SolutionError("Incorrect solution")
    if event.ends_at != datetime.datetime(2024, 7, 26, 10, 30):
        raise SolutionError("Incorrect solution")
    expected = sorted(find_employee(name)[0].employee_id for name in ("Oyelaran", "Bettina"))
    if sorted(a.employee_id for a in event.attendees or []) != expected:
        raise SolutionError("Incorrect solution")
