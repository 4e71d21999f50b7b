"""Assistant, book lunch with Ingrid and Kwame this Thursday from 12:30 to 1:30."""

QUERY_ID = "simple_001_lunch_ingrid_kwame"
CATEGORY = "simple-scheduling"
TAGS = ["add_event", "find_employee", "get_next_dow", "time_by_hm"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def book_lunch_with_ingrid_and_kwame():
    """Book lunch with Ingrid and Kwame this Thursday from 12:30 to 1:30."""
    # resolve the attendees (names are assumed unique, by structure guideline #1)
    ingrid = find_employee("Ingrid")[0]
    kwame = find_employee("Kwame")[0]
    # this Thursday: the first Thursday after today
    thursday = get_next_dow("Thursday")
    starts_at = combine(thursday, time_by_hm(12, 30, "pm"))
    ends_at = combine(thursday, time_by_hm(1, 30, "pm"))
    add_event(
        Event(subject="Lunch", attendees=[ingrid, kwame], starts_at=starts_at, ends_at=ends_at)
    )


def setup_env_book_lunch_with_ingrid_and_kwame():
    """Ingrid and Kwame exist; the user already has other meetings this week, one with Ingrid."""
    simulate_org_structure(default_employee_names=["Ingrid", "Kwame", "Siobhan", "Taro", "Wiremu"])
    ingrid = find_employee("Ingrid")[0]  # setup guideline #4
    siobhan = find_employee("Siobhan")[0]
    taro = find_employee("Taro")[0]
    # setup guideline #1: dates relative to now
    wednesday = get_next_dow("Wednesday")
    thursday = get_next_dow("Thursday")
    friday = get_next_dow("Friday")

    def at(day, hour, minute):
        return datetime.datetime.combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3: future meetings inside the working day
    simulate_user_calendar(
        [
            Event(
                subject="Quarterly numbers",
                attendees=[ingrid, siobhan],
                starts_at=at(thursday, 10, 0),
                ends_at=at(thursday, 11, 0),
            ),
            Event(
                subject="Lunch",
                attendees=[taro],
                starts_at=at(wednesday, 12, 30),
                ends_at=at(wednesday, 13, 30),
            ),
            Event(subject="Code review", starts_at=at(friday, 14, 0), ends_at=at(friday, 15, 0)),
        ]
    )


def evaluate_book_lunch_with_ingrid_and_kwame(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """One new event on Thursday 12:30-13:30 with exactly Ingrid and Kwame; nothing else changed."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    # the new row is the only change anywhere in the world
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    thursday = get_next_dow("Thursday")
    if event.starts_at != datetime.datetime.combine(thursday, datetime.time(12, 30)):
        raise SolutionError("Incorrect solution")
    if event.ends_at != datetime.datetime.combine(thursday, datetime.time(13, 30)):
        raise SolutionError("Incorrect solution")
    # testing guideline #1: compare attendees by id, order-free
    expected = {find_employee("Ingrid")[0].employee_id, find_employee("Kwame")[0].employee_id}
    attendees = event.attendees or []
    if len(attendees) != 2 or {a.employee_id for a in attendees} != expected:
        raise SolutionError("Incorrect solution")
    if event.repeats is not None:
        raise SolutionError("Incorrect solution")
