"""Assistant, set up a 30-minute intro with Tobiah from finance on Friday morning, whenever we're both free, finishing by noon."""  # noqa: E501

QUERY_ID = "constrained_009_intro_with_tobiah"
CATEGORY = "constrained-scheduling"
TAGS = ["find_employee", "RequiresUserInput", "deadline", "contrast-set", "get_calendar"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def intro_with_tobiah():
    """A 30-minute intro with Tobiah (Finance) on Friday, ending by 12:00, when both are free."""
    matches = [e for e in find_employee("Tobiah") if get_employee_profile(e).team == Team.Finance]
    if not matches:
        raise RequiresUserInput("I couldn't find anyone called Tobiah in finance.")
    if len(matches) > 1:
        raise RequiresUserInput(f"{len(matches)} people called Tobiah work in finance, which one?")
    tobiah = matches[0]
    friday = get_next_dow("Friday")
    noon = combine(friday, time_by_hm(12, 0, "pm"))
    length = Duration(30, TimeUnits.Minutes)
    busy = [
        e
        for e in find_events() + get_calendar(tobiah)
        if e.starts_at.date() <= friday <= e.ends_at.date()
    ]
    for slot in find_available_slots(busy, date=friday):
        ends_at = modify(slot.start, length, operator=DateTimeClauseOperators.add)
        if ends_at <= slot.end and ends_at <= noon:
            add_event(
                Event(subject="Intro", attendees=[tobiah], starts_at=slot.start, ends_at=ends_at)
            )
            return
    raise RequiresUserInput("You and Tobiah have no common 30 minutes on Friday morning.")


def setup_env_intro_with_tobiah():
    """Tobiah is in finance; on Friday the first common 30 minutes is 10:15-10:45."""
    simulate_org_structure(
        default_employee_names=["Rangi", "Ebru", "Kwabena", "Lucía", "Anahera"],
        teams_to_extend={Team.Finance: ["Tobiah", "Marguerite"]},
    )
    tobiah = find_employee("Tobiah")[0]  # setup guideline #4
    # setup guideline #1
    thursday = get_next_dow("Thursday")
    friday = get_next_dow("Friday")

    def at(day, hour, minute):
        return datetime.datetime.combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(subject="Weekly planning", starts_at=at(friday, 9, 6), ends_at=at(friday, 9, 40)),
            Event(
                subject="Reading time", starts_at=at(thursday, 10, 0), ends_at=at(thursday, 12, 0)
            ),
        ]
    )
    simulate_employee_calendar(
        tobiah,
        [
            Event(
                subject="Month-end close", starts_at=at(friday, 9, 40), ends_at=at(friday, 10, 15)
            ),
            Event(subject="Audit call", starts_at=at(friday, 10, 45), ends_at=at(friday, 11, 30)),
        ],
    )


def evaluate_intro_with_tobiah(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """One 30-minute intro with Tobiah on Friday 10:15-10:45; nothing else."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    start = datetime.datetime.combine(get_next_dow("Friday"), datetime.time(10, 15))
    if event.starts_at != start or event.ends_at != start + datetime.timedelta(minutes=30):
        raise SolutionError("Incorrect solution")
    # testing guideline #1
    if [a.employee_id for a in event.attendees or []] != [find_employee("Tobiah")[0].employee_id]:
        raise SolutionError("Incorrect solution")


def setup_env_intro_with_tobiah_2():
    """Nobody called Tobiah works here: the assistant must ask instead of guessing."""
    simulate_org_structure(
        default_employee_names=["Rangi", "Ebru", "Kwabena", "Lucía", "Anahera"],
        teams_to_extend={Team.Finance: ["Waleed", "Marguerite"]},
    )
    # setup guideline #1
    friday = get_next_dow("Friday")

    def at(hour, minute):
        return datetime.datetime.combine(friday, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [Event(subject="Weekly planning", starts_at=at(9, 6), ends_at=at(9, 40))]
    )


def evaluate_intro_with_tobiah_2(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Tobiah cannot be found: RequiresUserInput and no change."""
    setup_function()
    before = snapshot_world()
    try:
        executable()
    except RequiresUserInput:
        pass
    else:
        raise SolutionError("Incorrect solution")
    assert_no_changes_since(before)


def setup_env_intro_with_tobiah_3():
    """Tobiah exists, but the only common 30 minutes on Friday morning run to 12:10."""
    simulate_org_structure(
        default_employee_names=["Rangi", "Ebru", "Kwabena", "Lucía", "Anahera"],
        teams_to_extend={Team.Finance: ["Tobiah", "Marguerite"]},
    )
    tobiah = find_employee("Tobiah")[0]  # setup guideline #4
    # setup guideline #1
    friday = get_next_dow("Friday")

    def at(hour, minute):
        return datetime.datetime.combine(friday, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [Event(subject="Quarterly business review", starts_at=at(9, 6), ends_at=at(11, 40))]
    )
    simulate_employee_calendar(
        tobiah,
        [Event(subject="Treasury sync", starts_at=at(12, 10), ends_at=at(13, 0))],
    )


def evaluate_intro_with_tobiah_3(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """No 30 minutes end by noon: RequiresUserInput and no change."""
    setup_function()
    before = snapshot_world()
    try:
        executable()
    except RequiresUserInput:
        pass
    else:
        raise SolutionError("Incorrect solution")
    assert_no_changes_since(before)
