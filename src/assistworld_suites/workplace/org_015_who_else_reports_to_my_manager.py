"""Assistant, who else reports to my manager?"""

QUERY_ID = "org_015_who_else_reports_to_my_manager"
CATEGORY = "org-structure"
TAGS = ["find_manager_of", "find_reports_of", "exclude-self", "information-seeking", "peers"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def who_else_reports_to_my_manager() -> list[Employee]:
    """Return the manager's direct reports other than the user."""
    me = get_current_user()
    manager = find_manager_of(me)
    if manager is None:
        raise RequiresUserInput("You don't report to anyone.")
    return [e for e in find_reports_of(manager) if e != me]


def setup_env_who_else_reports_to_my_manager():
    """A Sales and Marketing team member with two peers."""
    simulate_org_structure(
        default_employee_names=[
            "Anwar",
            "Brontë",
            "Cosmin",
            "Dineo",
            "Elspeth",
            "Faustino",
            "Gaukhar",
            "Hemi",
            "Iosefa",
            "Jónína",
            "Kemal",
            "Lavinia",
            "Mbugua",
            "Nurit",
            "Olufemi",
            "Pernille",
        ],
        user_name="Quimby",
        user_team=Team.SalesMarketing,
    )


def evaluate_who_else_reports_to_my_manager(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """The answer is Brontë and Olufemi."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    profiles = [get_employee_profile(e) for e in get_all_employees()]
    user = next(p for p in profiles if p.is_user)
    manager = next(p for p in profiles if p.employee_id == user.manager)
    peers = [p for p in profiles if p.employee_id in (manager.reports or []) and not p.is_user]
    if sorted(p.name for p in peers) != ["Brontë", "Olufemi"]:
        raise RuntimeError("the setup's org chart is not the one this evaluation expects")
    expected = {p.employee_id for p in peers}
    # the manager's assistant (if any) has them as manager but is not a report: accepted either way
    assistant = {manager.assistant} if manager.assistant else set()
    allowed = [expected, expected | assistant]
    # a text may name the manager and the user, but nobody else outside the answer
    wrong_names = {
        p.name
        for p in profiles
        if p.employee_id not in expected | assistant | {manager.employee_id, user.employee_id}
    }

    # testing guideline #2: Employees, profiles or names in any order, or one text naming them
    if isinstance(result, str):
        named = {p.employee_id for p in profiles if p.name in result}
        if not expected <= named or any(n in result for n in wrong_names):
            raise SolutionError("Incorrect solution")
        return
    if not isinstance(result, list | tuple | set):
        raise SolutionError("Incorrect solution")
    ids = []
    for item in result:
        if isinstance(item, Employee | EmployeeDetails):
            ids.append(item.employee_id)
        elif isinstance(item, str) and len(find_employee(item)) == 1:
            ids.append(find_employee(item)[0].employee_id)
        else:
            raise SolutionError("Incorrect solution")
    if len(ids) != len(set(ids)) or set(ids) not in allowed:
        raise SolutionError("Incorrect solution")


def setup_env_who_else_reports_to_my_manager_as_manager():
    """A manager in Engineering: peers are the head's other reports, not the user's own reports."""
    simulate_org_structure(
        default_employee_names=[
            "Anwar",
            "Brontë",
            "Cosmin",
            "Dineo",
            "Elspeth",
            "Faustino",
            "Gaukhar",
            "Hemi",
            "Iosefa",
            "Jónína",
            "Kemal",
            "Lavinia",
            "Mbugua",
            "Nurit",
            "Olufemi",
            "Pernille",
        ],
        user_name="Quimby",
        user_role="Manager",
        teams_to_extend={Team.Engineering: ["Renske", "Sipho"]},
    )


def evaluate_who_else_reports_to_my_manager_as_manager(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """The answer is Brontë, Olufemi and Renske (not the user's own reports)."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    profiles = [get_employee_profile(e) for e in get_all_employees()]
    user = next(p for p in profiles if p.is_user)
    manager = next(p for p in profiles if p.employee_id == user.manager)
    peers = [p for p in profiles if p.employee_id in (manager.reports or []) and not p.is_user]
    if sorted(p.name for p in peers) != ["Brontë", "Olufemi", "Renske"]:
        raise RuntimeError("the setup's org chart is not the one this evaluation expects")
    expected = {p.employee_id for p in peers}
    # the manager's assistant (if any) has them as manager but is not a report: accepted either way
    assistant = {manager.assistant} if manager.assistant else set()
    allowed = [expected, expected | assistant]
    # a text may name the manager and the user, but nobody else outside the answer
    wrong_names = {
        p.name
        for p in profiles
        if p.employee_id not in expected | assistant | {manager.employee_id, user.employee_id}
    }

    # testing guideline #2: Employees, profiles or names in any order, or one text naming them
    if isinstance(result, str):
        named = {p.employee_id for p in profiles if p.name in result}
        if not expected <= named or any(n in result for n in wrong_names):
            raise SolutionError("Incorrect solution")
        return
    if not isinstance(result, list | tuple | set):
        raise SolutionError("Incorrect solution")
    ids = []
    for item in result:
        if isinstance(item, Employee | EmployeeDetails):
            ids.append(item.employee_id)
        elif isinstance(item, str) and len(find_employee(item)) == 1:
            ids.append(find_employee(item)[0].employee_id)
        else:
            raise SolutionError("Incorrect solution")
    if len(ids) != len(set(ids)) or set(ids) not in allowed:
        raise SolutionError("Incorrect solution")


def setup_env_who_else_reports_to_my_manager_as_coo():
    """The user is the COO: the CEO's other report is the CFO."""
    simulate_org_structure(
        default_employee_names=[
            "Anwar",
            "Brontë",
            "Cosmin",
            "Dineo",
            "Elspeth",
            "Faustino",
            "Gaukhar",
            "Hemi",
            "Iosefa",
            "Jónína",
            "Kemal",
            "Lavinia",
            "Mbugua",
            "Nurit",
            "Olufemi",
            "Pernille",
        ],
        user_name="Quimby",
        user_role="COO",
    )


def evaluate_who_else_reports_to_my_manager_as_coo(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """The answer is the CFO (the CEO's assistant may be included)."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    profiles = [get_employee_profile(e) for e in get_all_employees()]
    user = next(p for p in profiles if p.is_user)
    manager = next(p for p in profiles if p.employee_id == user.manager)
    peers = [p for p in profiles if p.employee_id in (manager.reports or []) and not p.is_user]
    if [p.role for p in peers] != ["CFO"]:
        raise RuntimeError("the setup's org chart is not the one this evaluation expects")
    expected = {p.employee_id for p in peers}
    # the manager's assistant (if any) has them as manager but is not a report: accepted either way
    assistant = {manager.assistant} if manager.assistant else set()
    allowed = [expected, expected | assistant]
    # a text may name the manager and the user, but nobody else outside the answer
    wrong_names = {
        p.name
        for p in profiles
        if p.employee_id not in expected | assistant | {manager.employee_id, user.employee_id}
    }

    # testing guideline #2: Employees, profiles or names in any order, or one text naming them
    if isinstance(result, str):
        named = {p.employee_id for p in profiles if p.name in result}
        if not expected <= named or any(n in result for n in wrong_names):
            raise SolutionError("Incorrect solution")
        return
    if not isinstance(result, list | tuple | set):
        raise SolutionError("Incorrect solution")
    ids = []
    for item in result:
        if isinstance(item, Employee | EmployeeDetails):
            ids.append(item.employee_id)
        elif isinstance(item, str) and len(find_employee(item)) == 1:
            ids.append(find_employee(item)[0].employee_id)
        else:
            raise SolutionError("Incorrect solution")
    if len(ids) != len(set(ids)) or set(ids) not in allowed:
        raise SolutionError("Incorrect solution")
