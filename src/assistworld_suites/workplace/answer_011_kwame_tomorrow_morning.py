"""Assistant, when could Kwame and I meet tomorrow morning?"""

QUERY_ID = "answer_011_kwame_tomorrow_morning"
CATEGORY = "multi-answer-questions"
TAGS = [
    "information-seeking",
    "get_calendar",
    "find_available_slots",
    "ambiguous-time-of-day",
    "common-free-time",
]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def kwame_tomorrow_morning() -> list[TimeInterval]:
    """The stretches tomorrow before noon when neither Kwame nor the user has anything on."""
    # by structure guideline #1
    kwame = find_employee("Kwame")[0]
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    noon = combine(tomorrow, time_by_hm(12, 0, "pm"))
    busy = [
        e
        for e in find_events() + get_calendar(kwame)
        if e.starts_at.date() <= tomorrow <= e.ends_at.date()
    ]
    windows = []
    for slot in find_available_slots(busy, date=tomorrow):
        if slot.start < noon:
            windows.append(TimeInterval(slot.start, min(slot.end, noon)))
    return windows


def setup_env_kwame_tomorrow_morning():
    """Tomorrow morning both are free 9:30-10:00, 10:30-11:00 and from 11:30 until lunch."""
    simulate_org_structure(
        default_employee_names=[
            "Kwame",
            "Anouska",
            "Bertil",
            "Chanel",
            "Dembe",
            "Estelle",
            "Folau",
            "Gerda",
            "Harun",
            "Iolanthe",
            "Jesper",
            "Kirsi",
        ],
        user_name="Lenka",
    )
    # setup guideline #4
    kwame, anouska, bertil, chanel = (
        find_employee(name)[0] for name in ("Kwame", "Anouska", "Bertil", "Chanel")
    )
    # setup guideline #1
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    thursday = get_next_dow("Thursday")

    def block(subject, day, start, end, people=None):
        return Event(
            subject=subject,
            attendees=people,
            starts_at=combine(day, datetime.time(*start)),
            ends_at=combine(day, datetime.time(*end)),
        )

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            block("Product sync", tomorrow, (10, 0), (10, 30), [anouska]),
            block("Lunch with Bertil", tomorrow, (12, 30), (13, 30), [bertil]),
            block("Planning", thursday, (9, 30), (11, 0), [chanel]),
        ]
    )
    simulate_employee_calendar(
        kwame,
        [
            block("Standup", tomorrow, (9, 6), (9, 30), [chanel]),
            block("Vendor call", tomorrow, (11, 0), (11, 30)),
            block("Site visit", tomorrow, (14, 0), (16, 0)),
            block("Training", thursday, (10, 0), (12, 0)),
        ],
    )


def evaluate_kwame_tomorrow_morning(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """9:30-10:00, 10:30-11:00 and 11:30 until noon (12:00, or the library's Noon, 12:15)."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    tomorrow = parse_date_string(DateExpressions.Tomorrow)

    def at(hour, minute):
        return datetime.datetime.combine(tomorrow, datetime.time(hour, minute))

    early = [(at(9, 30), at(10, 0)), (at(10, 30), at(11, 0))]
    acceptable = [[*early, (at(11, 30), at(12, 0))], [*early, (at(11, 30), at(12, 15))]]
    # testing guideline #2: TimeIntervals or (start, end) pairs, in any order
    if not isinstance(result, list | tuple):
        raise SolutionError("Incorrect solution")
    windows = []
    for item in result:
        if not (isinstance(item, tuple | list) and len(item) == 2):
            raise SolutionError("Incorrect solution")
        start, end = item
        if not (isinstance(start, datetime.datetime) and isinstance(end, datetime.datetime)):
            raise SolutionError("Incorrect solution")
        windows.append((start, end))
    if sorted(windows) not in acceptable:
        raise SolutionError("Incorrect solution")
