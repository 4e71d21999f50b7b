"""Assistant, set up a 30-minute budget chat on Thursday at 3 PM with my manager. If they're on holiday then, invite their manager instead."""  # noqa: E501

QUERY_ID = "org_005_budget_chat_manager_or_skip"
CATEGORY = "org-structure"
TAGS = ["find_manager_of", "get_vacation_schedule", "skip-level", "conditional", "add_event"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def budget_chat_with_manager():
    """Invite my manager to Thursday 15:00-15:30, or their manager if mine is on holiday."""
    thursday = get_next_dow("Thursday")
    starts_at = combine(thursday, time_by_hm(3, 0, "pm"))
    ends_at = modify(
        starts_at, Duration(30, TimeUnits.Minutes), operator=DateTimeClauseOperators.add
    )
    meeting = TimeInterval(starts_at, ends_at)

    def on_holiday(employee: Employee) -> bool:
        return any(intervals_overlap(v, meeting) for v in get_vacation_schedule(employee) or [])

    manager = find_manager_of(get_current_user())
    if manager is None:
        raise RequiresUserInput("You have no manager in the directory.")
    invitee = manager
    if on_holiday(manager):
        invitee = find_manager_of(manager)
        if invitee is None:
            raise RequiresUserInput(f"{manager.name} is on holiday and has no manager.")
    add_event(
        Event(subject="Budget chat", attendees=[invitee], starts_at=starts_at, ends_at=ends_at)
    )


def setup_env_budget_chat_with_manager():
    """The user's manager is back from holiday by Thursday (the holiday ends at midnight)."""
    simulate_org_structure(
        default_employee_names=[
            "Beatriz",
            "Chukwuemeka",
            "Dorota",
            "Eitan",
            "Fenna",
            "Giorgos",
            "Hiba",
            "Ingvar",
            "Jasmin",
            "Kofi",
            "Lihua",
            "Mirela",
        ],
        user_name="Amaru",
        user_team=Team.Finance,
    )
    me = get_current_user()
    manager = find_manager_of(me)
    skip_level = find_manager_of(manager)
    # setup guideline #1
    monday = get_prev_dow("Monday")
    thursday = get_next_dow("Thursday")
    following_monday = get_next_dow("Monday")

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    simulate_vacation_schedule(manager, [TimeInterval(at(monday, 0, 0), at(thursday, 0, 0))])
    simulate_vacation_schedule(
        skip_level,
        [
            TimeInterval(
                at(following_monday, 0, 0), at(following_monday + datetime.timedelta(days=5), 0, 0)
            )
        ],
    )
    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Month-end close",
                attendees=[manager],
                starts_at=at(thursday, 10, 0),
                ends_at=at(thursday, 11, 0),
            )
        ]
    )


def evaluate_budget_chat_with_manager(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """One event Thursday 15:00-15:30 with the user's manager only; nothing else changed."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    expected_start = combine(get_next_dow("Thursday"), datetime.time(15, 0))
    if event.starts_at != expected_start:
        raise SolutionError("Incorrect solution")
    if event.ends_at != expected_start + datetime.timedelta(minutes=30):
        raise SolutionError("Incorrect solution")
    # the user's manager: the Manager of the user's team (Finance)
    manager = next(
        e
        for e in get_all_employees()
        if get_employee_profile(e).team == Team.Finance
        and get_employee_profile(e).role == "Manager"
    )
    if [a.employee_id for a in event.attendees or []] != [manager.employee_id]:
        raise SolutionError("Incorrect solution")


def setup_env_budget_chat_with_manager_on_holiday():
    """The user's manager is on holiday from Wednesday to Friday."""
    simulate_org_structure(
        default_employee_names=[
            "Beatriz",
            "Chukwuemeka",
            "Dorota",
            "Eitan",
            "Fenna",
            "Giorgos",
            "Hiba",
            "Ingvar",
            "Jasmin",
            "Kofi",
            "Lihua",
            "Mirela",
        ],
        user_name="Amaru",
        user_team=Team.Finance,
    )
    me = get_current_user()
    manager = find_manager_of(me)
    skip_level = find_manager_of(manager)
    # setup guideline #1
    wednesday = get_next_dow("Wednesday")
    saturday = get_next_dow("Saturday")
    following_monday = get_next_dow("Monday")

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    simulate_vacation_schedule(manager, [TimeInterval(at(wednesday, 0, 0), at(saturday, 0, 0))])
    simulate_vacation_schedule(
        skip_level,
        [
            TimeInterval(
                at(following_monday, 0, 0), at(following_monday + datetime.timedelta(days=5), 0, 0)
            )
        ],
    )


def evaluate_budget_chat_with_manager_on_holiday(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """One event Thursday 15:00-15:30 with the CFO (the manager's manager) only."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    expected_start = combine(get_next_dow("Thursday"), datetime.time(15, 0))
    if event.starts_at != expected_start:
        raise SolutionError("Incorrect solution")
    if event.ends_at != expected_start + datetime.timedelta(minutes=30):
        raise SolutionError("Incorrect solution")
    # the Finance manager reports to the CFO
    cfo = next(e for e in get_all_employees() if get_employee_profile(e).role == "CFO")
    if [a.employee_id for a in event.attendees or []] != [cfo.employee_id]:
        raise SolutionError("Incorrect solution")
