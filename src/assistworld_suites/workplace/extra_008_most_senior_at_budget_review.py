"""Assistant, who's the most senior person coming to Friday's budget review?"""

QUERY_ID = "extra_008_most_senior_at_budget_review"
CATEGORY = "multi-answer-questions"
TAGS = [
    "information-seeking",
    "find_events",
    "get_employee_profile",
    "ambiguous-measure",
    "contrast-set",
]

if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def most_senior_at_budget_review() -> Employee:
    """The attendee highest in the hierarchy (ties broken by who joined first)."""
    friday = get_next_dow("Friday")
    reviews = [e for e in find_events(subject="budget review") if e.starts_at.date() == friday]
    if not reviews:
        raise RequiresUserInput("I could not find a budget review on Friday.")
    if len(reviews) > 1:
        raise RequiresUserInput(f"There are {len(reviews)} budget reviews on Friday.")
    people = reviews[0].attendees or []
    if not people:
        raise RequiresUserInput("Nobody else is invited to Friday's budget review.")
    # the leadership team first, then managers, then everyone else
    rank = {"CEO": 0, "COO": 1, "CFO": 1, "Manager": 2}

    def seniority(person: Employee) -> tuple:
        profile = get_employee_profile(person)
        return (rank.get(profile.role, 3), profile.joined_date)

    return min(people, key=seniority)


def setup_env_most_senior_at_budget_review():
    """Friday's review: the Finance manager (joined May 2024), two long-serving team members and
    the COO's assistant. Next Friday's review has the CFO in it.
    """
    simulate_org_structure(
        default_employee_names=[
            "Ngaio",
            "Radek",
            "Ximena",
            "Olabisi",
            "Pernille",
            "Thiago",
            "Kenta",
            "Zofia",
            "Agnieszka",
            "Musa",
            "Ilaria",
            "Bolat",
        ],
        user_name="Cosmin",
        user_team=Team.SalesMarketing,
    )
    # setup guideline #4
    thiago, radek, musa, zofia, pernille, ilaria = (
        find_employee(name)[0]
        for name in ("Thiago", "Radek", "Musa", "Zofia", "Pernille", "Ilaria")
    )
    # setup guideline #1
    friday = get_next_dow("Friday")
    next_friday = get_next_dow("Friday", after=friday)

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Budget review",
                attendees=[thiago, radek, musa, zofia],
                starts_at=at(friday, 10, 0),
                ends_at=at(friday, 11, 0),
            ),
            Event(
                subject="Budget review",
                attendees=[pernille, ilaria],
                starts_at=at(next_friday, 10, 0),
                ends_at=at(next_friday, 11, 0),
            ),
        ]
    )


def evaluate_most_senior_at_budget_review(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Thiago (the only manager) by rank, or Radek (joined first) by length of service."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    accepted = [find_employee(name)[0] for name in ("Thiago", "Radek")]
    # testing guideline #2: an Employee, a name, a profile, alone or in a 1-item list
    if isinstance(result, list | tuple) and len(result) == 1:
        result = result[0]
    if isinstance(result, EmployeeDetails):
        result = Employee(name=result.name, employee_id=result.employee_id)
    if isinstance(result, str):
        if result.strip().casefold() not in {p.name.casefold() for p in accepted}:
            raise SolutionError("Incorrect solution")
    elif result not in accepted:
        raise SolutionError("Incorrect solution")


def setup_env_most_senior_at_budget_review_cfo():
    """This time the CFO is in Friday's review."""
    simulate_org_structure(
        default_employee_names=[
            "Ngaio",
            "Radek",
            "Ximena",
            "Olabisi",
            "Pernille",
            "Thiago",
            "Kenta",
            "Zofia",
            "Agnieszka",
            "Musa",
            "Ilaria",
            "Bolat",
        ],
        user_name="Cosmin",
        user_team=Team.SalesMarketing,
    )
    # setup guideline #4
    thiago, radek, pernille, ilaria = (
        find_employee(name)[0] for name in ("Thiago", "Radek", "Pernille", "Ilaria")
    )
    # setup guideline #1
    friday = get_next_dow("Friday")
    next_friday = get_next_dow("Friday", after=friday)

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Budget review",
                attendees=[ilaria, pernille, thiago],
                starts_at=at(friday, 14, 0),
                ends_at=at(friday, 15, 0),
            ),
            Event(
                subject="Budget review",
                attendees=[radek, thiago],
                starts_at=at(next_friday, 10, 0),
                ends_at=at(next_friday, 11, 0),
            ),
        ]
    )


def evaluate_most_senior_at_budget_review_cfo(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """The CFO, Pernille, outranks everyone else and has been here longest."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    pernille = find_employee("Pernille")[0]
    # testing guideline #2: an Employee, a name, a profile, alone or in a 1-item list
    if isinstance(result, list | tuple) and len(result) == 1:
        result = result[0]
    if isinstance(result, EmployeeDetails):
        result = Employee(name=result.name, employee_id=result.employee_id)
    if isinstance(result, str):
        if result.strip().casefold() != pernille.name.casefold():
            raise SolutionError("Incorrect solution")
    elif result != pernille:
        raise SolutionError("Incorrect solution")
