"""Assistant, book a 30-minute catch-up with Leila from marketing tomorrow, at the first time after 2 PM when we're both free."""  # noqa: E501

QUERY_ID = "constrained_015_leila_from_marketing"
CATEGORY = "constrained-scheduling"
TAGS = ["find_employee", "namesakes", "get_employee_profile", "RequiresUserInput", "contrast-set"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def catch_up_with_leila_from_marketing():
    """30 minutes with the Leila in Sales & Marketing.

    Tomorrow's first common free time from 14:00.
    """
    # the user says which Leila: filter the namesakes by team
    candidates = [
        e
        for e in find_employee("Leila")
        if e.name.casefold() == "leila" and get_employee_profile(e).team == Team.SalesMarketing
    ]
    if not candidates:
        raise RequiresUserInput("There is no Leila in marketing.")
    if len(candidates) > 1:
        raise RequiresUserInput(
            f"There are {len(candidates)} people called Leila in marketing, which one?"
        )
    leila = candidates[0]
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    earliest = combine(tomorrow, time_by_hm(2, 0, "pm"))
    length = Duration(30, TimeUnits.Minutes)
    busy = [
        e
        for e in find_events() + get_calendar(leila)
        if e.starts_at.date() <= tomorrow <= e.ends_at.date()
    ]
    for slot in find_available_slots(busy, date=tomorrow):
        start = max(slot.start, earliest)
        end = modify(start, length, operator=DateTimeClauseOperators.add)
        if end <= slot.end:
            add_event(Event(subject="Catch-up", attendees=[leila], starts_at=start, ends_at=end))
            return
    raise RequiresUserInput("You and Leila have no common 30 minutes after 2 PM tomorrow.")


def setup_env_catch_up_with_leila_from_marketing():
    """Two Leilas: the COO (listed first by the directory) and one in Sales & Marketing.

    With the marketing Leila the first common slot is 15:10; with the COO it would be 14:40.
    """
    simulate_org_structure(
        default_employee_names=[
            "Kwesi",
            "Marisa",
            "Oren",
            "Pania",
            "Quinn",
            "Rosalind",
            "Shun",
            "Tatiana",
            "Ugo",
            "Vesna",
            "Wen",
            "Yael",
            "Leila",
        ],
        teams_to_extend={Team.SalesMarketing: ["Leila", "Teodor"]},
    )
    leilas = {get_employee_profile(e).team: e for e in find_employee("Leila")}
    # setup guideline #1
    tomorrow = parse_date_string(DateExpressions.Tomorrow)

    def at(hour, minute):
        return datetime.datetime.combine(tomorrow, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(subject="Budget call", starts_at=at(10, 0), ends_at=at(11, 0)),
            Event(subject="Roadmap", starts_at=at(14, 0), ends_at=at(14, 40)),
        ]
    )
    simulate_employee_calendar(
        leilas[Team.SalesMarketing],
        [
            Event(subject="Campaign review", starts_at=at(14, 40), ends_at=at(15, 10)),
            Event(subject="Agency call", starts_at=at(15, 40), ends_at=at(16, 0)),
        ],
    )
    # the other Leila (the COO) would give a different answer (14:40)
    simulate_employee_calendar(
        leilas[Team.Leadership],
        [Event(subject="Reconciliation", starts_at=at(15, 10), ends_at=at(15, 40))],
    )


def evaluate_catch_up_with_leila_from_marketing(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """One catch-up tomorrow 15:10-15:40 with the marketing Leila; nothing else."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    start = datetime.datetime.combine(
        parse_date_string(DateExpressions.Tomorrow), datetime.time(15, 10)
    )
    if event.starts_at != start or event.ends_at != start + datetime.timedelta(minutes=30):
        raise SolutionError("Incorrect solution")
    marketing_leila = next(
        e for e in find_employee("Leila") if get_employee_profile(e).team == Team.SalesMarketing
    )
    # testing guideline #1: the right namesake, by id
    if [a.employee_id for a in event.attendees or []] != [marketing_leila.employee_id]:
        raise SolutionError("Incorrect solution")


def setup_env_catch_up_with_leila_from_marketing_2():
    """Both Leilas work in Sales & Marketing: the request cannot tell them apart."""
    simulate_org_structure(
        default_employee_names=[
            "Kwesi",
            "Marisa",
            "Oren",
            "Pania",
            "Quinn",
            "Rosalind",
            "Shun",
            "Tatiana",
            "Ugo",
            "Vesna",
            "Wen",
            "Yael",
        ],
        teams_to_extend={Team.SalesMarketing: ["Leila", "Leila", "Teodor"]},
    )
    first, second = find_employee("Leila")
    # setup guideline #1
    tomorrow = parse_date_string(DateExpressions.Tomorrow)

    def at(hour, minute):
        return datetime.datetime.combine(tomorrow, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar([Event(subject="Roadmap", starts_at=at(14, 0), ends_at=at(14, 40))])
    simulate_employee_calendar(
        first, [Event(subject="Campaign review", starts_at=at(14, 40), ends_at=at(15, 10))]
    )
    simulate_employee_calendar(
        second, [Event(subject="Trade show prep", starts_at=at(15, 0), ends_at=at(16, 0))]
    )


def evaluate_catch_up_with_leila_from_marketing_2(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Two Leilas in marketing: RequiresUserInput and no change."""
    setup_function()
    before = snapshot_world()
    try:
        executable()
    except RequiresUserInput:
        pass
    else:
        raise SolutionError("Incorrect solution")
    assert_no_changes_since(before)
