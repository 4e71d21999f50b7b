"""Assistant, line up 20-minute check-ins with Dmitri, then Fatima, then Gustavo on Thursday starting at 1:30 PM, with 10 minutes between each. If one would clash with something already in my calendar, start it 10 minutes after that ends instead."""  # noqa: E501

QUERY_ID = "constrained_004_checkins_with_buffers"
CATEGORY = "constrained-scheduling"
TAGS = ["intervals_overlap", "buffer", "back-to-back", "find_events", "add_event"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def line_up_checkins():
    """Three 20-minute check-ins from Thursday 13:30, 10-minute gaps, pushed past clashes."""
    # by structure guideline #1
    people = [find_employee("Dmitri")[0], find_employee("Fatima")[0], find_employee("Gustavo")[0]]
    thursday = get_next_dow("Thursday")
    length = Duration(20, TimeUnits.Minutes)
    gap = Duration(10, TimeUnits.Minutes)
    add = DateTimeClauseOperators.add
    existing = [e for e in find_events() if e.starts_at.date() == thursday]

    cursor = combine(thursday, time_by_hm(1, 30, "pm"))
    for person in people:
        # move past anything already in the calendar, keeping the 10-minute gap after it
        while True:
            slot = TimeInterval(cursor, modify(cursor, length, operator=add))
            clashes = [
                e for e in existing if intervals_overlap(slot, TimeInterval(e.starts_at, e.ends_at))
            ]
            if not clashes:
                break
            cursor = modify(max(e.ends_at for e in clashes), gap, operator=add)
        add_event(
            Event(subject="Check-in", attendees=[person], starts_at=slot.start, ends_at=slot.end)
        )
        cursor = modify(slot.end, gap, operator=add)


def setup_env_line_up_checkins():
    """Thursday: a meeting ends at 13:30, another fills 14:00-14:30, another starts at 15:25."""
    simulate_org_structure(
        default_employee_names=["Dmitri", "Fatima", "Gustavo", "Amara", "Henrik", "Soo-ah"]
    )
    amara = find_employee("Amara")[0]  # setup guideline #4
    # setup guideline #1
    wednesday = get_next_dow("Wednesday")
    thursday = get_next_dow("Thursday")

    def at(day, hour, minute):
        return datetime.datetime.combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            # ends exactly when the first check-in starts: no clash
            Event(
                subject="Team lunch", starts_at=at(thursday, 12, 30), ends_at=at(thursday, 13, 30)
            ),
            Event(
                subject="Expense review",
                attendees=[amara],
                starts_at=at(thursday, 14, 0),
                ends_at=at(thursday, 14, 30),
            ),
            Event(
                subject="Architecture forum",
                starts_at=at(thursday, 15, 25),
                ends_at=at(thursday, 16, 0),
            ),
            # other days must not push anything
            Event(
                subject="Offsite prep",
                starts_at=at(wednesday, 13, 30),
                ends_at=at(wednesday, 16, 0),
            ),
        ]
    )


def evaluate_line_up_checkins(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Dmitri 13:30-13:50, Fatima 14:40-15:00, Gustavo 16:10-16:30 on Thursday; nothing else."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 3 or len(changes) != 3:
        raise SolutionError("Incorrect solution")
    thursday = get_next_dow("Thursday")
    expected = [("Dmitri", (13, 30)), ("Fatima", (14, 40)), ("Gustavo", (16, 10))]
    # added_user_events returns the events sorted by start
    for event, (name, (hour, minute)) in zip(events, expected, strict=True):
        start = datetime.datetime.combine(thursday, datetime.time(hour, minute))
        if event.starts_at != start or event.ends_at != start + datetime.timedelta(minutes=20):
            raise SolutionError("Incorrect solution")
        # testing guideline #1
        if [a.employee_id for a in event.attendees or []] != [find_employee(name)[0].employee_id]:
            raise SolutionError("Incorrect solution")
