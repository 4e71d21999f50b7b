"""Assistant, when's my next one-on-one with Svetlana?"""

QUERY_ID = "simple_003_next_one_on_one_svetlana"
CATEGORY = "simple-scheduling"
TAGS = ["find_events", "information-seeking", "one-on-one"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def next_one_on_one_with_svetlana() -> datetime.datetime:
    """Return the start of my next one-on-one with Svetlana."""
    # by structure guideline #1
    svetlana = find_employee("Svetlana")[0]
    # a one-on-one has Svetlana as the only attendee; find_events is sorted by start
    one_on_ones = find_events(attendees=[svetlana])
    if not one_on_ones:
        raise RequiresUserInput("There is no upcoming one-on-one with Svetlana in your calendar.")
    return one_on_ones[0].starts_at


def setup_env_next_one_on_one_with_svetlana():
    """A past one-on-one, a group meeting with Svetlana first, then two future one-on-ones."""
    simulate_org_structure(default_employee_names=["Svetlana", "Jomo", "Anika", "Kalani"])
    svetlana = find_employee("Svetlana")[0]  # setup guideline #4
    jomo = find_employee("Jomo")[0]
    anika = find_employee("Anika")[0]
    # setup guideline #1
    yesterday = parse_date_string(DateExpressions.Yesterday)
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    thursday = get_next_dow("Thursday")
    friday = get_next_dow("Friday")
    following_wednesday = get_next_dow("Wednesday", after=friday)

    def at(day, hour, minute):
        return datetime.datetime.combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3: one meeting in the past, the others in the future
    simulate_user_calendar(
        [
            Event(
                subject="1:1",
                attendees=[svetlana],
                starts_at=at(yesterday, 15, 0),
                ends_at=at(yesterday, 15, 30),
            ),
            Event(
                subject="1:1",
                attendees=[anika],
                starts_at=at(tomorrow, 10, 0),
                ends_at=at(tomorrow, 10, 30),
            ),
            Event(
                subject="Hiring sync",
                attendees=[jomo, svetlana],
                starts_at=at(thursday, 10, 0),
                ends_at=at(thursday, 11, 0),
            ),
            Event(
                subject="1:1",
                attendees=[svetlana],
                starts_at=at(friday, 14, 30),
                ends_at=at(friday, 15, 0),
            ),
            Event(
                subject="1:1",
                attendees=[svetlana],
                starts_at=at(following_wednesday, 9, 30),
                ends_at=at(following_wednesday, 10, 0),
            ),
        ]
    )


def evaluate_next_one_on_one_with_svetlana(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """The answer is Friday 14:30 (as a datetime, the event, or a text naming date and time)."""
    setup_function()
    before = snapshot_world()
    result = executable()
    # a question must not change anything
    assert_no_changes_since(before)
    expected = datetime.datetime.combine(get_next_dow("Friday"), datetime.time(14, 30))
    # testing guideline #2: accept a datetime, the Event itself, or a text with date and time
    if isinstance(result, Event):
        result = result.starts_at
    if isinstance(result, datetime.datetime):
        if result != expected:
            raise SolutionError("Incorrect solution")
    elif isinstance(result, str):
        if expected.strftime("%Y-%m-%d") not in result or "14:30" not in result:
            raise SolutionError("Incorrect solution")
    else:
        raise SolutionError("Incorrect solution")
