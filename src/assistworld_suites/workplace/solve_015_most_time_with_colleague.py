"""Assistant, over the last two weeks, which colleague have I spent the most time in meetings with?"""  # noqa: E501

QUERY_ID = "solve_015_most_time_with_colleague"
CATEGORY = "problem-solving"
TAGS = ["information-seeking", "find_past_events", "aggregation", "duration", "max"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def most_time_with_colleague() -> Employee:
    """The attendee sharing the most meeting minutes with the user in the past 14 days."""
    now = now_()
    since = modify(now, Duration(14, TimeUnits.Days), operator=DateTimeClauseOperators.subtract)
    minutes = {}
    people = {}
    for event in find_past_events():
        if event.starts_at < since:
            continue
        length = (event.ends_at - event.starts_at).total_seconds() / 60
        for person in event.attendees or []:
            minutes[person.employee_id] = minutes.get(person.employee_id, 0) + length
            people[person.employee_id] = person
    if not minutes:
        raise RequiresUserInput("You had no meetings with colleagues in the last two weeks.")
    return people[max(minutes, key=lambda i: minutes[i])]


def setup_env_most_time_with_colleague():
    """Haloti: three half-hour one-on-ones; Corinna: a 2-hour workshop and an hour (3 h)."""
    simulate_org_structure(
        default_employee_names=[
            "Haloti",
            "Corinna",
            "Benedita",
            "Daichi",
            "Ebony",
            "Ferdinand",
            "Gulshan",
            "Hilde",
            "Inaaya",
            "Jerome",
            "Kalena",
            "Lisandro",
        ],
        user_name="Olamide",
    )
    # setup guideline #4
    haloti, corinna, benedita, daichi = (
        find_employee(name)[0] for name in ("Haloti", "Corinna", "Benedita", "Daichi")
    )
    # setup guideline #1
    today = parse_date_string(DateExpressions.Today)
    tomorrow = parse_date_string(DateExpressions.Tomorrow)

    def days_ago(n):
        return today - datetime.timedelta(days=n)

    def meeting(subject, people, day, start, minutes):
        starts_at = combine(day, datetime.time(*start))
        return Event(
            subject=subject,
            attendees=people,
            starts_at=starts_at,
            ends_at=starts_at + datetime.timedelta(minutes=minutes),
        )

    # setup guidelines #2 and #3: all past except tomorrow's
    simulate_user_calendar(
        [
            meeting("Offsite day", [haloti], days_ago(18), (9, 30), 240),
            meeting("1:1", [haloti], days_ago(13), (10, 0), 30),
            meeting("1:1", [haloti], days_ago(11), (10, 0), 30),
            meeting("Workshop", [benedita, corinna], days_ago(8), (13, 0), 120),
            meeting("1:1", [haloti], days_ago(6), (10, 0), 30),
            meeting("Data review", [corinna], days_ago(5), (15, 0), 60),
            meeting("Coffee", [daichi], days_ago(1), (11, 0), 45),
            meeting("Planning day", [benedita], tomorrow, (9, 30), 300),
        ]
    )


def evaluate_most_time_with_colleague(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Corinna (180 minutes); Haloti has more meetings (3) but only 90 minutes."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    corinna = find_employee("Corinna")[0]
    # testing guideline #2: an Employee or a name, alone or as the only item of a list
    if isinstance(result, list | tuple) and len(result) == 1:
        result = result[0]
    if isinstance(result, Employee):
        correct = result.employee_id == corinna.employee_id
    elif isinstance(result, str):
        correct = result.strip().casefold() == "corinna"
    else:
        correct = False
    if not correct:
        raise SolutionError("Incorrect solution")
