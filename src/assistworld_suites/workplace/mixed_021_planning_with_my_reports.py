"""Assistant, book a 45-minute planning session with my reports on Friday at 12:30."""

QUERY_ID = "mixed_021_planning_with_my_reports"
CATEGORY = "org-structure"
TAGS = ["find_reports_of", "reports-not-team", "get_current_user", "add_event"]

if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def planning_with_my_reports():
    """Friday 12:30-13:15 with the user's direct reports (not the whole team)."""
    reports = find_reports_of(get_current_user())
    if not reports:
        raise RequiresUserInput("Nobody reports to you, so there is no one to invite.")
    friday = get_next_dow("Friday")
    starts_at = combine(friday, time_by_hm(12, 30, "pm"))
    ends_at = modify(
        starts_at, Duration(45, TimeUnits.Minutes), operator=DateTimeClauseOperators.add
    )
    add_event(
        Event(subject="Planning session", attendees=reports, starts_at=starts_at, ends_at=ends_at)
    )


def setup_env_planning_with_my_reports():
    """Kalinda manages Rumplestinskin and Orsolya inside a seven-person Engineering team."""
    simulate_org_structure(
        default_employee_names=[
            "Aurelia",
            "Basil",
            "Cemre",
            "Dagrun",
            "Emeric",
            "Fatma",
            "Gilberto",
            "Hollis",
            "Isidora",
            "Jovan",
        ],
        user_name="Kalinda",
        user_role="Manager",
        user_team=Team.Engineering,
        teams_to_extend={Team.Engineering: ["Lachlan", "Maite", "Nodir", "Orsolya"]},
    )
    # setup guideline #4
    basil, maite, orsolya = (find_employee(n)[0] for n in ("Basil", "Maite", "Orsolya"))
    # setup guideline #1
    friday = get_next_dow("Friday")

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Team retro",
                attendees=[basil, maite, orsolya],
                starts_at=at(friday, 10, 0),
                ends_at=at(friday, 11, 0),
            ),
        ]
    )


def evaluate_planning_with_my_reports(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """One event Friday 12:30-13:15 whose attendees are exactly the user's two direct reports."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    friday = get_next_dow("Friday")
    if event.starts_at != combine(friday, datetime.time(12, 30)):
        raise SolutionError("Incorrect solution")
    if event.ends_at != combine(friday, datetime.time(13, 15)):
        raise SolutionError("Incorrect solution")
    expected = sorted(find_employee(n)[0].employee_id for n in ("Orsolya", "Rumplestinskin"))
    if sorted(a.employee_id for a in event.attendees or []) != expected:
        raise SolutionError("Incorrect solution")


def setup_env_planning_with_my_reports_finance():
    """Kalinda manages Rumplestinskin and Nodir in Finance; Maite manages Lachlan next to her."""
    simulate_org_structure(
        default_employee_names=[
            "Aurelia",
            "Basil",
            "Cemre",
            "Dagrun",
            "Emeric",
            "Fatma",
            "Gilberto",
            "Hollis",
            "Isidora",
            "Jovan",
        ],
        user_name="Kalinda",
        user_role="Manager",
        user_team=Team.Finance,
        teams_to_extend={Team.Finance: ["Lachlan", "Maite", "Nodir"]},
    )


def evaluate_planning_with_my_reports_finance(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """One event Friday 12:30-13:15 with exactly Nodir and Rumplestinskin."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    friday = get_next_dow("Friday")
    if event.starts_at != combine(friday, datetime.time(12, 30)):
        raise SolutionError("Incorrect solution")
    if event.ends_at != combine(friday, datetime.time(13, 15)):
        raise SolutionError("Incorrect solution")
    expected = sorted(find_employee(n)[0].employee_id for n in ("Nodir", "Rumplestinskin"))
    if sorted(a.employee_id for a in event.attendees or []) != expected:
        raise SolutionError("Incorrect solution")
