"""Assistant, invite the Engineering team to a 45-minute architecture review on Wednesday at 11, but leave out the managers and anyone who joined in the last four weeks; they aren't ramped up yet."""  # noqa: E501

QUERY_ID = "policy_010_architecture_review_veterans"
CATEGORY = "policy-following"
TAGS = ["exclusion-rule", "joined_date", "get_employee_profile", "find_team_of", "add_event"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def architecture_review_for_veterans():
    """Invite Engineering, minus managers and people who joined in the last 28 days."""
    now = now_()
    cutoff = modify(
        now, Duration(28, TimeUnits.Days), operator=DateTimeClauseOperators.subtract
    ).date()
    invitees = []
    for person in get_all_employees():
        profile = get_employee_profile(person)
        if profile.team != Team.Engineering or profile.is_user:
            continue
        if profile.role == "Manager" or profile.joined_date >= cutoff:
            continue
        invitees.append(person)
    if not invitees:
        raise RequiresUserInput(
            "Nobody in Engineering is left after leaving out managers and new joiners."
        )
    starts_at = combine(get_next_dow("Wednesday"), time_by_hm(11, 0, "am"))
    ends_at = modify(
        starts_at, Duration(45, TimeUnits.Minutes), operator=DateTimeClauseOperators.add
    )
    add_event(
        Event(
            subject="Architecture review", attendees=invitees, starts_at=starts_at, ends_at=ends_at
        )
    )


def setup_env_architecture_review_for_veterans():
    """Engineering: two managers, two recent joiners (1 and 20 June), three veterans."""
    simulate_org_structure(
        default_employee_names=[
            "Alejandro",
            "Bettina",
            "Chinedu",
            "Daniela",
            "Eskil",
            "Fariha",
            "Grigor",
            "Halima",
            "Iker",
            "Juniper",
            "Kenta",
            "Liliana",
            "Mauricio",
            "Nomvula",
            "Orhan",
            "Priscila",
        ],
        user_name="Quentin",
        user_team=Team.Engineering,
        teams_to_extend={Team.Engineering: ["Rasa", "Stellan", "Tuyet", "Ulises"]},
    )
    orhan = find_employee("Orhan")[0]  # setup guideline #4
    # setup guideline #1
    wednesday = get_next_dow("Wednesday")

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Onboarding buddy chat",
                attendees=[orhan],
                starts_at=at(wednesday, 9, 30),
                ends_at=at(wednesday, 10, 0),
            )
        ]
    )


def evaluate_architecture_review_for_veterans(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """One event Wednesday 11:00-11:45 with Rasa, Stellan and Tuyet only; nothing else changed."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    expected_start = combine(get_next_dow("Wednesday"), datetime.time(11, 0))
    if event.starts_at != expected_start:
        raise SolutionError("Incorrect solution")
    if event.ends_at != expected_start + datetime.timedelta(minutes=45):
        raise SolutionError("Incorrect solution")
    # the Engineering team members who joined before 28 May (Rasa and Stellan on 22 May)
    expected = {find_employee(name)[0].employee_id for name in ("Rasa", "Stellan", "Tuyet")}
    attendees = [a.employee_id for a in event.attendees or []]
    if len(attendees) != 3 or set(attendees) != expected:
        raise SolutionError("Incorrect solution")
