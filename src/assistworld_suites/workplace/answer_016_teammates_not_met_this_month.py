"""Assistant, which of my teammates haven't I had a meeting with yet this month?"""

QUERY_ID = "answer_016_teammates_not_met_this_month"
CATEGORY = "multi-answer-questions"
TAGS = ["information-seeking", "find_team_of", "find_past_events", "this-month", "set-difference"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def teammates_not_met_this_month() -> list[Employee]:
    """Teammates (manager included) absent from every meeting held so far this month."""
    month = parse_durations_to_date_interval(DateRanges.ThisMonth)
    met = set()
    for event in find_past_events():
        if month.start <= event.starts_at.date() <= month.end:
            met.update(person.employee_id for person in event.attendees or [])
    return [p for p in find_team_of(get_current_user()) if p.employee_id not in met]


def setup_env_teammates_not_met_this_month():
    """Met Tiberiu and Wambui in June; Hollis only in May (next one on Thursday); Zuberi in July."""
    simulate_org_structure(
        default_employee_names=[
            "Zuberi",
            "Annika",
            "Wambui",
            "Carys",
            "Tiberiu",
            "Dong",
            "Elodie",
            "Farid",
            "Gaukhar",
            "Hollis",
            "Ines",
            "Joaquin",
            "Kanoa",
            "Lisbet",
            "Mirza",
            "Nakoma",
            "Oriane",
            "Pedro",
        ],
        user_name="Rosalind",
    )
    # setup guideline #4: Tiberiu manages Engineering (Wambui, Zuberi, Hollis and Rosalind)
    tiberiu, wambui, zuberi, hollis, dong = (
        find_employee(name)[0] for name in ("Tiberiu", "Wambui", "Zuberi", "Hollis", "Dong")
    )

    def meeting(subject, people, month, day, hour):
        # setup guideline #1: dates grounded on the current year
        starts_at = combine(date_by_mdy(month=month, day=day), datetime.time(hour, 0))
        return Event(
            subject=subject,
            attendees=people,
            starts_at=starts_at,
            ends_at=starts_at + datetime.timedelta(minutes=30),
        )

    # setup guidelines #2 and #3: May and early June are past; 27 June and July to come
    simulate_user_calendar(
        [
            meeting("1:1 Hollis", [hollis], 5, 28, 10),
            meeting("Partner demo", [wambui, dong], 6, 3, 14),
            meeting("1:1 Tiberiu", [tiberiu], 6, 10, 11),
            meeting("Vendor sync", [dong], 6, 18, 15),
            meeting("1:1 Hollis", [hollis], 6, 27, 10),
            meeting("1:1 Zuberi", [zuberi], 7, 2, 10),
        ]
    )


def evaluate_teammates_not_met_this_month(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Hollis and Zuberi; or only Zuberi if Thursday's booked one-on-one with Hollis counts."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    people = {e.employee_id: e for e in get_all_employees()}
    hollis, zuberi = (find_employee(n)[0].employee_id for n in ("Hollis", "Zuberi"))
    acceptable = [{hollis, zuberi}, {zuberi}]

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
