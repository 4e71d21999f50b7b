"""Assistant, I want Hamid and Zanele to do a half-hour handover tomorrow, I won't be in it. When's the earliest they're both free?"""  # noqa: E501

QUERY_ID = "constrained_002_handover_pair_free"
CATEGORY = "constrained-scheduling"
TAGS = ["find_available_slots", "get_calendar", "information-seeking", "earliest-slot"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def earliest_handover_slot() -> datetime.datetime:
    """When can Hamid and Zanele (without the user) first meet for 30 minutes tomorrow?"""
    # by structure guideline #1
    hamid = find_employee("Hamid")[0]
    zanele = find_employee("Zanele")[0]
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    length = Duration(30, TimeUnits.Minutes)
    # only their two calendars matter: the user will not attend
    busy = [
        e
        for e in get_calendar(hamid) + get_calendar(zanele)
        if e.starts_at.date() <= tomorrow <= e.ends_at.date()
    ]
    for slot in find_available_slots(busy, date=tomorrow):
        if compare_with_fixed_duration(slot, length) != ComparisonResult.SMALLER:
            return slot.start
    raise RequiresUserInput("Hamid and Zanele have no common 30 minutes free tomorrow.")


def setup_env_earliest_handover_slot():
    """Tomorrow Hamid and Zanele share gaps of 20, 20 and then exactly 30 minutes (at 12:00)."""
    simulate_org_structure(default_employee_names=["Hamid", "Zanele", "Sigrid", "Tomasz", "Ananya"])
    hamid = find_employee("Hamid")[0]  # setup guideline #4
    zanele = find_employee("Zanele")[0]
    sigrid = find_employee("Sigrid")[0]
    # setup guideline #1
    today = now_().date()
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    thursday = get_next_dow("Thursday")

    def at(day, hour, minute):
        return datetime.datetime.combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_employee_calendar(
        hamid,
        [
            Event(
                subject="Release triage", starts_at=at(tomorrow, 9, 6), ends_at=at(tomorrow, 10, 0)
            ),
            Event(
                subject="Pairing",
                attendees=[sigrid],
                starts_at=at(tomorrow, 10, 30),
                ends_at=at(tomorrow, 11, 0),
            ),
            Event(
                subject="Supplier QBR", starts_at=at(tomorrow, 11, 20), ends_at=at(tomorrow, 12, 0)
            ),
            Event(subject="Focus", starts_at=at(today, 13, 0), ends_at=at(today, 15, 0)),
        ],
    )
    simulate_employee_calendar(
        zanele,
        [
            Event(
                subject="Sprint review", starts_at=at(tomorrow, 9, 30), ends_at=at(tomorrow, 10, 10)
            ),
            Event(
                subject="Coffee",
                starts_at=at(tomorrow, 11, 0),
                ends_at=at(tomorrow, 11, 20),
                show_as_status=ShowAsStatus.Free,
            ),
            Event(
                subject="Audit prep", starts_at=at(tomorrow, 12, 30), ends_at=at(tomorrow, 13, 0)
            ),
            Event(subject="Town hall", starts_at=at(thursday, 9, 30), ends_at=at(thursday, 11, 0)),
        ],
    )
    # the user is busy at 12:00 tomorrow, which must not matter: they are not attending
    simulate_user_calendar(
        [Event(subject="Dentist", starts_at=at(tomorrow, 11, 50), ends_at=at(tomorrow, 13, 30))]
    )


def evaluate_earliest_handover_slot(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """The answer is tomorrow 12:00 (a datetime, a time, or a slot starting then).

    Nothing changes.
    """
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    expected = datetime.datetime.combine(tomorrow, datetime.time(12, 0))
    # testing guideline #2: accept a datetime, a time of day, or an interval starting then
    if isinstance(result, datetime.datetime):
        ok = result == expected
    elif isinstance(result, datetime.time):
        ok = result == expected.time()
    elif (
        isinstance(result, tuple) and len(result) == 2 and isinstance(result[0], datetime.datetime)
    ):
        ok = result[0] == expected and result[1] >= expected + datetime.timedelta(minutes=30)
    else:
        ok = False
    if not ok:
        raise SolutionError("Incorrect solution")
