"""Assistant, book a 45-minute onboarding session for the COO's and the CFO's assistants on Monday at 11. The CEO's assistant already knows the new system, so leave them out."""  # noqa: E501

QUERY_ID = "org_004_assistants_onboarding"
CATEGORY = "org-structure"
TAGS = ["get_assistant", "leadership", "get_employee_profile", "exclusion", "add_event"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def onboard_leadership_assistants():
    """Invite the COO's and CFO's assistants (not the CEO's) to Monday 11:00-11:45."""
    # the leadership team is the CEO, COO and CFO: resolve them by role
    leaders = {
        get_employee_profile(e).role: e
        for e in get_all_employees()
        if get_employee_profile(e).team == Team.Leadership
    }
    invitees = []
    for role in ("COO", "CFO"):
        if role not in leaders:
            raise RequiresUserInput(f"There is no {role} in the directory.")
        assistant = get_assistant(leaders[role])
        if assistant is None:
            raise RequiresUserInput(f"The {role} has no assistant.")
        invitees.append(assistant)
    monday = get_next_dow("Monday")
    starts_at = combine(monday, time_by_hm(11, 0, "am"))
    ends_at = modify(
        starts_at, Duration(45, TimeUnits.Minutes), operator=DateTimeClauseOperators.add
    )
    add_event(
        Event(
            subject="Onboarding: new system",
            attendees=invitees,
            starts_at=starts_at,
            ends_at=ends_at,
        )
    )


def setup_env_onboard_leadership_assistants():
    """Three leaders, each with an assistant; the user is an engineer."""
    simulate_org_structure(
        default_employee_names=[
            "Anouk",
            "Bashir",
            "Consuelo",
            "Dariusz",
            "Ebere",
            "Freya",
            "Gideon",
            "Hoang",
            "Itzel",
            "Jovan",
            "Keala",
            "Lindiwe",
        ],
        user_name="Mose",
        user_team=Team.Engineering,
    )
    bashir = find_employee("Bashir")[0]  # setup guideline #4
    # setup guideline #1
    monday = get_next_dow("Monday")

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3: an unrelated Monday meeting
    simulate_user_calendar(
        [
            Event(
                subject="Pairing",
                attendees=[bashir],
                starts_at=at(monday, 9, 30),
                ends_at=at(monday, 10, 30),
            )
        ]
    )


def evaluate_onboard_leadership_assistants(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """One event Monday 11:00-11:45 with exactly the COO's and CFO's assistants; nothing else."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    expected_start = combine(get_next_dow("Monday"), datetime.time(11, 0))
    if event.starts_at != expected_start:
        raise SolutionError("Incorrect solution")
    if event.ends_at != expected_start + datetime.timedelta(minutes=45):
        raise SolutionError("Incorrect solution")
    # the assistants whose manager is the COO or the CFO (from the profiles)
    profiles = [get_employee_profile(e) for e in get_all_employees()]
    role_of = {p.employee_id: p.role for p in profiles}
    expected = {
        p.employee_id
        for p in profiles
        if p.role == "Assistant" and role_of.get(p.manager or "") in ("COO", "CFO")
    }
    attendees = [a.employee_id for a in event.attendees or []]
    if len(expected) != 2 or len(attendees) != 2 or set(attendees) != expected:
        raise SolutionError("Incorrect solution")
