"""Assistant, who am I seeing on Thursday?"""

QUERY_ID = "answer_013_who_am_i_seeing_thursday"
CATEGORY = "multi-answer-questions"
TAGS = ["information-seeking", "find_events", "declined_by", "tentative_attendees", "union"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def who_am_i_seeing_thursday() -> list[Employee]:
    """Everyone who accepted one of my Thursday meetings, each once, sorted by name."""
    thursday = get_next_dow("Thursday")
    people = []
    for event in find_events():
        if event.starts_at.date() != thursday:
            continue
        for person in event.attendees or []:
            if person not in people:
                people.append(person)
    return sorted(people, key=lambda p: p.name)


def setup_env_who_am_i_seeing_thursday():
    """Thursday: Ilari and Nneka at 10; Wiktor at 13 (Ximena no, Sung-min maybe); Nneka at 16."""
    simulate_org_structure(
        default_employee_names=[
            "Ilari",
            "Nneka",
            "Wiktor",
            "Ximena",
            "Sung-min",
            "Rosario",
            "Tarek",
            "Ugo",
            "Vaimiti",
            "Yolanda",
            "Zhanna",
            "Aurelio",
        ],
        user_name="Brontë",
    )
    # setup guideline #4
    ilari, nneka, wiktor, ximena, sung_min, rosario, tarek, ugo = (
        find_employee(name)[0]
        for name in ("Ilari", "Nneka", "Wiktor", "Ximena", "Sung-min", "Rosario", "Tarek", "Ugo")
    )
    # setup guideline #1
    wednesday = get_next_dow("Wednesday")
    thursday = get_next_dow("Thursday")
    friday = get_next_dow("Friday")
    last_thursday = get_prev_dow("Thursday")

    def meeting(subject, people, day, start, end, declined=None, tentative=None):
        return Event(
            subject=subject,
            attendees=people,
            declined_by=declined,
            tentative_attendees=tentative,
            starts_at=combine(day, datetime.time(*start)),
            ends_at=combine(day, datetime.time(*end)),
        )

    # attendees are the people who accepted; decliners and maybes are listed apart
    # setup guidelines #2 and #3: last Thursday is past, the rest upcoming
    simulate_user_calendar(
        [
            meeting("Retro", [rosario], last_thursday, (10, 0), (11, 0)),
            meeting("Hiring sync", [tarek], wednesday, (14, 0), (14, 30)),
            meeting("Pairing", [ilari, nneka], thursday, (10, 0), (11, 0)),
            meeting("Campaign review", [wiktor], thursday, (13, 0), (14, 0), [ximena], [sung_min]),
            meeting("Focus time", None, thursday, (14, 30), (15, 30)),
            meeting("Demo dry run", [nneka], thursday, (16, 0), (16, 30)),
            meeting("Expenses", [ugo], friday, (9, 30), (10, 0)),
        ]
    )


def evaluate_who_am_i_seeing_thursday(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Ilari, Nneka and Wiktor; Sung-min (a maybe) may be included; never Ximena (declined)."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    people = {e.employee_id: e for e in get_all_employees()}

    def ids(*names):
        return {find_employee(n)[0].employee_id for n in names}

    confirmed = ids("Ilari", "Nneka", "Wiktor")
    acceptable = [confirmed, confirmed | ids("Sung-min")]

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
