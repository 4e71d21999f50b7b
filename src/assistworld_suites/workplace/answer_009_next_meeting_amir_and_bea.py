"""Assistant, when am I next meeting Amir and Bea together?"""

QUERY_ID = "answer_009_next_meeting_amir_and_bea"
CATEGORY = "multi-answer-questions"
TAGS = ["information-seeking", "find_events", "attendees-filter", "exact-or-including"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def next_meeting_amir_and_bea() -> datetime.datetime:
    """Start of my next meeting that both Amir and Bea attend (others may be there too)."""
    # by structure guideline #1
    amir = find_employee("Amir")[0]
    bea = find_employee("Bea")[0]
    together = [
        e for e in find_events() if amir in (e.attendees or []) and bea in (e.attendees or [])
    ]
    if not together:
        raise RequiresUserInput("You have no upcoming meeting with both Amir and Bea.")
    return together[0].starts_at


def setup_env_next_meeting_amir_and_bea():
    """Tomorrow 10:00 with Amir, Bea and Carlota; Friday 14:00 with just the two of them."""
    simulate_org_structure(
        default_employee_names=[
            "Amir",
            "Bea",
            "Carlota",
            "Dinara",
            "Eoin",
            "Fatma",
            "Gintaras",
            "Hiromi",
            "Ikenna",
            "Josefina",
            "Kealoha",
            "Lumi",
        ],
        user_name="Mehdi",
    )
    # setup guideline #4
    amir, bea, carlota, dinara = (
        find_employee(name)[0] for name in ("Amir", "Bea", "Carlota", "Dinara")
    )
    # setup guideline #1
    yesterday = parse_date_string(DateExpressions.Yesterday)
    today = parse_date_string(DateExpressions.Today)
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    friday = get_next_dow("Friday")
    next_monday = get_next_dow("Monday")

    def meeting(subject, people, day, start, end):
        return Event(
            subject=subject,
            attendees=people,
            starts_at=combine(day, datetime.time(*start)),
            ends_at=combine(day, datetime.time(*end)),
        )

    # setup guidelines #2 and #3: yesterday's meeting is past, the rest upcoming
    simulate_user_calendar(
        [
            meeting("Pricing review", [amir, bea], yesterday, (15, 0), (16, 0)),
            meeting("Ops check-in", [amir], today, (11, 0), (11, 30)),
            meeting("Campaign debrief", [bea, dinara], today, (15, 0), (15, 45)),
            meeting("Partner strategy", [amir, bea, carlota], tomorrow, (10, 0), (11, 0)),
            meeting("Pricing follow-up", [amir, bea], friday, (14, 0), (14, 30)),
            meeting("Pricing sign-off", [amir, bea], next_monday, (9, 30), (10, 0)),
        ]
    )


def evaluate_next_meeting_amir_and_bea(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Tomorrow 10:00 (both are there, with Carlota), or Friday 14:00 (just the three of us)."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    friday = get_next_dow("Friday")
    starts = {
        datetime.datetime.combine(tomorrow, datetime.time(10, 0)),
        datetime.datetime.combine(friday, datetime.time(14, 0)),
    }
    # testing guideline #2: the start as a datetime or ISO text, the day, or the Event
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
        correct = result in starts
    elif isinstance(result, datetime.date):
        correct = result in {moment.date() for moment in starts}
    else:
        correct = False
    if not correct:
        raise SolutionError("Incorrect solution")
