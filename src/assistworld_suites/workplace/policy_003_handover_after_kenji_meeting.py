"""Assistant, Kenji needs a two-hour handover with me on Friday, straight after his 3 PM meeting. If that would run past the end of the working day, make it first thing Monday instead."""  # noqa: E501

QUERY_ID = "policy_003_handover_after_kenji_meeting"
CATEGORY = "policy-following"
TAGS = ["working-hours", "get_calendar", "parse_time_string", "conditional", "fallback-day"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def handover_with_kenji():
    """Book two hours with Kenji right after his Friday 3 PM meeting, or Monday at start of day."""
    # by structure guideline #1
    kenji = find_employee("Kenji")[0]
    friday = get_next_dow("Friday")
    three_pm = combine(friday, time_by_hm(3, 0, "pm"))
    meetings = [e for e in get_calendar(kenji) if e.starts_at == three_pm]
    if not meetings:
        raise RequiresUserInput("Kenji has no meeting starting at 3 PM on Friday.")
    if len(meetings) > 1:
        raise RequiresUserInput(f"Kenji has {len(meetings)} meetings at 3 PM on Friday.")
    length = Duration(2, TimeUnits.Hours)
    starts_at = meetings[0].ends_at
    end_of_day = combine(friday, parse_time_string(TimeExpressions.EndOfWorkDay))
    if modify(starts_at, length, operator=DateTimeClauseOperators.add) > end_of_day:
        # it would overrun the working day: first thing on Monday instead
        monday = get_next_dow("Monday", after=friday)
        starts_at = combine(monday, parse_time_string(TimeExpressions.StartOfWorkDay))
    ends_at = modify(starts_at, length, operator=DateTimeClauseOperators.add)
    add_event(Event(subject="Handover", attendees=[kenji], starts_at=starts_at, ends_at=ends_at))


def setup_env_handover_with_kenji():
    """Kenji's Friday 3 PM meeting lasts ten minutes: the handover ends exactly at 17:10."""
    simulate_org_structure(
        default_employee_names=[
            "Kenji",
            "Amara",
            "Oskar",
            "Leilani",
            "Darius",
            "Ximena",
            "Tomasz",
            "Abebe",
            "Rin",
            "Florin",
            "Keziah",
            "Ravi",
        ]
    )
    kenji = find_employee("Kenji")[0]  # setup guideline #4
    amara = find_employee("Amara")[0]
    # setup guideline #1
    thursday = get_next_dow("Thursday")
    friday = get_next_dow("Friday")

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_employee_calendar(
        kenji,
        [
            Event(subject="Ops review", starts_at=at(thursday, 15, 0), ends_at=at(thursday, 16, 0)),
            Event(subject="Standup", starts_at=at(friday, 9, 30), ends_at=at(friday, 9, 45)),
            Event(
                subject="Release go/no-go", starts_at=at(friday, 15, 0), ends_at=at(friday, 15, 10)
            ),
        ],
    )
    # someone else's Friday 3 PM meeting is not the one meant
    simulate_employee_calendar(
        amara,
        [Event(subject="Pricing", starts_at=at(friday, 15, 0), ends_at=at(friday, 15, 30))],
    )
    simulate_user_calendar(
        [Event(subject="Focus time", starts_at=at(friday, 10, 0), ends_at=at(friday, 12, 0))]
    )


def evaluate_handover_with_kenji(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """One event with Kenji, Friday 15:10-17:10 (it just fits the working day); nothing else."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    expected_start = combine(get_next_dow("Friday"), datetime.time(15, 10))
    if event.starts_at != expected_start or event.ends_at != combine(
        expected_start.date(), datetime.time(17, 10)
    ):
        raise SolutionError("Incorrect solution")
    kenji = find_employee("Kenji")[0]
    if [a.employee_id for a in event.attendees or []] != [kenji.employee_id]:
        raise SolutionError("Incorrect solution")


def setup_env_handover_with_kenji_overrun():
    """Kenji's Friday 3 PM meeting runs to 15:40: two hours after it would end at 17:40."""
    simulate_org_structure(
        default_employee_names=[
            "Kenji",
            "Amara",
            "Oskar",
            "Leilani",
            "Darius",
            "Ximena",
            "Tomasz",
            "Abebe",
            "Rin",
            "Florin",
            "Keziah",
            "Ravi",
        ]
    )
    kenji = find_employee("Kenji")[0]  # setup guideline #4
    amara = find_employee("Amara")[0]
    # setup guideline #1
    thursday = get_next_dow("Thursday")
    friday = get_next_dow("Friday")
    monday = get_next_dow("Monday", after=friday)

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_employee_calendar(
        kenji,
        [
            Event(subject="Ops review", starts_at=at(thursday, 15, 0), ends_at=at(thursday, 16, 0)),
            Event(subject="Standup", starts_at=at(friday, 9, 30), ends_at=at(friday, 9, 45)),
            Event(
                subject="Release go/no-go", starts_at=at(friday, 15, 0), ends_at=at(friday, 15, 40)
            ),
            Event(subject="Standup", starts_at=at(monday, 11, 30), ends_at=at(monday, 11, 45)),
        ],
    )
    simulate_employee_calendar(
        amara,
        [Event(subject="Pricing", starts_at=at(friday, 15, 0), ends_at=at(friday, 15, 30))],
    )
    simulate_user_calendar(
        [Event(subject="Focus time", starts_at=at(friday, 10, 0), ends_at=at(friday, 12, 0))]
    )


def evaluate_handover_with_kenji_overrun(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """One event with Kenji on the following Monday, 09:06-11:06; nothing else changed."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    monday = get_next_dow("Monday", after=get_next_dow("Friday"))
    # "first thing" is the start of the working day, 09:06
    if event.starts_at != combine(monday, datetime.time(9, 6)) or event.ends_at != combine(
        monday, datetime.time(11, 6)
    ):
        raise SolutionError("Incorrect solution")
    kenji = find_employee("Kenji")[0]
    if [a.employee_id for a in event.attendees or []] != [kenji.employee_id]:
        raise SolutionError("Incorrect solution")
