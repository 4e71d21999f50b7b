"""Assistant, who on my team still has a birthday coming up this month? I'd like to plan one joint celebration."""  # noqa: E501

QUERY_ID = "org_013_birthdays_left_this_month"
CATEGORY = "org-structure"
TAGS = ["find_team_of", "birth_date", "get_employee_profile", "information-seeking", "filter"]
NOW = "2024-07-10T09:30"


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def birthdays_left_this_month() -> list[Employee]:
    """Return the user's teammates (managers included) whose birthday is later this month."""
    today = now_().date()
    coming_up = []
    for person in find_team_of(get_current_user()):
        born = get_employee_profile(person).birth_date
        # today's birthday still counts as coming up
        if born.month == today.month and born.day >= today.day:
            coming_up.append(person)
    return coming_up


def setup_env_birthdays_left_this_month():
    """Finance, with a manager under its head: July birthdays on the 4th, 5th and 25th."""
    simulate_org_structure(
        default_employee_names=[
            "Amarachi",
            "Brynjar",
            "Cleo",
            "Desta",
            "Evander",
            "Fumilayo",
            "Giedre",
            "Hiromi",
            "Ismail",
            "Jolene",
            "Kaveh",
            "Lupe",
            "Milos",
            "Nanami",
        ],
        user_name="Oriane",
        user_team=Team.Finance,
        teams_to_extend={Team.Finance: ["Paora", "Quirino", "Rukmini"]},
    )


def evaluate_birthdays_left_this_month(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """The answer is Rukmini (25 July); Cleo's and Quirino's birthdays have passed."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    profiles = [get_employee_profile(e) for e in get_all_employees()]
    user = next(p for p in profiles if p.is_user)
    team = [p for p in profiles if p.team == user.team and not p.is_user]
    today = now_().date()
    expected = {
        p.employee_id
        for p in team
        if p.birth_date.month == today.month and p.birth_date.day >= today.day
    }
    if sorted(p.name for p in team if p.employee_id in expected) != ["Rukmini"]:
        raise RuntimeError("the setup's birthdays are not the ones this evaluation expects")
    others = {p.name for p in team if p.employee_id not in expected}
    # the user's own birthday, if it is still to come, may be mentioned or not
    user_still_to_come = user.birth_date.month == today.month and user.birth_date.day >= today.day
    allowed = [expected, expected | {user.employee_id}] if user_still_to_come else [expected]

    # testing guideline #2: Employees, profiles or names in any order, or one text naming them
    if isinstance(result, str):
        named = {p.employee_id for p in team if p.name in result}
        if named != expected or any(n in result for n in others):
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


def setup_env_birthdays_left_this_month_sales_manager():
    """The user manages in Sales and Marketing; only the head of the team has a July birthday."""
    simulate_org_structure(
        default_employee_names=[
            "Amarachi",
            "Brynjar",
            "Cleo",
            "Desta",
            "Evander",
            "Fumilayo",
            "Giedre",
            "Hiromi",
            "Ismail",
            "Jolene",
            "Kaveh",
            "Lupe",
            "Milos",
            "Nanami",
        ],
        user_name="Oriane",
        user_role="Manager",
        user_team=Team.SalesMarketing,
    )


def evaluate_birthdays_left_this_month_sales_manager(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """The answer is Hiromi alone (28 July); the user's own birthday has passed."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    profiles = [get_employee_profile(e) for e in get_all_employees()]
    user = next(p for p in profiles if p.is_user)
    team = [p for p in profiles if p.team == user.team and not p.is_user]
    today = now_().date()
    expected = {
        p.employee_id
        for p in team
        if p.birth_date.month == today.month and p.birth_date.day >= today.day
    }
    if sorted(p.name for p in team if p.employee_id in expected) != ["Hiromi"]:
        raise RuntimeError("the setup's birthdays are not the ones this evaluation expects")
    others = {p.name for p in team if p.employee_id not in expected}
    # the user's own birthday, if it is still to come, may be mentioned or not
    user_still_to_come = user.birth_date.month == today.month and user.birth_date.day >= today.day
    allowed = [expected, expected | {user.employee_id}] if user_still_to_come else [expected]

    # testing guideline #2: Employees, profiles or names in any order, or one text naming them
    if isinstance(result, str):
        named = {p.employee_id for p in team if p.name in result}
        if named != expected or any(n in result for n in others):
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
