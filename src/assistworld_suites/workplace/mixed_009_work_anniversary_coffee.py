"""Assistant, book a 30-minute coffee with my manager on my first work anniversary here, at 3 PM."""

QUERY_ID = "mixed_009_work_anniversary_coffee"
CATEGORY = "time-expressions"
TAGS = ["get_employee_profile", "joined_date", "replace", "combine", "find_manager_of", "add_event"]

if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def coffee_on_work_anniversary():
    """A 30-minute coffee with my manager at 15:00 one year after the date I joined."""
    me = get_current_user()
    manager = find_manager_of(me)
    if manager is None:
        raise RequiresUserInput("You don't have a manager in the directory.")
    # the join date is on the profile, not on the Employee object
    joined = get_employee_profile(me).joined_date
    anniversary = replace(joined, year=joined.year + 1)
    # modify only takes datetimes, so combine the date with the time first
    starts_at = combine(anniversary, time_by_hm(3, 0, "pm"))
    ends_at = modify(
        starts_at, Duration(30, TimeUnits.Minutes), operator=DateTimeClauseOperators.add
    )
    add_event(
        Event(
            subject="Work anniversary coffee",
            attendees=[manager],
            starts_at=starts_at,
            ends_at=ends_at,
        )
    )


def setup_env_coffee_on_work_anniversary():
    """Kiri, in Engineering, joined on 21 August 2023 (so the anniversary is Wednesday 21 August).

    Everyone else's join dates differ; a few meetings sit around that day.
    """
    simulate_org_structure(
        default_employee_names=[
            "Yindi",
            "Zuberi",
            "Aarav",
            "Beatrix",
            "Cormac",
            "Dalisay",
            "Eirik",
            "Fenna",
            "Gulnara",
            "Hakan",
            "Ilse",
            "Jomo",
        ],
        user_name="Kiri",
        user_team=Team.Engineering,
    )
    # setup guideline #4
    yindi, cormac = (find_employee(n)[0] for n in ("Yindi", "Cormac"))
    # setup guideline #1
    august_21 = date_by_mdy(month=8, day=21)

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Sprint review",
                attendees=[yindi, cormac],
                starts_at=at(august_21, 10, 0),
                ends_at=at(august_21, 11, 0),
            ),
        ]
    )


def evaluate_coffee_on_work_anniversary(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """One event, 15:00-15:30 on the anniversary of the user's join date, with their manager."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    me = get_current_user()
    joined = get_employee_profile(me).joined_date
    day = datetime.date(joined.year + 1, joined.month, joined.day)
    if event.starts_at != datetime.datetime.combine(day, datetime.time(15, 0)):
        raise SolutionError("Incorrect solution")
    if event.ends_at != datetime.datetime.combine(day, datetime.time(15, 30)):
        raise SolutionError("Incorrect solution")
    manager = find_manager_of(me)
    if [a.employee_id for a in event.attendees or []] != [manager.employee_id]:
        raise SolutionError("Incorrect solution")


def setup_env_coffee_on_work_anniversary_finance():
    """Benedikt, in Finance, joined on 31 October 2023: the anniversary is Thursday 31 October."""
    simulate_org_structure(
        default_employee_names=[
            "Yindi",
            "Zuberi",
            "Aarav",
            "Beatrix",
            "Cormac",
            "Dalisay",
            "Eirik",
            "Fenna",
            "Gulnara",
            "Hakan",
            "Ilse",
            "Jomo",
        ],
        user_name="Benedikt",
        user_team=Team.Finance,
    )
    # setup guideline #4
    dalisay = find_employee("Dalisay")[0]
    # setup guideline #1
    thursday = get_next_dow("Thursday")

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="1:1",
                attendees=[dalisay],
                starts_at=at(thursday, 15, 0),
                ends_at=at(thursday, 15, 30),
            ),
        ]
    )


def evaluate_coffee_on_work_anniversary_finance(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """One event, 15:00-15:30 on the anniversary of the user's join date, with their manager."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    me = get_current_user()
    joined = get_employee_profile(me).joined_date
    day = datetime.date(joined.year + 1, joined.month, joined.day)
    if event.starts_at != datetime.datetime.combine(day, datetime.time(15, 0)):
        raise SolutionError("Incorrect solution")
    if event.ends_at != datetime.datetime.combine(day, datetime.time(15, 30)):
        raise SolutionError("Incorrect solution")
    manager = find_manager_of(me)
    if [a.employee_id for a in event.attendees or []] != [manager.employee_id]:
        raise SolutionError("Incorrect solution")
