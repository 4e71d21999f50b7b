"""Assistant, set up a one-hour leadership sync on Friday at 9:30 with the other two members of the leadership team, and add my assistant to take notes."""  # noqa: E501

QUERY_ID = "org_010_leadership_sync_with_my_assistant"
CATEGORY = "org-structure"
TAGS = ["leadership", "get_assistant", "get_current_user", "exclude-self", "add_event"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def leadership_sync_with_my_assistant():
    """Invite the two other leaders and the user's assistant to Friday 09:30-10:30."""
    me = get_current_user()
    # the leadership team is the CEO, COO and CFO (team Leadership)
    others = [
        e
        for e in get_all_employees()
        if get_employee_profile(e).team == Team.Leadership and e != me
    ]
    if len(others) != 2:
        raise RequiresUserInput(f"Expected two other leaders, found {len(others)}.")
    assistant = get_assistant(me)
    if assistant is None:
        raise RequiresUserInput("You don't have an assistant to take notes.")
    friday = get_next_dow("Friday")
    starts_at = combine(friday, time_by_hm(9, 30, "am"))
    ends_at = modify(starts_at, Duration(1, TimeUnits.Hours), operator=DateTimeClauseOperators.add)
    add_event(
        Event(
            subject="Leadership sync",
            attendees=[*others, assistant],
            starts_at=starts_at,
            ends_at=ends_at,
        )
    )


def setup_env_leadership_sync_with_my_assistant():
    """The user is the COO."""
    simulate_org_structure(
        default_employee_names=[
            "Adaugo",
            "Benedetta",
            "Cheng",
            "Dumisani",
            "Elin",
            "Feliks",
            "Gohar",
            "Hyacinth",
            "Ilias",
            "Jurgen",
            "Kalea",
            "Lucjan",
        ],
        user_name="Mirembe",
        user_role="COO",
    )
    # setup guideline #1
    friday = get_next_dow("Friday")
    managers = [e for e in get_all_employees() if get_employee_profile(e).role == "Manager"]

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3: an earlier Friday meeting with the department heads
    simulate_user_calendar(
        [
            Event(
                subject="Heads update",
                attendees=managers,
                starts_at=at(friday, 11, 0),
                ends_at=at(friday, 12, 0),
            )
        ]
    )


def evaluate_leadership_sync_with_my_assistant(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Friday 09:30-10:30 with the CEO, the CFO and the COO's assistant."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    expected_start = combine(get_next_dow("Friday"), datetime.time(9, 30))
    if event.starts_at != expected_start:
        raise SolutionError("Incorrect solution")
    if event.ends_at != expected_start + datetime.timedelta(hours=1):
        raise SolutionError("Incorrect solution")
    profiles = [get_employee_profile(e) for e in get_all_employees()]
    user = next(p for p in profiles if p.is_user)
    expected = {p.employee_id for p in profiles if p.role in ("CEO", "CFO") and not p.is_user}
    expected |= {
        p.employee_id for p in profiles if p.role == "Assistant" and p.manager == user.employee_id
    }
    attendees = [a.employee_id for a in event.attendees or []]
    if len(expected) != 3 or len(attendees) != 3 or set(attendees) != expected:
        raise SolutionError("Incorrect solution")


def setup_env_leadership_sync_with_my_assistant_as_cfo():
    """The user is the CFO."""
    simulate_org_structure(
        default_employee_names=[
            "Adaugo",
            "Benedetta",
            "Cheng",
            "Dumisani",
            "Elin",
            "Feliks",
            "Gohar",
            "Hyacinth",
            "Ilias",
            "Jurgen",
            "Kalea",
            "Lucjan",
        ],
        user_name="Mirembe",
        user_role="CFO",
    )
    # setup guideline #1
    friday = get_next_dow("Friday")
    managers = [e for e in get_all_employees() if get_employee_profile(e).role == "Manager"]

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3: an earlier Friday meeting with the department heads
    simulate_user_calendar(
        [
            Event(
                subject="Heads update",
                attendees=managers,
                starts_at=at(friday, 11, 0),
                ends_at=at(friday, 12, 0),
            )
        ]
    )


def evaluate_leadership_sync_with_my_assistant_as_cfo(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Friday 09:30-10:30 with the CEO, the COO and the CFO's assistant."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    expected_start = combine(get_next_dow("Friday"), datetime.time(9, 30))
    if event.starts_at != expected_start:
        raise SolutionError("Incorrect solution")
    if event.ends_at != expected_start + datetime.timedelta(hours=1):
        raise SolutionError("Incorrect solution")
    profiles = [get_employee_profile(e) for e in get_all_employees()]
    user = next(p for p in profiles if p.is_user)
    expected = {p.employee_id for p in profiles if p.role in ("CEO", "COO") and not p.is_user}
    expected |= {
        p.employee_id for p in profiles if p.role == "Assistant" and p.manager == user.employee_id
    }
    attendees = [a.employee_id for a in event.attendees or []]
    if len(expected) != 3 or len(attendees) != 3 or set(attendees) != expected:
        raise SolutionError("Incorrect solution")


def setup_env_leadership_sync_with_my_assistant_as_ceo():
    """The user is the CEO."""
    simulate_org_structure(
        default_employee_names=[
            "Adaugo",
            "Benedetta",
            "Cheng",
            "Dumisani",
            "Elin",
            "Feliks",
            "Gohar",
            "Hyacinth",
            "Ilias",
            "Jurgen",
            "Kalea",
            "Lucjan",
        ],
        user_name="Mirembe",
        user_role="CEO",
    )
    # setup guideline #1
    friday = get_next_dow("Friday")
    managers = [e for e in get_all_employees() if get_employee_profile(e).role == "Manager"]

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3: an earlier Friday meeting with the department heads
    simulate_user_calendar(
        [
            Event(
                subject="Heads update",
                attendees=managers,
                starts_at=at(friday, 11, 0),
                ends_at=at(friday, 12, 0),
            )
        ]
    )


def evaluate_leadership_sync_with_my_assistant_as_ceo(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Friday 09:30-10:30 with the COO, the CFO and the CEO's assistant."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    expected_start = combine(get_next_dow("Friday"), datetime.time(9, 30))
    if event.starts_at != expected_start:
        raise SolutionError("Incorrect solution")
    if event.ends_at != expected_start + datetime.timedelta(hours=1):
        raise SolutionError("Incorrect solution")
    profiles = [get_employee_profile(e) for e in get_all_employees()]
    user = next(p for p in profiles if p.is_user)
    expected = {p.employee_id for p in profiles if p.role in ("COO", "CFO") and not p.is_user}
    expected |= {
        p.employee_id for p in profiles if p.role == "Assistant" and p.manager == user.employee_id
    }
    attendees = [a.employee_id for a in event.attendees or []]
    if len(expected) != 3 or len(attendees) != 3 or set(attendees) != expected:
        raise SolutionError("Incorrect solution")
