"""Assistant, how many people sit under the CFO in the reporting line, at any level? Leave the CFO's assistant out of it."""  # noqa: E501

QUERY_ID = "org_002_cfo_org_headcount"
CATEGORY = "org-structure"
TAGS = ["find_reports_of", "leadership", "tree-walk", "information-seeking", "count"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def cfo_org_headcount() -> int:
    """Count everyone below the CFO in the reporting tree (assistants are not reports)."""
    # the leadership team is the CEO, COO and CFO: find the CFO by role
    cfos = [e for e in get_all_employees() if get_employee_profile(e).role == "CFO"]
    if len(cfos) != 1:
        raise RequiresUserInput(f"Expected one CFO in the directory, found {len(cfos)}.")
    headcount = 0
    to_visit = find_reports_of(cfos[0])
    while to_visit:
        person = to_visit.pop()
        headcount += 1
        to_visit.extend(find_reports_of(person))
    return headcount


def setup_env_cfo_org_headcount():
    """Finance has a second management level: six people under the CFO."""
    simulate_org_structure(
        default_employee_names=[
            "Ayodele",
            "Birgit",
            "Caio",
            "Dilnoza",
            "Eero",
            "Farah",
            "Goran",
            "Hiroshi",
            "Imani",
            "Jakub",
            "Kamala",
            "Lars",
        ],
        user_name="Sunita",
        teams_to_extend={Team.Finance: ["Matteo", "Nadia", "Obinna", "Priya"]},
    )


def evaluate_cfo_org_headcount(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """The CFO has six people below them (the assistant does not count)."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)

    # everyone whose chain of managers reaches the CFO, assistants excluded
    profiles = {e.employee_id: get_employee_profile(e) for e in get_all_employees()}
    cfo_id = next(i for i, p in profiles.items() if p.role == "CFO")

    def under_cfo(profile: EmployeeDetails) -> bool:
        boss = profile.manager
        while boss is not None:
            if boss == cfo_id:
                return True
            boss = profiles[boss].manager
        return False

    expected = {i for i, p in profiles.items() if p.role != "Assistant" and under_cfo(p)}
    if len(expected) != 6:  # the org chart of this setup
        raise SolutionError("Incorrect solution")
    # testing guideline #2: a number, a text with the number, or the people themselves
    if isinstance(result, bool):
        raise SolutionError("Incorrect solution")
    if isinstance(result, int | float):
        if result != len(expected):
            raise SolutionError("Incorrect solution")
    elif isinstance(result, str):
        import re

        if re.findall(r"\d+", result) != [str(len(expected))]:
            raise SolutionError("Incorrect solution")
    elif isinstance(result, list | tuple | set):
        ids = [e.employee_id for e in result if isinstance(e, Employee)]
        if len(ids) != len(result) or len(ids) != len(expected) or set(ids) != expected:
            raise SolutionError("Incorrect solution")
    else:
        raise SolutionError("Incorrect solution")


def setup_env_cfo_org_headcount_smaller():
    """A different company: five people under the CFO; the user manages in Sales."""
    simulate_org_structure(
        default_employee_names=[
            "Ayodele",
            "Birgit",
            "Caio",
            "Dilnoza",
            "Eero",
            "Farah",
            "Goran",
            "Hiroshi",
            "Imani",
            "Jakub",
            "Kamala",
            "Lars",
            "Quilla",
            "Rohan",
            "Sefa",
        ],
        user_name="Sunita",
        user_role="Manager",
        user_team=Team.SalesMarketing,
        teams_to_extend={Team.Finance: ["Matteo", "Nadia"], Team.Engineering: ["Obinna", "Priya"]},
    )


def evaluate_cfo_org_headcount_smaller(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """The CFO has five people below them (the assistant does not count)."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)

    # everyone whose chain of managers reaches the CFO, assistants excluded
    profiles = {e.employee_id: get_employee_profile(e) for e in get_all_employees()}
    cfo_id = next(i for i, p in profiles.items() if p.role == "CFO")

    def under_cfo(profile: EmployeeDetails) -> bool:
        boss = profile.manager
        while boss is not None:
            if boss == cfo_id:
                return True
            boss = profiles[boss].manager
        return False

    expected = {i for i, p in profiles.items() if p.role != "Assistant" and under_cfo(p)}
    if len(expected) != 5:  # the org chart of this setup
        raise SolutionError("Incorrect solution")
    # testing guideline #2: a number, a text with the number, or the people themselves
    if isinstance(result, bool):
        raise SolutionError("Incorrect solution")
    if isinstance(result, int | float):
        if result != len(expected):
            raise SolutionError("Incorrect solution")
    elif isinstance(result, str):
        import re

        if re.findall(r"\d+", result) != [str(len(expected))]:
            raise SolutionError("Incorrect solution")
    elif isinstance(result, list | tuple | set):
        ids = [e.employee_id for e in result if isinstance(e, Employee)]
        if len(ids) != len(result) or len(ids) != len(expected) or set(ids) != expected:
            raise SolutionError("Incorrect solution")
    else:
        raise SolutionError("Incorrect solution")
