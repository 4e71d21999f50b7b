"""Assistant, who on my team has the most free time on Thursday within working hours? I want to hand them a small task."""  # noqa: E501

QUERY_ID = "solve_003_teammate_most_free_thursday"
CATEGORY = "problem-solving"
TAGS = [
    "information-seeking",
    "find_team_of",
    "get_calendar",
    "get_vacation_schedule",
    "find_available_slots",
    "comparison",
]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def teammate_most_free_thursday() -> Employee:
    """The teammate with the most free working time on Thursday (nobody on holiday counts)."""
    thursday = get_next_dow("Thursday")
    day_start = combine(thursday, parse_time_string(TimeExpressions.StartOfWorkDay))
    day_end = combine(thursday, parse_time_string(TimeExpressions.EndOfWorkDay))
    working_day = TimeInterval(day_start, day_end)
    best, best_minutes = None, -1.0
    for person in find_team_of(get_current_user()):
        holidays = get_vacation_schedule(person) or []
        if any(intervals_overlap(h, working_day) for h in holidays):
            free_minutes = 0.0  # someone on holiday has no time to take the task
        else:
            events = [
                e
                for e in get_calendar(person)
                if e.starts_at.date() <= thursday <= e.ends_at.date()
            ]
            free_minutes = 0.0
            for slot in find_available_slots(events, date=thursday):
                start, end = max(slot.start, day_start), min(slot.end, day_end)
                if start < end:
                    free_minutes += (end - start).total_seconds() / 60
        if free_minutes > best_minutes:
            best, best_minutes = person, free_minutes
    if best is None:
        raise RequiresUserInput("You have no teammates in the directory.")
    return best


def setup_env_teammate_most_free_thursday():
    """Adaeze is on holiday with an empty diary; Jelena has only 30 minutes booked on Thursday."""
    simulate_org_structure(
        default_employee_names=[
            "Adaeze",
            "Bao",
            "Cyrus",
            "Dagny",
            "Emeka",
            "Fatou",
            "Guillermo",
            "Hyun",
            "Ishaan",
            "Jelena",
            "Kaito",
            "Leilani",
            "Mbali",
            "Nikolai",
            "Oona",
            "Paora",
            "Quang",
            "Rania",
        ],
        user_name="Soren",
    )
    # setup guideline #4
    adaeze, cyrus, emeka, fatou, jelena, kaito = (
        find_employee(name)[0] for name in ("Adaeze", "Cyrus", "Emeka", "Fatou", "Jelena", "Kaito")
    )
    # setup guideline #1
    wednesday = get_next_dow("Wednesday")
    thursday = get_next_dow("Thursday")
    friday = get_next_dow("Friday")

    def block(subject, day, start, end, people=None):
        return Event(
            subject=subject,
            attendees=people,
            starts_at=combine(day, datetime.time(*start)),
            ends_at=combine(day, datetime.time(*end)),
        )

    # Adaeze is away Wednesday to Friday
    simulate_vacation_schedule(
        adaeze,
        [
            TimeInterval(
                combine(wednesday, datetime.time(0, 0)), combine(friday, datetime.time(23, 59))
            )
        ],
    )
    # setup guidelines #2 and #3
    simulate_employee_calendar(
        emeka,
        [
            block("Architecture board", thursday, (10, 0), (12, 0)),
            block("Hiring sync", thursday, (14, 0), (15, 0), [cyrus]),
        ],
    )
    simulate_employee_calendar(
        cyrus,
        [
            block("Hiring sync", thursday, (14, 0), (15, 0), [emeka]),
            block("Incident review", thursday, (11, 0), (12, 0)),
        ],
    )
    simulate_employee_calendar(
        jelena,
        [
            block("Release prep", wednesday, (9, 30), (16, 0)),
            block("Coffee with Kaito", thursday, (15, 0), (15, 30), [kaito]),
        ],
    )
    simulate_employee_calendar(fatou, [block("Pipeline review", friday, (10, 0), (11, 0))])


def evaluate_teammate_most_free_thursday(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Jelena (7 h 34 free): Cyrus has 7 h 04, Emeka 5 h 04, and Adaeze is on holiday."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    jelena = find_employee("Jelena")[0]
    # testing guideline #2: an Employee or a name, alone or as the only item of a list
    if isinstance(result, list | tuple) and len(result) == 1:
        result = result[0]
    if isinstance(result, Employee):
        correct = result.employee_id == jelena.employee_id
    elif isinstance(result, str):
        correct = result.strip().casefold() == "jelena"
    else:
        correct = False
    if not correct:
        raise SolutionError("Incorrect solution")
