"""Assistant, if my manager is free tomorrow at 4 PM, add a 20-minute catch-up with them then. Otherwise book it at the first time after 2 PM on Thursday when we're both free."""  # noqa: E501

QUERY_ID = "constrained_012_manager_catchup_fallback"
CATEGORY = "constrained-scheduling"
TAGS = [
    "find_manager_of",
    "intervals_overlap",
    "conditional",
    "contrast-set",
    "find_available_slots",
]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def manager_catchup():
    """A 20-minute catch-up with the manager tomorrow 16:00.

    Or Thursday's first common slot from 14:00.
    """
    manager = find_manager_of(get_current_user())
    length = Duration(20, TimeUnits.Minutes)
    add = DateTimeClauseOperators.add
    manager_events = [e for e in get_calendar(manager) if e.show_as_status != ShowAsStatus.Free]

    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    first_choice = combine(tomorrow, time_by_hm(4, 0, "pm"))
    wanted = TimeInterval(first_choice, modify(first_choice, length, operator=add))
    if not any(
        intervals_overlap(wanted, TimeInterval(e.starts_at, e.ends_at)) for e in manager_events
    ):
        add_event(
            Event(
                subject="Catch-up", attendees=[manager], starts_at=wanted.start, ends_at=wanted.end
            )
        )
        return

    thursday = get_next_dow("Thursday")
    earliest = combine(thursday, time_by_hm(2, 0, "pm"))
    busy = [
        e
        for e in find_events() + manager_events
        if e.starts_at.date() <= thursday <= e.ends_at.date()
    ]
    for slot in find_available_slots(busy, date=thursday):
        start = max(slot.start, earliest)
        end = modify(start, length, operator=add)
        if end <= slot.end:
            add_event(Event(subject="Catch-up", attendees=[manager], starts_at=start, ends_at=end))
            return
    raise RequiresUserInput("You and your manager have no common 20 minutes on Thursday afternoon.")


def setup_env_manager_catchup():
    """The manager's meetings tomorrow end at 16:00 and resume at 16:20.

    The first choice is free.
    """
    simulate_org_structure(
        default_employee_names=["Ngozi", "Tadeo", "Saanvi", "Olek", "Harriet", "Kwame", "Ji-ho"]
    )
    manager = find_manager_of(get_current_user())
    # setup guideline #1
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    thursday = get_next_dow("Thursday")

    def at(day, hour, minute):
        return datetime.datetime.combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_employee_calendar(
        manager,
        [
            Event(
                subject="Budget sync", starts_at=at(tomorrow, 15, 30), ends_at=at(tomorrow, 16, 0)
            ),
            Event(
                subject="Skip-level", starts_at=at(tomorrow, 16, 20), ends_at=at(tomorrow, 17, 0)
            ),
            Event(subject="Planning", starts_at=at(thursday, 13, 30), ends_at=at(thursday, 14, 10)),
        ],
    )
    simulate_user_calendar(
        [Event(subject="Deep work", starts_at=at(thursday, 14, 25), ends_at=at(thursday, 15, 0))]
    )


def evaluate_manager_catchup(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """One catch-up with the manager tomorrow 16:00-16:20; nothing else."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    start = datetime.datetime.combine(
        parse_date_string(DateExpressions.Tomorrow), datetime.time(16, 0)
    )
    if event.starts_at != start or event.ends_at != start + datetime.timedelta(minutes=20):
        raise SolutionError("Incorrect solution")
    manager = find_manager_of(get_current_user())
    if [a.employee_id for a in event.attendees or []] != [manager.employee_id]:
        raise SolutionError("Incorrect solution")


def setup_env_manager_catchup_2():
    """The manager is busy 15:45-16:15 tomorrow.

    On Thursday the first common 20 minutes from 14:00 is 15:00.
    """
    simulate_org_structure(
        default_employee_names=["Ngozi", "Tadeo", "Saanvi", "Olek", "Harriet", "Kwame", "Ji-ho"]
    )
    manager = find_manager_of(get_current_user())
    # setup guideline #1
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    thursday = get_next_dow("Thursday")

    def at(day, hour, minute):
        return datetime.datetime.combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_employee_calendar(
        manager,
        [
            Event(
                subject="Budget sync", starts_at=at(tomorrow, 15, 45), ends_at=at(tomorrow, 16, 15)
            ),
            Event(subject="Planning", starts_at=at(thursday, 13, 30), ends_at=at(thursday, 14, 10)),
            Event(
                subject="Hiring debrief",
                starts_at=at(thursday, 15, 20),
                ends_at=at(thursday, 16, 0),
            ),
            # shown as Free, so it does not block
            Event(
                subject="Walk",
                starts_at=at(thursday, 15, 0),
                ends_at=at(thursday, 15, 20),
                show_as_status=ShowAsStatus.Free,
            ),
        ],
    )
    simulate_user_calendar(
        [
            Event(subject="Deep work", starts_at=at(thursday, 14, 25), ends_at=at(thursday, 15, 0)),
            Event(subject="Expenses", starts_at=at(thursday, 10, 0), ends_at=at(thursday, 10, 30)),
        ]
    )


def evaluate_manager_catchup_2(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """One catch-up with the manager on Thursday 15:00-15:20; nothing else."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    start = datetime.datetime.combine(get_next_dow("Thursday"), datetime.time(15, 0))
    if event.starts_at != start or event.ends_at != start + datetime.timedelta(minutes=20):
        raise SolutionError("Incorrect solution")
    manager = find_manager_of(get_current_user())
    if [a.employee_id for a in event.attendees or []] != [manager.employee_id]:
        raise SolutionError("Incorrect solution")
