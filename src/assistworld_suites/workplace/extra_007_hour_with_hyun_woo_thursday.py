"""Assistant, Hyun-woo wants an hour with me on Thursday, ideally in the afternoon. Suggest a time that works for both of us."""  # noqa: E501

QUERY_ID = "extra_007_hour_with_hyun_woo_thursday"
CATEGORY = "multi-answer-questions"
TAGS = [
    "information-seeking",
    "get_calendar",
    "find_available_slots",
    "compare_with_fixed_duration",
    "preference",
    "contrast-set",
]

if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def hour_with_hyun_woo_on_thursday() -> datetime.datetime:
    """The start of the first shared free hour on Thursday afternoon, else of any shared hour."""
    # by structure guideline #1
    hyun_woo = find_employee("Hyun-woo")[0]
    thursday = get_next_dow("Thursday")
    # free time in both calendars: search around the events of both
    slots = find_available_slots(find_events() + get_calendar(hyun_woo), date=thursday)
    hour = Duration(1, TimeUnits.Hours)
    long_enough = [
        s for s in slots if compare_with_fixed_duration(s, hour) != ComparisonResult.SMALLER
    ]
    afternoon = combine(thursday, time_by_hm(12, 0, "pm"))
    preferred = [s for s in long_enough if s.start >= afternoon]
    if preferred:
        return preferred[0].start
    if long_enough:
        return long_enough[0].start
    raise RequiresUserInput("You and Hyun-woo have no free hour in common on Thursday.")


def setup_env_hour_with_hyun_woo_on_thursday():
    """Thursday: both free 9:30-11:00 and 15:30-17:10; the other gaps are too short."""
    simulate_org_structure(
        default_employee_names=["Hyun-woo", "Nilufar", "Caoimhe", "Osvaldo", "Tsegaye", "Ludmila"],
        user_name="Keoni",
    )
    # setup guideline #4
    hyun_woo = find_employee("Hyun-woo")[0]
    nilufar = find_employee("Nilufar")[0]
    caoimhe = find_employee("Caoimhe")[0]
    # setup guideline #1
    thursday = get_next_dow("Thursday")
    friday = get_next_dow("Friday")

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Client prep",
                attendees=[nilufar],
                starts_at=at(thursday, 11, 0),
                ends_at=at(thursday, 12, 0),
            ),
            Event(
                subject="Hiring panel",
                attendees=[caoimhe, nilufar],
                starts_at=at(thursday, 13, 0),
                ends_at=at(thursday, 14, 0),
            ),
            Event(
                subject="Retro",
                attendees=[caoimhe],
                starts_at=at(friday, 14, 0),
                ends_at=at(friday, 15, 0),
            ),
        ]
    )
    simulate_employee_calendar(
        hyun_woo,
        [
            Event(subject="Standup", starts_at=at(thursday, 9, 6), ends_at=at(thursday, 9, 30)),
            Event(
                subject="Lunch and learn",
                starts_at=at(thursday, 12, 0),
                ends_at=at(thursday, 12, 30),
            ),
            Event(
                subject="Design crit",
                attendees=[caoimhe],
                starts_at=at(thursday, 14, 30),
                ends_at=at(thursday, 15, 30),
            ),
            Event(subject="Focus", starts_at=at(friday, 9, 30), ends_at=at(friday, 12, 0)),
        ],
    )


def evaluate_hour_with_hyun_woo_on_thursday(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Any hour starting 15:30-16:10 on Thursday 27 June (12:00 on, both free)."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    hyun_woo = find_employee("Hyun-woo")[0]
    busy = [(e.starts_at, e.ends_at) for e in find_events() + get_calendar(hyun_woo)]
    thursday = datetime.date(2024, 6, 27)
    earliest = datetime.datetime.combine(thursday, datetime.time(12, 0))
    latest = datetime.datetime.combine(thursday, datetime.time(17, 10))

    def works(start, end):
        # an hour or more, on Thursday afternoon in working hours, clear of both calendars
        if not (isinstance(start, datetime.datetime) and isinstance(end, datetime.datetime)):
            return False
        if end - start < datetime.timedelta(hours=1) or start < earliest or end > latest:
            return False
        return not any(s < end and start < e for s, e in busy)

    # testing guideline #2: a start time, an interval, or a list of such suggestions
    items = list(result) if isinstance(result, list) else [result]
    if not items:
        raise SolutionError("Incorrect solution")
    for item in items:
        if isinstance(item, datetime.datetime):
            item = (item, item + datetime.timedelta(hours=1))
        if not isinstance(item, tuple) or len(item) != 2 or not works(*item):
            raise SolutionError("Incorrect solution")


def setup_env_hour_with_hyun_woo_on_thursday_morning_only():
    """Thursday afternoon has no shared free hour; the only one is 9:30-11:00."""
    simulate_org_structure(
        default_employee_names=["Hyun-woo", "Nilufar", "Caoimhe", "Osvaldo", "Tsegaye", "Ludmila"],
        user_name="Keoni",
    )
    # setup guideline #4
    hyun_woo = find_employee("Hyun-woo")[0]
    nilufar = find_employee("Nilufar")[0]
    caoimhe = find_employee("Caoimhe")[0]
    # setup guideline #1
    thursday = get_next_dow("Thursday")

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Client prep",
                attendees=[nilufar],
                starts_at=at(thursday, 11, 0),
                ends_at=at(thursday, 12, 0),
            ),
            Event(
                subject="Hiring panel",
                attendees=[caoimhe, nilufar],
                starts_at=at(thursday, 13, 0),
                ends_at=at(thursday, 14, 0),
            ),
            Event(
                subject="Quarterly numbers",
                attendees=[nilufar],
                starts_at=at(thursday, 16, 30),
                ends_at=at(thursday, 17, 10),
            ),
        ]
    )
    simulate_employee_calendar(
        hyun_woo,
        [
            Event(subject="Standup", starts_at=at(thursday, 9, 6), ends_at=at(thursday, 9, 30)),
            Event(
                subject="Lunch and learn",
                starts_at=at(thursday, 12, 0),
                ends_at=at(thursday, 12, 30),
            ),
            Event(
                subject="Design crit",
                attendees=[caoimhe],
                starts_at=at(thursday, 14, 30),
                ends_at=at(thursday, 16, 0),
            ),
        ],
    )


def evaluate_hour_with_hyun_woo_on_thursday_morning_only(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """No afternoon hour is free for both: any hour starting 9:30-10:00 on Thursday."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    hyun_woo = find_employee("Hyun-woo")[0]
    busy = [(e.starts_at, e.ends_at) for e in find_events() + get_calendar(hyun_woo)]
    thursday = datetime.date(2024, 6, 27)
    earliest = datetime.datetime.combine(thursday, datetime.time(9, 6))
    latest = datetime.datetime.combine(thursday, datetime.time(17, 10))

    def works(start, end):
        # an hour or more, on Thursday in working hours, clear of both calendars
        if not (isinstance(start, datetime.datetime) and isinstance(end, datetime.datetime)):
            return False
        if end - start < datetime.timedelta(hours=1) or start < earliest or end > latest:
            return False
        return not any(s < end and start < e for s, e in busy)

    # testing guideline #2: a start time, an interval, or a list of such suggestions
    items = list(result) if isinstance(result, list) else [result]
    if not items:
        raise SolutionError("Incorrect solution")
    for item in items:
        if isinstance(item, datetime.datetime):
            item = (item, item + datetime.timedelta(hours=1))
        if not isinstance(item, tuple) or len(item) != 2 or not works(*item):
            raise SolutionError("Incorrect solution")
