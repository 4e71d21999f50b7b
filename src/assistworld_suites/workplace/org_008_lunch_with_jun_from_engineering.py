"""Assistant, set up an hour-long lunch tomorrow at 12:30 with Jun from Engineering."""

QUERY_ID = "org_008_lunch_with_jun_from_engineering"
CATEGORY = "org-structure"
TAGS = ["same-name", "disambiguation", "get_employee_profile", "RequiresUserInput", "add_event"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def lunch_with_jun_from_engineering():
    """Book tomorrow 12:30-13:30 with the Jun who is in the Engineering team."""
    # the user names the team, so names are not assumed unique here
    juns = [
        e
        for e in find_employee("Jun")
        if e.name == "Jun" and get_employee_profile(e).team == Team.Engineering
    ]
    if not juns:
        raise RequiresUserInput("There is nobody called Jun in Engineering.")
    if len(juns) > 1:
        raise RequiresUserInput(
            f"There are {len(juns)} people called Jun in Engineering; which one do you mean?"
        )
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    starts_at = combine(tomorrow, time_by_hm(12, 30, "pm"))
    ends_at = modify(starts_at, Duration(1, TimeUnits.Hours), operator=DateTimeClauseOperators.add)
    add_event(Event(subject="Lunch with Jun", attendees=juns, starts_at=starts_at, ends_at=ends_at))


def setup_env_lunch_with_jun_from_engineering():
    """Two people called Jun: one in Sales and Marketing (listed first), one in Engineering."""
    simulate_org_structure(
        default_employee_names=[
            "Wiktoria",
            "Gaurav",
            "Xochitl",
            "Anselm",
            "Blessing",
            "Cormac",
            "Divya",
            "Eamon",
            "Fatou",
            "Jun",
            "Hallie",
            "Ilkka",
        ],
        user_name="Sebastián",
        user_team=Team.Engineering,
        teams_to_extend={Team.Engineering: ["Jun", "Kerstin"]},
    )
    gaurav = find_employee("Gaurav")[0]  # setup guideline #4
    # setup guideline #1
    tomorrow = parse_date_string(DateExpressions.Tomorrow)

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Code review",
                attendees=[gaurav],
                starts_at=at(tomorrow, 10, 0),
                ends_at=at(tomorrow, 11, 0),
            )
        ]
    )


def evaluate_lunch_with_jun_from_engineering(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """One event tomorrow 12:30-13:30 with the Engineering Jun only; nothing else changed."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    expected_start = combine(parse_date_string(DateExpressions.Tomorrow), datetime.time(12, 30))
    if event.starts_at != expected_start:
        raise SolutionError("Incorrect solution")
    if event.ends_at != expected_start + datetime.timedelta(hours=1):
        raise SolutionError("Incorrect solution")
    (engineering_jun,) = [
        e
        for e in get_all_employees()
        if e.name == "Jun" and get_employee_profile(e).team == Team.Engineering
    ]
    if [a.employee_id for a in event.attendees or []] != [engineering_jun.employee_id]:
        raise SolutionError("Incorrect solution")


def setup_env_lunch_with_jun_from_engineering_two_in_team():
    """Both people called Jun are in Engineering: the request cannot tell them apart."""
    simulate_org_structure(
        default_employee_names=[
            "Wiktoria",
            "Jun",
            "Xochitl",
            "Anselm",
            "Blessing",
            "Cormac",
            "Divya",
            "Eamon",
            "Fatou",
            "Gaurav",
            "Hallie",
            "Ilkka",
        ],
        user_name="Sebastián",
        user_team=Team.Engineering,
        teams_to_extend={Team.Engineering: ["Jun", "Kerstin"]},
    )
    gaurav = find_employee("Gaurav")[0]  # setup guideline #4
    # setup guideline #1
    tomorrow = parse_date_string(DateExpressions.Tomorrow)

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Code review",
                attendees=[gaurav],
                starts_at=at(tomorrow, 10, 0),
                ends_at=at(tomorrow, 11, 0),
            )
        ]
    )


def evaluate_lunch_with_jun_from_engineering_two_in_team(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Two Juns in Engineering: the program must ask which one and change nothing."""
    setup_function()
    before = snapshot_world()
    try:
        executable()
    except RequiresUserInput:
        assert_no_changes_since(before)
        return
    raise SolutionError("Incorrect solution")
