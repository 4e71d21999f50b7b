"""Assistant, put a 30-minute pairing session with my teammate Kai in for tomorrow at 10."""

QUERY_ID = "mixed_016_pairing_with_teammate_kai"
CATEGORY = "policy-following"
TAGS = ["duplicate-names", "find_team_of", "RequiresUserInput", "contrast-set", "add_event"]

if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def pairing_with_teammate_kai():
    """Book tomorrow 10:00-10:30 with the Kai who is on the user's team."""
    # "my teammate" narrows the name down, so other Kais in the company do not count
    teammates = find_team_of(get_current_user())
    kais = [person for person in find_employee("Kai") if person in teammates]
    if not kais:
        raise RequiresUserInput("There is nobody called Kai on your team.")
    if len(kais) > 1:
        raise RequiresUserInput(f"There are {len(kais)} people called Kai on your team; which one?")
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    starts_at = combine(tomorrow, time_by_hm(10, 0, "am"))
    ends_at = modify(
        starts_at, Duration(30, TimeUnits.Minutes), operator=DateTimeClauseOperators.add
    )
    add_event(
        Event(subject="Pairing session", attendees=kais, starts_at=starts_at, ends_at=ends_at)
    )


def setup_env_pairing_with_teammate_kai():
    """One Kai in the user's Engineering team, another Kai in Sales and Marketing."""
    simulate_org_structure(
        default_employee_names=[
            "Aditi",
            "Bertrand",
            "Chukwudi",
            "Daria",
            "Eamon",
            "Freya",
            "Goran",
            "Halima",
            "Idris",
            "Juniper",
        ],
        user_name="Lowanna",
        teams_to_extend={
            Team.Engineering: ["Kai", "Matiu", "Sorcha"],
            Team.SalesMarketing: ["Kai", "Ottilie"],
        },
    )
    sales_kai = next(
        e for e in find_employee("Kai") if get_employee_profile(e).team == Team.SalesMarketing
    )
    bertrand = find_employee("Bertrand")[0]  # setup guideline #4
    # setup guideline #1
    tomorrow = parse_date_string(DateExpressions.Tomorrow)

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Deal review",
                attendees=[sales_kai],
                starts_at=at(tomorrow, 11, 0),
                ends_at=at(tomorrow, 11, 30),
            ),
            Event(
                subject="Code review",
                attendees=[bertrand],
                starts_at=at(tomorrow, 14, 0),
                ends_at=at(tomorrow, 14, 30),
            ),
        ]
    )


def evaluate_pairing_with_teammate_kai(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """One event tomorrow 10:00-10:30 with the Engineering Kai only."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    if event.starts_at != combine(tomorrow, datetime.time(10, 0)):
        raise SolutionError("Incorrect solution")
    if event.ends_at != combine(tomorrow, datetime.time(10, 30)):
        raise SolutionError("Incorrect solution")
    teammate_kai = next(
        e for e in find_employee("Kai") if get_employee_profile(e).team == Team.Engineering
    )
    if [a.employee_id for a in event.attendees or []] != [teammate_kai.employee_id]:
        raise SolutionError("Incorrect solution")


def setup_env_pairing_with_teammate_kai_two_kais():
    """Two different people called Kai are both in the user's Engineering team."""
    simulate_org_structure(
        default_employee_names=[
            "Aditi",
            "Bertrand",
            "Chukwudi",
            "Daria",
            "Eamon",
            "Freya",
            "Goran",
            "Halima",
            "Idris",
            "Juniper",
        ],
        user_name="Lowanna",
        teams_to_extend={Team.Engineering: ["Kai", "Matiu", "Kai"]},
    )
    first_kai, second_kai = find_employee("Kai")[:2]
    # setup guideline #1
    tomorrow = parse_date_string(DateExpressions.Tomorrow)

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Sprint planning",
                attendees=[first_kai, second_kai],
                starts_at=at(tomorrow, 13, 0),
                ends_at=at(tomorrow, 14, 0),
            ),
        ]
    )


def evaluate_pairing_with_teammate_kai_two_kais(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Two teammates are called Kai: hand back to the user and change nothing."""
    setup_function()
    before = snapshot_world()
    try:
        executable()
    except RequiresUserInput:
        assert_no_changes_since(before)
        return
    raise SolutionError("Incorrect solution")


def setup_env_pairing_with_teammate_kai_none_in_team():
    """The only Kai works in Finance, so the user has no teammate of that name."""
    simulate_org_structure(
        default_employee_names=[
            "Aditi",
            "Bertrand",
            "Chukwudi",
            "Daria",
            "Eamon",
            "Freya",
            "Goran",
            "Halima",
            "Idris",
            "Juniper",
        ],
        user_name="Lowanna",
        teams_to_extend={Team.Engineering: ["Matiu", "Sorcha"], Team.Finance: ["Kai", "Ottilie"]},
    )


def evaluate_pairing_with_teammate_kai_none_in_team(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """No teammate called Kai: hand back to the user instead of inviting the Finance Kai."""
    setup_function()
    before = snapshot_world()
    try:
        executable()
    except RequiresUserInput:
        assert_no_changes_since(before)
        return
    raise SolutionError("Incorrect solution")
