"""Assistant, which of our managers has the most people reporting directly to them?"""

QUERY_ID = "extra_024_manager_most_reports"
CATEGORY = "org-structure"
TAGS = ["information-seeking", "get_all_employees", "find_reports_of", "get_employee_profile"]

if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def manager_with_most_direct_reports() -> Employee:
    """The employee with the Manager role who has the most direct reports."""
    managers = [e for e in get_all_employees() if get_employee_profile(e).role == "Manager"]
    if not managers:
        raise RequiresUserInput("There are no managers in the directory.")
    return max(managers, key=lambda manager: len(find_reports_of(manager)))


def setup_env_manager_with_most_direct_reports():
    """Sales and Marketing is extended with a second level: its head has 5 direct reports, the
    other managers 3, 3 and 2, the leaders at most 2.
    """
    simulate_org_structure(
        default_employee_names=[
            "Amaru",
            "Bjorn",
            "Chidera",
            "Dalia",
            "Emre",
            "Fatima",
            "Goran",
            "Hina",
            "Iker",
            "Jade",
            "Kemal",
            "Lila",
            "Marek",
            "Nia",
            "Omid",
            "Petra",
            "Rafa",
        ],
        user_name="Sol",
        user_team=Team.Finance,
        teams_to_extend={Team.SalesMarketing: ["Tove", "Uriel", "Vanya", "Wim"]},
    )


def evaluate_manager_with_most_direct_reports(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Goran, the head of Sales and Marketing, with 5 direct reports."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    goran = find_employee("Goran")[0]
    if len(find_reports_of(goran)) != 5:  # a sanity check of the organisation
        raise SolutionError("Incorrect solution")
    # testing guideline #2: an Employee, a name, a profile, alone or in a 1-item list
    if isinstance(result, list | tuple) and len(result) == 1:
        result = result[0]
    if isinstance(result, EmployeeDetails):
        result = Employee(name=result.name, employee_id=result.employee_id)
    if isinstance(result, str):
        if result.strip().casefold() != "goran":
            raise SolutionError("Incorrect solution")
    elif result != goran:
        raise SolutionError("Incorrect solution")
