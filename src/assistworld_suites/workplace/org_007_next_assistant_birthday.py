"""Assistant, I'm in charge of birthday cakes for the leadership assistants. Which of them has the next birthday coming up?"""  # noqa: E501

QUERY_ID = "org_007_next_assistant_birthday"
CATEGORY = "org-structure"
TAGS = ["get_employee_profile", "birth_date", "assistants", "information-seeking", "min"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def next_assistant_birthday() -> Employee:
    """Return the assistant (of the CEO, COO or CFO) whose birthday comes next."""
    today = now_().date()
    assistants = [e for e in get_all_employees() if get_employee_profile(e).team == Team.Assistants]
    if not assistants:
        raise RequiresUserInput("There are no assistants in the directory.")

    def next_birthday(employee: Employee) -> datetime.date:
        born = get_employee_profile(employee).birth_date
        this_year = replace(born, year=today.year)
        return this_year if this_year >= today else replace(born, year=today.year + 1)

    return min(assistants, key=next_birthday)


def setup_env_next_assistant_birthday():
    """Assistants born on 24 July, 12 August and 21 August (today is 25 June)."""
    simulate_org_structure(
        default_employee_names=[
            "Ruslan",
            "Sakura",
            "Tendai",
            "Ulla",
            "Vikram",
            "Wairimu",
            "Xander",
            "Yasmin",
            "Zoltan",
            "Amani",
            "Bartek",
            "Cosima",
        ],
        user_name="Dalia",
    )


def evaluate_next_assistant_birthday(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """The answer is Yasmin, whose birthday is 24 July."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    today = now_().date()
    profiles = [get_employee_profile(e) for e in get_all_employees()]
    # days until each assistant's next birthday (all are in July or August)
    waits = sorted(
        ((p.birth_date.replace(year=today.year) - today).days % 366, p.employee_id, p.name)
        for p in profiles
        if p.role == "Assistant"
    )
    if len(waits) != 3 or waits[0][0] == waits[1][0] or waits[0][2] != "Yasmin":
        raise RuntimeError("the setup no longer has one clear next birthday")
    expected_id, expected_name = waits[0][1], waits[0][2]

    # testing guideline #2: an Employee, a profile, a one-person list, or a name
    if isinstance(result, list | tuple) and len(result) == 1:
        result = result[0]
    if isinstance(result, Employee | EmployeeDetails):
        if result.employee_id != expected_id:
            raise SolutionError("Incorrect solution")
    elif isinstance(result, str):
        if expected_name not in result or any(w[2] in result for w in waits[1:]):
            raise SolutionError("Incorrect solution")
    else:
        raise SolutionError("Incorrect solution")


def setup_env_next_assistant_birthday_other_company():
    """Another company: assistants born on 7 July, 24 July and 27 August."""
    simulate_org_structure(
        default_employee_names=[
            "Ruslan",
            "Sakura",
            "Tendai",
            "Ulla",
            "Vikram",
            "Wairimu",
            "Xander",
            "Yasmin",
            "Zoltan",
            "Amani",
            "Bartek",
            "Cosima",
            "Eduardo",
            "Folake",
        ],
        user_name="Dalia",
    )


def evaluate_next_assistant_birthday_other_company(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """The answer is Zoltan, whose birthday is 7 July."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    today = now_().date()
    profiles = [get_employee_profile(e) for e in get_all_employees()]
    # days until each assistant's next birthday (all are in July or August)
    waits = sorted(
        ((p.birth_date.replace(year=today.year) - today).days % 366, p.employee_id, p.name)
        for p in profiles
        if p.role == "Assistant"
    )
    if len(waits) != 3 or waits[0][0] == waits[1][0] or waits[0][2] != "Zoltan":
        raise RuntimeError("the setup no longer has one clear next birthday")
    expected_id, expected_name = waits[0][1], waits[0][2]

    # testing guideline #2: an Employee, a profile, a one-person list, or a name
    if isinstance(result, list | tuple) and len(result) == 1:
        result = result[0]
    if isinstance(result, Employee | EmployeeDetails):
        if result.employee_id != expected_id:
            raise SolutionError("Incorrect solution")
    elif isinstance(result, str):
        if expected_name not in result or any(w[2] in result for w in waits[1:]):
            raise SolutionError("Incorrect solution")
    else:
        raise SolutionError("Incorrect solution")
