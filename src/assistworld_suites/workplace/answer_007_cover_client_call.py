"""Assistant, I can't make tomorrow's 2 PM client call. Who on my team is free then and could go in my place?"""  # noqa: E501

QUERY_ID = "answer_007_cover_client_call"
CATEGORY = "multi-answer-questions"
TAGS = [
    "information-seeking",
    "find_team_of",
    "get_calendar",
    "get_vacation_schedule",
    "intervals_overlap",
    "candidates",
]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def cover_client_call() -> list[Employee]:
    """Teammates not in the call, not on holiday and not busy during it."""
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    two_pm = combine(tomorrow, time_by_hm(2, 0, "pm"))
    calls = [e for e in find_events() if e.starts_at == two_pm]
    if not calls:
        raise RequiresUserInput("I couldn't find a call at 2 PM tomorrow.")
    if len(calls) > 1:
        raise RequiresUserInput(f"You have {len(calls)} meetings at 2 PM tomorrow; which one?")
    call = calls[0]
    slot = TimeInterval(call.starts_at, call.ends_at)
    candidates = []
    for person in find_team_of(get_current_user()):
        if person in (call.attendees or []):
            continue  # already going
        if any(intervals_overlap(v, slot) for v in get_vacation_schedule(person) or []):
            continue
        busy = [
            e
            for e in get_calendar(person)
            if e.show_as_status != ShowAsStatus.Free
            and intervals_overlap(TimeInterval(e.starts_at, e.ends_at), slot)
        ]
        if not busy:
            candidates.append(person)
    return candidates


def setup_env_cover_client_call():
    """Kemal, Yuki and Zofia are free at 14:00-15:00; the others are in it, busy or away."""
    simulate_org_structure(
        default_employee_names=[
            "Ashkan",
            "Brigid",
            "Cosmin",
            "Dunya",
            "Elsa",
            "Faisal",
            "Gwen",
            "Hiroshi",
            "Isla",
            "Jaroslav",
            "Kemal",
            "Lerato",
            "Matteo",
            "Nilufar",
            "Oluchi",
            "Piet",
            "Quentin",
            "Radek",
            "Sunniva",
            "Tamati",
            "Uzma",
        ],
        user_name="Wren",
        teams_to_extend={Team.Engineering: ["Yuki", "Zofia"]},
    )
    # setup guideline #4: Radek manages Engineering; Zofia is a new manager under him
    radek, jaroslav, lerato, gwen, kemal, zofia, hiroshi, dunya = (
        find_employee(name)[0]
        for name in ("Radek", "Jaroslav", "Lerato", "Gwen", "Kemal", "Zofia", "Hiroshi", "Dunya")
    )
    # setup guideline #1
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    thursday = get_next_dow("Thursday")

    def block(subject, day, start, end, people=None, status=ShowAsStatus.Busy):
        return Event(
            subject=subject,
            attendees=people,
            starts_at=combine(day, datetime.time(*start)),
            ends_at=combine(day, datetime.time(*end)),
            show_as_status=status,
        )

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            block("Client call", tomorrow, (14, 0), (15, 0), [hiroshi, jaroslav]),
            block("Team sync", tomorrow, (11, 0), (11, 30), [radek]),
        ]
    )
    simulate_employee_calendar(radek, [block("Budget review", tomorrow, (14, 0), (14, 30))])
    simulate_employee_calendar(
        jaroslav, [block("Client call", tomorrow, (14, 0), (15, 0), [hiroshi])]
    )
    simulate_employee_calendar(lerato, [block("Interview", tomorrow, (14, 30), (15, 30))])
    simulate_employee_calendar(
        kemal,
        [
            block("Code review", tomorrow, (13, 0), (14, 0)),
            block("Hackathon", thursday, (14, 0), (17, 0)),
        ],
    )
    simulate_employee_calendar(
        zofia,
        [block("Optional reading group", tomorrow, (14, 0), (15, 0), None, ShowAsStatus.Free)],
    )
    simulate_employee_calendar(dunya, [block("Pipeline", tomorrow, (9, 30), (10, 0))])
    simulate_vacation_schedule(
        gwen,
        [
            TimeInterval(
                combine(tomorrow, datetime.time(0, 0)), combine(tomorrow, datetime.time(23, 59))
            )
        ],
    )


def evaluate_cover_client_call(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """All of Kemal, Yuki and Zofia as a list (any order), or any one of them as a suggestion."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    people = {e.employee_id: e for e in get_all_employees()}
    free = {find_employee(n)[0].employee_id for n in ("Kemal", "Yuki", "Zofia")}

    def person_id(answer):
        # testing guideline #2: Employees or names
        if isinstance(answer, Employee):
            return answer.employee_id
        if isinstance(answer, str):
            named = [i for i, e in people.items() if e.name.casefold() == answer.strip().casefold()]
            return named[0] if len(named) == 1 else None
        return None

    if isinstance(result, list | tuple | set):
        # a list answers "who could go": it must hold every free teammate and nobody else
        ids = [person_id(item) for item in result]
        correct = len(set(ids)) == len(ids) and set(ids) == free
    else:
        # a single name is a suggestion: any free teammate will do
        correct = person_id(result) in free
    if not correct:
        raise SolutionError("Incorrect solution")
