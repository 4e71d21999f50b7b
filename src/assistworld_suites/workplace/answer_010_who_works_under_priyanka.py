"""Assistant, who works under Priyanka?"""

QUERY_ID = "answer_010_who_works_under_priyanka"
CATEGORY = "multi-answer-questions"
TAGS = ["information-seeking", "find_reports_of", "org-chart", "direct-or-indirect"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def who_works_under_priyanka() -> list[Employee]:
    """Priyanka's direct reports (the people below them are also an acceptable answer)."""
    matches = find_employee("Priyanka")
    if not matches:
        raise RequiresUserInput("I couldn't find anyone called Priyanka.")
    if len(matches) > 1:
        raise RequiresUserInput(f"There are {len(matches)} people called Priyanka; which one?")
    return find_reports_of(matches[0])


def setup_env_who_works_under_priyanka():
    """Priyanka manages Sales: Jonte, Teodoro and Valter report to her; Valter manages two more."""
    simulate_org_structure(
        default_employee_names=[
            "Arnav",
            "Brynja",
            "Priyanka",
            "Dorothea",
            "Emre",
            "Fumiko",
            "Gaetan",
            "Hadiza",
            "Ilya",
            "Jonte",
            "Kusi",
            "Luz",
        ],
        user_name="Nomvula",
        teams_to_extend={Team.SalesMarketing: ["Soraya", "Teodoro", "Ulrike", "Valter"]},
    )


def evaluate_who_works_under_priyanka(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Jonte, Teodoro and Valter; or all five people below her (with Soraya and Ulrike)."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    people = {e.employee_id: e for e in get_all_employees()}

    def ids(*names):
        return {find_employee(n)[0].employee_id for n in names}

    direct = ids("Jonte", "Teodoro", "Valter")
    acceptable = [direct, direct | ids("Soraya", "Ulrike")]

    def person_id(answer):
        # testing guideline #2: Employees or names
        if isinstance(answer, Employee):
            return answer.employee_id
        if isinstance(answer, str):
            named = [i for i, e in people.items() if e.name.casefold() == answer.strip().casefold()]
            return named[0] if len(named) == 1 else None
        return None

    if not isinstance(result, list | tuple | set):
        raise SolutionError("Incorrect solution")
    found = [person_id(item) for item in result]
    if len(set(found)) != len(found) or set(found) not in acceptable:
        raise SolutionError("Incorrect solution")
