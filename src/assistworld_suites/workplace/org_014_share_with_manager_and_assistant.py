"""Assistant, share my calendar with my manager, and with their assistant too if they have one."""

QUERY_ID = "org_014_share_with_manager_and_assistant"
CATEGORY = "org-structure"
TAGS = ["share_calendar", "find_manager_of", "get_assistant", "conditional", "RequiresUserInput"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def share_with_manager_and_assistant():
    """Share the calendar with the manager and, if they have one, the manager's assistant."""
    manager = find_manager_of(get_current_user())
    if manager is None:
        raise RequiresUserInput("You don't report to anyone, so there is no manager to share with.")
    recipients = [manager]
    assistant = get_assistant(manager)
    if assistant is not None:
        recipients.append(assistant)
    share_calendar(recipients)


def setup_env_share_with_manager_and_assistant():
    """An engineer: the manager is the head of Engineering, who has no assistant."""
    simulate_org_structure(
        default_employee_names=[
            "Akosua",
            "Bertil",
            "Carys",
            "Daoud",
            "Estelle",
            "Fyodor",
            "Gintare",
            "Halvard",
            "Ilona",
            "Jacinta",
            "Kobina",
            "Lieke",
        ],
        user_name="Morwenna",
        user_team=Team.Engineering,
    )
    # the calendar is already shared with one colleague
    share_calendar([find_employee("Bertil")[0]])  # setup guideline #4


def evaluate_share_with_manager_and_assistant(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Shared with the head of Engineering (and still Bertil); nobody else."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    if not changes or changes.tables() != {"calendar_shared_with"}:
        raise SolutionError("Incorrect solution")
    profiles = [get_employee_profile(e) for e in get_all_employees()]
    role = {p.employee_id: p.role for p in profiles}
    user = next(p for p in profiles if p.is_user)
    manager = next(p for p in profiles if p.employee_id == user.manager)
    expected_roles = ["Manager"]
    new_people = [manager] + [p for p in profiles if p.employee_id == manager.assistant]
    if sorted(role[p.employee_id] for p in new_people) != sorted(expected_roles):
        raise RuntimeError("the setup's org chart is not the one this evaluation expects")
    # the earlier share with Bertil stays
    people = [Employee(name=p.name, employee_id=p.employee_id) for p in new_people]
    assert_user_calendar_shared([*people, find_employee("Bertil")[0]])


def setup_env_share_with_manager_and_assistant_as_cfo():
    """The user is the CFO: the manager is the CEO, who has an assistant."""
    simulate_org_structure(
        default_employee_names=[
            "Akosua",
            "Bertil",
            "Carys",
            "Daoud",
            "Estelle",
            "Fyodor",
            "Gintare",
            "Halvard",
            "Ilona",
            "Jacinta",
            "Kobina",
            "Lieke",
        ],
        user_name="Morwenna",
        user_role="CFO",
    )
    # the calendar is already shared with one colleague
    share_calendar([find_employee("Bertil")[0]])  # setup guideline #4


def evaluate_share_with_manager_and_assistant_as_cfo(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Shared with the CEO and the CEO's assistant (and still Bertil)."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    if not changes or changes.tables() != {"calendar_shared_with"}:
        raise SolutionError("Incorrect solution")
    profiles = [get_employee_profile(e) for e in get_all_employees()]
    role = {p.employee_id: p.role for p in profiles}
    user = next(p for p in profiles if p.is_user)
    manager = next(p for p in profiles if p.employee_id == user.manager)
    expected_roles = ["CEO", "Assistant"]
    new_people = [manager] + [p for p in profiles if p.employee_id == manager.assistant]
    if sorted(role[p.employee_id] for p in new_people) != sorted(expected_roles):
        raise RuntimeError("the setup's org chart is not the one this evaluation expects")
    # the earlier share with Bertil stays
    people = [Employee(name=p.name, employee_id=p.employee_id) for p in new_people]
    assert_user_calendar_shared([*people, find_employee("Bertil")[0]])


def setup_env_share_with_manager_and_assistant_as_ceo():
    """The user is the CEO and reports to nobody."""
    simulate_org_structure(
        default_employee_names=[
            "Akosua",
            "Bertil",
            "Carys",
            "Daoud",
            "Estelle",
            "Fyodor",
            "Gintare",
            "Halvard",
            "Ilona",
            "Jacinta",
            "Kobina",
            "Lieke",
        ],
        user_name="Morwenna",
        user_role="CEO",
    )
    # the calendar is already shared with one colleague
    share_calendar([find_employee("Bertil")[0]])  # setup guideline #4


def evaluate_share_with_manager_and_assistant_as_ceo(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """There is no manager: hand back and share with nobody new."""
    setup_function()
    before = snapshot_world()
    try:
        executable()
    except RequiresUserInput:
        assert_no_changes_since(before)
        return
    raise SolutionError("Incorrect solution")
