"""Assistant, set up a 20-minute welcome coffee tomorrow at 10:30 with everyone who joined the company this month."""  # noqa: E501

QUERY_ID = "extra_026_welcome_coffee_new_joiners"
CATEGORY = "org-structure"
TAGS = ["get_all_employees", "get_employee_profile", "joined_date", "add_event", "this-month"]

if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def welcome_coffee_for_new_joiners():
    """A 20-minute coffee tomorrow at 10:30 with everyone whose join date is in this month."""
    today = now_().date()
    newcomers = []
    for employee in get_all_employees():
        profile = get_employee_profile(employee)
        joined = profile.joined_date
        if joined.year == today.year and joined.month == today.month and not profile.is_user:
            newcomers.append(employee)
    if not newcomers:
        raise RequiresUserInput("Nobody has joined the company this month.")
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    starts_at = combine(tomorrow, time_by_hm(10, 30, "am"))
    ends_at = modify(
        starts_at, Duration(20, TimeUnits.Minutes), operator=DateTimeClauseOperators.add
    )
    add_event(
        Event(subject="Welcome coffee", attendees=newcomers, starts_at=starts_at, ends_at=ends_at)
    )


def setup_env_welcome_coffee_for_new_joiners():
    """Six people joined in June 2024 (two of them leaders' assistants); one joined on 31 May."""
    simulate_org_structure(
        default_employee_names=[
            "Ulrike",
            "Vusi",
            "Wen",
            "Xiomara",
            "Yannick",
            "Zora",
            "Adebayo",
            "Blanca",
            "Cormac",
            "Dina",
            "Evander",
        ],
        user_name="Faisal",
        user_team=Team.SalesMarketing,
        teams_to_extend={Team.Engineering: ["Gita", "Hamish"]},
    )
    # setup guideline #4
    wen, dina = (find_employee(name)[0] for name in ("Wen", "Dina"))
    # setup guideline #1
    tomorrow = parse_date_string(DateExpressions.Tomorrow)

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Pipeline review",
                attendees=[wen],
                starts_at=at(tomorrow, 10, 0),
                ends_at=at(tomorrow, 10, 30),
            ),
            Event(
                subject="Integration call",
                attendees=[dina],
                starts_at=at(tomorrow, 11, 0),
                ends_at=at(tomorrow, 11, 30),
            ),
        ]
    )


def evaluate_welcome_coffee_for_new_joiners(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """One event tomorrow 10:30-10:50 with exactly Wen, Vusi, Zora, Evander, Xiomara and Cormac."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    if event.starts_at != datetime.datetime(2024, 6, 26, 10, 30):
        raise SolutionError("Incorrect solution")
    if event.ends_at != datetime.datetime(2024, 6, 26, 10, 50):
        raise SolutionError("Incorrect solution")
    names = ("Wen", "Vusi", "Zora", "Evander", "Xiomara", "Cormac")
    expected = sorted(find_employee(name)[0].employee_id for name in names)
    if sorted(a.employee_id for a in event.attendees or []) != expected:
        raise SolutionError("Incorrect solution")
