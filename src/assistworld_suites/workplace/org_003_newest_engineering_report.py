"""Assistant, who's the newest hire among the people reporting directly to the head of Engineering?"""  # noqa: E501

QUERY_ID = "org_003_newest_engineering_report"
CATEGORY = "org-structure"
TAGS = ["find_reports_of", "get_employee_profile", "joined_date", "department-head", "max"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def newest_engineering_report() -> Employee:
    """Return the direct report of the Engineering department head who joined last."""
    # department heads report to the COO or the CFO; Engineering's is a Manager in that team
    heads = [
        e
        for e in get_all_employees()
        if get_employee_profile(e).team == Team.Engineering
        and get_employee_profile(e).role == "Manager"
        and get_employee_profile(find_manager_of(e)).role in ("COO", "CFO")
    ]
    if len(heads) != 1:
        raise RequiresUserInput(f"Found {len(heads)} heads of Engineering, expected one.")
    reports = find_reports_of(heads[0])
    if not reports:
        raise RequiresUserInput(f"Nobody reports directly to {heads[0].name}.")
    return max(reports, key=lambda e: get_employee_profile(e).joined_date)


def setup_env_newest_engineering_report():
    """Three people report to the head of Engineering; the newest joined on 20 June."""
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
            "Mihai",
            "Nalani",
            "Orla",
            "Paolo",
            "Qadira",
            "Rustam",
        ],
        user_name="Elif",
        user_team=Team.SalesMarketing,
    )


def evaluate_newest_engineering_report(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """The answer is Farah (joined 2024-06-20); more recent hires elsewhere do not count."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    # the head of Engineering reports to the COO; their direct reports by profile
    profiles = [get_employee_profile(e) for e in get_all_employees()]
    by_id = {p.employee_id: p for p in profiles}
    (head,) = [
        p
        for p in profiles
        if p.team == Team.Engineering and p.manager and by_id[p.manager].role == "COO"
    ]
    direct = sorted(
        (p for p in profiles if p.manager == head.employee_id), key=lambda p: p.joined_date
    )
    expected = direct[-1]  # Farah, in this setup's org chart
    if expected.name != "Farah" or direct[-2].joined_date == expected.joined_date:
        raise RuntimeError("the setup no longer has one clear newest direct report")

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


def setup_env_newest_engineering_report_extended():
    """Engineering has a second management level; the newest direct report joined on 18 June."""
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
            "Mihai",
            "Nalani",
            "Orla",
            "Paolo",
            "Qadira",
            "Rustam",
        ],
        user_name="Elif",
        user_team=Team.SalesMarketing,
        teams_to_extend={Team.Engineering: ["Tupac", "Uriel", "Vesna"]},
    )


def evaluate_newest_engineering_report_extended(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """The answer is Kamala (joined 2024-06-18), not Farah (15 June) or Orla (16 June)."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    # the head of Engineering reports to the COO; their direct reports by profile
    profiles = [get_employee_profile(e) for e in get_all_employees()]
    by_id = {p.employee_id: p for p in profiles}
    (head,) = [
        p
        for p in profiles
        if p.team == Team.Engineering and p.manager and by_id[p.manager].role == "COO"
    ]
    direct = sorted(
        (p for p in profiles if p.manager == head.employee_id), key=lambda p: p.joined_date
    )
    expected = direct[-1]  # Kamala, in this setup's org chart
    if expected.name != "Kamala" or direct[-2].joined_date == expected.joined_date:
        raise RuntimeError("the setup no longer has one clear newest direct report")

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
