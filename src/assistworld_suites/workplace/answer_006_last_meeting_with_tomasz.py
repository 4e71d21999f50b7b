"""Assistant, when did I last have a meeting with Tomasz?"""

QUERY_ID = "answer_006_last_meeting_with_tomasz"
CATEGORY = "multi-answer-questions"
TAGS = ["information-seeking", "find_past_events", "declined_by", "one-on-one-or-group"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def last_meeting_with_tomasz() -> datetime.datetime:
    """Start of the latest past meeting Tomasz attended (he did not decline it)."""
    # by structure guideline #1
    tomasz = find_employee("Tomasz")[0]
    attended = [
        e
        for e in find_past_events()
        if tomasz in (e.attendees or []) and tomasz not in (e.declined_by or [])
    ]
    if not attended:
        raise RequiresUserInput("You haven't had a meeting with Tomasz yet.")
    return attended[-1].starts_at


def setup_env_last_meeting_with_tomasz():
    """One-on-ones with Tomasz on the 11th and 18th, a group one on the 21st, one he declined."""
    simulate_org_structure(
        default_employee_names=[
            "Tomasz",
            "Aigerim",
            "Benedikt",
            "Corazon",
            "Dong-hyun",
            "Euphemia",
            "Fabrizio",
            "Gathoni",
            "Hallvard",
            "Ixchel",
            "Jurgen",
            "Kalinda",
        ],
        user_name="Lior",
    )
    # setup guideline #4
    tomasz, aigerim, benedikt, corazon = (
        find_employee(name)[0] for name in ("Tomasz", "Aigerim", "Benedikt", "Corazon")
    )
    # setup guideline #1
    today = parse_date_string(DateExpressions.Today)
    tomorrow = parse_date_string(DateExpressions.Tomorrow)

    def days_ago(n):
        return today - datetime.timedelta(days=n)

    def meeting(people, day, start, minutes, declined=None):
        starts_at = combine(day, datetime.time(*start))
        return Event(
            subject="Catch-up",
            attendees=people,
            declined_by=declined,
            starts_at=starts_at,
            ends_at=starts_at + datetime.timedelta(minutes=minutes),
        )

    # setup guidelines #2 and #3: all but tomorrow's meeting are past
    simulate_user_calendar(
        [
            meeting([tomasz], days_ago(14), (10, 0), 30),
            meeting([tomasz], days_ago(7), (14, 0), 30),
            meeting([aigerim, corazon, tomasz], days_ago(4), (11, 0), 60),
            meeting([benedikt], days_ago(1), (9, 30), 30),
            meeting([aigerim], days_ago(1), (15, 0), 45, declined=[tomasz]),
            meeting([tomasz], tomorrow, (10, 0), 30),
        ]
    )


def evaluate_last_meeting_with_tomasz(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Friday 21 June 11:00 (the group meeting) or Tuesday 18 June 14:00 (the last one-on-one)."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    today = parse_date_string(DateExpressions.Today)
    group = datetime.datetime.combine(today - datetime.timedelta(days=4), datetime.time(11, 0))
    one_on_one = datetime.datetime.combine(today - datetime.timedelta(days=7), datetime.time(14, 0))
    acceptable = {group, one_on_one}
    # testing guideline #2: the start as a datetime, the day as a date, an ISO string, the Event
    if isinstance(result, list | tuple) and len(result) == 1:
        result = result[0]
    if isinstance(result, Event):
        result = result.starts_at
    if isinstance(result, str):
        text = result.strip()
        try:
            if len(text) > 10:
                result = datetime.datetime.fromisoformat(text)
            else:
                result = datetime.date.fromisoformat(text)
        except ValueError:
            raise SolutionError("Incorrect solution") from None
    if isinstance(result, datetime.datetime):
        correct = result in acceptable
    elif isinstance(result, datetime.date):
        correct = result in {moment.date() for moment in acceptable}
    else:
        correct = False
    if not correct:
        raise SolutionError("Incorrect solution")
