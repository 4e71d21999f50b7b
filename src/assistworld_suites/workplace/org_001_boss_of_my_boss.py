"""Assistant, I want to send a note to my boss's boss. Who is that?"""

QUERY_ID = "org_001_boss_of_my_boss"
CATEGORY = "org-structure"
TAGS = ["find_manager_of", "get_current_user", "skip-level", "information-seeking"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def my_skip_level_manager() -> Employee:
    """Return the manager of the user's manager."""
    me = get_current_user()
    manager = find_manager_of(me)
    if manager is None:
        raise RequiresUserInput("You have no manager in the directory.")
    skip_level = find_manager_of(manager)
    if skip_level is None:
        raise RequiresUserInput(f"Your manager, {manager.name}, does not report to anyone.")
    return skip_level


def setup_env_my_skip_level_manager():
    """Noor is in Sales and Marketing, whose manager reports to the COO."""
    simulate_org_structure(
        default_employee_names=[
            "Aroha",
            "Bilal",
            "Chiara",
            "Dmitri",
            "Esi",
            "Fumiko",
            "Gustavo",
            "Hana",
            "Ifeoma",
            "Jonas",
            "Kalinda",
            "Luca",
        ],
        user_name="Noor",
        user_role="Team Member",
        user_team=Team.SalesMarketing,
    )


def evaluate_my_skip_level_manager(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """The answer is the COO (the manager of the Sales and Marketing manager)."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    expected = next(e for e in get_all_employees() if get_employee_profile(e).role == "COO")

    # testing guideline #2: an Employee, a profile, a one-person list, or a name
    if isinstance(result, list | tuple) and len(result) == 1:
        result = result[0]
    if isinstance(result, Employee | EmployeeDetails):
        if result.employee_id != expected.employee_id:
            raise SolutionError("Incorrect solution")
    elif isinstance(result, str):
        if expected.name not in result:
            raise SolutionError("Incorrect solution")
    else:
        raise SolutionError("Incorrect solution")


def setup_env_my_skip_level_manager_finance():
    """Noor is in Finance, whose manager reports to the CFO."""
    simulate_org_structure(
        default_employee_names=[
            "Aroha",
            "Bilal",
            "Chiara",
            "Dmitri",
            "Esi",
            "Fumiko",
            "Gustavo",
            "Hana",
            "Ifeoma",
            "Jonas",
            "Kalinda",
            "Luca",
        ],
        user_name="Noor",
        user_role="Team Member",
        user_team=Team.Finance,
    )


def evaluate_my_skip_level_manager_finance(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """The answer is the CFO (the manager of the Finance manager)."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    cfo = next(e for e in get_all_employees() if get_employee_profile(e).role == "CFO")

    # testing guideline #2: an Employee, a profile, a one-person list, or a name
    if isinstance(result, list | tuple) and len(result) == 1:
        result = result[0]
    if isinstance(result, Employee | EmployeeDetails):
        if result.employee_id != cfo.employee_id:
            raise SolutionError("Incorrect solution")
    elif isinstance(result, str):
        if cfo.name not in result:
            raise SolutionError("Incorrect solution")
    else:
        raise SolutionError("Incorrect solution")
