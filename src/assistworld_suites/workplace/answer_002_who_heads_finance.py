"""Assistant, who heads up Finance?"""

QUERY_ID = "answer_002_who_heads_finance"
CATEGORY = "multi-answer-questions"
TAGS = ["information-seeking", "get_employee_profile", "find_manager_of", "org-chart", "leadership"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def who_heads_finance() -> Employee:
    """The head of the Finance department: its manager who reports to the leadership team."""
    heads = []
    for employee in get_all_employees():
        profile = get_employee_profile(employee)
        if profile.team != Team.Finance or profile.role != "Manager":
            continue
        boss = find_manager_of(employee)
        # department heads report to the CFO (or COO); other managers report to a manager
        if boss is not None and get_employee_profile(boss).team == Team.Leadership:
            heads.append(employee)
    if not heads:
        raise RequiresUserInput("I couldn't find who heads Finance.")
    if len(heads) > 1:
        raise RequiresUserInput(f"{len(heads)} people head Finance teams; do you mean the CFO?")
    return heads[0]


def setup_env_who_heads_finance():
    """Farrukh manages Finance under the CFO Eun-ji; Aroha manages a sub-team under Farrukh."""
    simulate_org_structure(
        default_employee_names=[
            "Amani",
            "Bjorn",
            "Carmen",
            "Desmond",
            "Eun-ji",
            "Farrukh",
            "Giulia",
            "Hakon",
            "Imani",
            "Javier",
            "Keiko",
            "Lachlan",
        ],
        user_name="Nadia",
        teams_to_extend={Team.Finance: ["Ottavia", "Pradeep", "Aroha"]},
    )


def evaluate_who_heads_finance(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """The Finance manager Farrukh, or the CFO Eun-ji who leads the whole function."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    roles = {e.employee_id: get_employee_profile(e) for e in get_all_employees()}
    cfo = next(i for i, p in roles.items() if p.role == "CFO")
    department_head = next(
        i for i, p in roles.items() if p.team == Team.Finance and p.manager == cfo
    )
    acceptable = {cfo, department_head}

    def person_id(answer):
        # testing guideline #2: an Employee, or a name
        if isinstance(answer, Employee):
            return answer.employee_id
        if isinstance(answer, str):
            named = [i for i, p in roles.items() if p.name.casefold() == answer.strip().casefold()]
            return named[0] if len(named) == 1 else None
        return None

    if isinstance(result, list | tuple):
        # a list naming the department head, the CFO, or both
        ids = [person_id(item) for item in result]
        if not ids or len(set(ids)) != len(ids) or not set(ids) <= acceptable:
            raise SolutionError("Incorrect solution")
    elif person_id(result) not in acceptable:
        raise SolutionError("Incorrect solution")
