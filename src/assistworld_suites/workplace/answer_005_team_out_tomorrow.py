"""Assistant, who on my team is out tomorrow?"""

QUERY_ID = "answer_005_team_out_tomorrow"
CATEGORY = "multi-answer-questions"
TAGS = ["information-seeking", "find_team_of", "get_vacation_schedule", "ambiguous-team"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def team_out_tomorrow() -> list[Employee]:
    """My teammates (my manager included) with a vacation covering any of tomorrow."""
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    whole_day = TimeInterval(
        combine(tomorrow, time_by_hm(12, 0, "am")), combine(tomorrow, time_by_hm(11, 59, "pm"))
    )
    away = []
    for person in find_team_of(get_current_user()):
        if any(intervals_overlap(v, whole_day) for v in get_vacation_schedule(person) or []):
            away.append(person)
    return away


def setup_env_team_out_tomorrow():
    """Lucia (tomorrow) and Jurgita (all week) and the manager Kristof are off; others are not."""
    simulate_org_structure(
        default_employee_names=[
            "Anahera",
            "Bogdan",
            "Chidinma",
            "Dilfuza",
            "Eamon",
            "Freya",
            "Gideon",
            "Halima",
            "Ilkka",
            "Jurgita",
            "Kamal",
            "Lucia",
            "Mihai",
            "Nkechi",
            "Orla",
            "Pavel",
            "Qadira",
            "Kristof",
            "Saoirse",
            "Tevita",
            "Ugne",
        ],
        user_name="Vasco",
    )
    # setup guideline #4: Kristof manages Engineering (Jurgita, Lucia, Gideon, Kamal and Vasco)
    kristof, lucia, gideon, kamal, jurgita, halima = (
        find_employee(name)[0]
        for name in ("Kristof", "Lucia", "Gideon", "Kamal", "Jurgita", "Halima")
    )
    # setup guideline #1
    today = parse_date_string(DateExpressions.Today)
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    thursday = get_next_dow("Thursday")
    friday = get_next_dow("Friday")
    last_monday = get_prev_dow("Monday")

    def days_off(first, last):
        return TimeInterval(
            combine(first, datetime.time(0, 0)), combine(last, datetime.time(23, 59))
        )

    simulate_vacation_schedule(kristof, [days_off(today, thursday)])
    simulate_vacation_schedule(lucia, [days_off(tomorrow, tomorrow)])
    simulate_vacation_schedule(gideon, [days_off(today, today)])
    simulate_vacation_schedule(kamal, [days_off(thursday, friday)])
    simulate_vacation_schedule(jurgita, [days_off(last_monday, friday)])
    simulate_vacation_schedule(halima, [days_off(tomorrow, tomorrow)])


def evaluate_team_out_tomorrow(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Jurgita and Lucia, with or without the team's manager Kristof (also off), in any order."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    people = {e.employee_id: e for e in get_all_employees()}
    jurgita, lucia, kristof = (
        find_employee(n)[0].employee_id for n in ("Jurgita", "Lucia", "Kristof")
    )
    acceptable = [{jurgita, lucia}, {jurgita, lucia, kristof}]

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
    ids = [person_id(item) for item in result]
    if len(set(ids)) != len(ids) or set(ids) not in acceptable:
        raise SolutionError("Incorrect solution")
