"""Assistant, who on my team reports to someone other than my manager?"""

QUERY_ID = "mixed_024_teammates_with_another_manager"
CATEGORY = "org-structure"
TAGS = ["information-seeking", "find_team_of", "find_manager_of", "manager-is-an-id", "filtering"]

if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def teammates_with_another_manager() -> list[Employee]:
    """Teammates whose manager is not the user's manager."""
    me = get_current_user()
    my_manager = find_manager_of(me)
    # compare Employees from find_manager_of (a profile's `manager` is only an id)
    return [p for p in find_team_of(me) if find_manager_of(p) != my_manager]


def setup_env_teammates_with_another_manager():
    """Mahsa reports to Mafalda (head of Engineering); Quang, a manager under Mafalda, manages
    Philippa and Nanami; Beatriz and Osei report to Mafalda like Mahsa.
    """
    simulate_org_structure(
        default_employee_names=[
            "Aziz",
            "Beatriz",
            "Cosimo",
            "Delphine",
            "Eskil",
            "Farida",
            "Gintaras",
            "Hania",
            "Ignatius",
            "Jessamy",
        ],
        user_name="Mahsa",
        user_team=Team.Engineering,
        teams_to_extend={Team.Engineering: ["Nanami", "Osei", "Philippa", "Quang"]},
    )


def evaluate_teammates_with_another_manager(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Philippa and Nanami (and Mafalda herself, who reports to the COO, may be included)."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    # testing guideline #2: Employees, profiles or names, in any order
    if not isinstance(result, list | tuple | set):
        raise SolutionError("Incorrect solution")
    names = []
    for item in result:
        if isinstance(item, Employee | EmployeeDetails):
            names.append(item.name.casefold())
        elif isinstance(item, str):
            names.append(item.strip().casefold())
        else:
            raise SolutionError("Incorrect solution")
    if len(names) != len(set(names)):
        raise SolutionError("Incorrect solution")
    if set(names) not in ({"philippa", "nanami"}, {"philippa", "nanami", "mafalda"}):
        raise SolutionError("Incorrect solution")
