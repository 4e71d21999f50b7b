"""Assistant, set up a one-hour budget round on Monday at 1 PM with every department head, plus the CFO."""  # noqa: E501

QUERY_ID = "org_012_budget_round_department_heads"
CATEGORY = "org-structure"
TAGS = ["department-head", "leadership", "find_reports_of", "get_employee_profile", "add_event"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def budget_round_with_department_heads():
    """Invite the department heads (managers reporting to the COO or CFO) and the CFO."""
    leaders = {
        get_employee_profile(e).role: e
        for e in get_all_employees()
        if get_employee_profile(e).team == Team.Leadership
    }
    if "COO" not in leaders or "CFO" not in leaders:
        raise RequiresUserInput("The directory has no COO or no CFO.")
    # department heads report to either the COO or the CFO
    heads = [
        e
        for leader in (leaders["COO"], leaders["CFO"])
        for e in find_reports_of(leader)
        if get_employee_profile(e).role == "Manager"
    ]
    monday = get_next_dow("Monday")
    starts_at = combine(monday, time_by_hm(1, 0, "pm"))
    ends_at = modify(starts_at, Duration(1, TimeUnits.Hours), operator=DateTimeClauseOperators.add)
    add_event(
        Event(
            subject="Budget round",
            attendees=[*heads, leaders["CFO"]],
            starts_at=starts_at,
            ends_at=ends_at,
        )
    )


def setup_env_budget_round_with_department_heads():
    """Finance has a manager under its head, who is not a department head."""
    simulate_org_structure(
        default_employee_names=[
            "Auður",
            "Bakhyt",
            "Claudette",
            "Dragan",
            "Eszter",
            "Fakhri",
            "Genoveva",
            "Hilmar",
            "Ioana",
            "Jaime",
            "Kalani",
            "Leontyne",
        ],
        user_name="Mthunzi",
        teams_to_extend={Team.Finance: ["Nerea", "Onur", "Pita"]},
    )
    # setup guideline #1
    monday = get_next_dow("Monday")
    kalani = find_employee("Kalani")[0]  # setup guideline #4

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Invoice queries",
                attendees=[kalani],
                starts_at=at(monday, 10, 0),
                ends_at=at(monday, 10, 30),
            )
        ]
    )


def evaluate_budget_round_with_department_heads(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Monday 13:00-14:00 with the three department heads and the CFO; no sub-manager."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    expected_start = combine(get_next_dow("Monday"), datetime.time(13, 0))
    if event.starts_at != expected_start:
        raise SolutionError("Incorrect solution")
    if event.ends_at != expected_start + datetime.timedelta(hours=1):
        raise SolutionError("Incorrect solution")
    # the three heads (Managers whose manager is the COO or the CFO) and the CFO
    profiles = {e.employee_id: get_employee_profile(e) for e in get_all_employees()}
    expected = {
        i
        for i, p in profiles.items()
        if p.role == "CFO" or (p.role == "Manager" and profiles[p.manager].role in ("COO", "CFO"))
    }
    attendees = [a.employee_id for a in event.attendees or []]
    if len(expected) != 4 or len(attendees) != 4 or set(attendees) != expected:
        raise SolutionError("Incorrect solution")


def setup_env_budget_round_with_department_heads_user_manages():
    """The user and a Sales manager manage under department heads; neither is a head."""
    simulate_org_structure(
        default_employee_names=[
            "Auður",
            "Bakhyt",
            "Claudette",
            "Dragan",
            "Eszter",
            "Fakhri",
            "Genoveva",
            "Hilmar",
            "Ioana",
            "Jaime",
            "Kalani",
            "Leontyne",
        ],
        user_name="Mthunzi",
        user_role="Manager",
        teams_to_extend={
            Team.SalesMarketing: ["Nerea", "Onur"],
            Team.Engineering: ["Pita", "Rafferty", "Sung-min"],
        },
    )
    # setup guideline #1
    monday = get_next_dow("Monday")
    kalani = find_employee("Kalani")[0]  # setup guideline #4

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Invoice queries",
                attendees=[kalani],
                starts_at=at(monday, 10, 0),
                ends_at=at(monday, 10, 30),
            )
        ]
    )


def evaluate_budget_round_with_department_heads_user_manages(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Monday 13:00-14:00 with the three department heads and the CFO only."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    expected_start = combine(get_next_dow("Monday"), datetime.time(13, 0))
    if event.starts_at != expected_start:
        raise SolutionError("Incorrect solution")
    if event.ends_at != expected_start + datetime.timedelta(hours=1):
        raise SolutionError("Incorrect solution")
    # the three heads (Managers whose manager is the COO or the CFO) and the CFO
    profiles = {e.employee_id: get_employee_profile(e) for e in get_all_employees()}
    expected = {
        i
        for i, p in profiles.items()
        if p.role == "CFO" or (p.role == "Manager" and profiles[p.manager].role in ("COO", "CFO"))
    }
    attendees = [a.employee_id for a in event.attendees or []]
    if len(expected) != 4 or len(attendees) != 4 or set(attendees) != expected:
        raise SolutionError("Incorrect solution")
