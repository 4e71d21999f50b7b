"""Assistant, my quarterly check-in with Consuelo is on Thursday at 2 PM. Add the next one three months after it: same time, same length, same people."""  # noqa: E501

QUERY_ID = "time_008_three_months_later"
CATEGORY = "time-expressions"
TAGS = ["add_event", "find_events", "modify-months", "copy-event"]

if __name__ == "__main__":
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def add_next_quarterly_check_in():
    """Copy Thursday's quarterly check-in with Consuelo to three calendar months later."""
    consuelo = find_employee("Consuelo")[0]  # by structure guideline #1
    thursday = get_next_dow("Thursday")
    matches = [
        e
        for e in find_events(subject="Quarterly check-in")
        if consuelo in (e.attendees or []) and e.starts_at.date() == thursday
    ]
    if not matches:
        raise RequiresUserInput("No quarterly check-in with Consuelo found on Thursday.")
    if len(matches) > 1:
        raise RequiresUserInput(
            f"{len(matches)} quarterly check-ins with Consuelo found on Thursday; which one?"
        )
    current = matches[0]
    three_months = Duration(3, TimeUnits.Months)
    add_event(
        Event(
            subject=current.subject,
            attendees=current.attendees,
            location=current.location,
            starts_at=modify(current.starts_at, three_months, operator=DateTimeClauseOperators.add),
            ends_at=modify(current.ends_at, three_months, operator=DateTimeClauseOperators.add),
        )
    )


def setup_env_add_next_quarterly_check_in():
    """Thursday's 45-minute check-in with Consuelo and Efua, plus other check-ins and meetings."""
    simulate_org_structure(default_employee_names=["Consuelo", "Efua", "Radek", "Meera", "Hannu"])
    consuelo = find_employee("Consuelo")[0]  # setup guideline #4
    efua = find_employee("Efua")[0]  # setup guideline #4
    radek = find_employee("Radek")[0]  # setup guideline #4
    # setup guideline #1: relative dates; #2 working hours; #3 future
    thursday = get_next_dow("Thursday")
    friday = get_next_dow("Friday")
    simulate_user_calendar(
        [
            Event(
                subject="Quarterly check-in",
                attendees=[consuelo, efua],
                starts_at=combine(thursday, time_by_hm(2, 0, "pm")),
                ends_at=combine(thursday, time_by_hm(2, 45, "pm")),
            ),
            Event(
                subject="Quarterly check-in",
                attendees=[radek],
                starts_at=combine(friday, time_by_hm(2, 0, "pm")),
                ends_at=combine(friday, time_by_hm(3, 0, "pm")),
            ),
            Event(
                subject="Design crit",
                attendees=[consuelo],
                starts_at=combine(thursday, time_by_hm(10, 0, "am")),
                ends_at=combine(thursday, time_by_hm(11, 0, "am")),
            ),
        ]
    )


def evaluate_add_next_quarterly_check_in(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """A new event on Friday 2024-09-27, 14:00-14:45, with Consuelo and Efua; the original stays."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    if event.starts_at != datetime.datetime(2024, 9, 27, 14, 0):
        raise SolutionError("Incorrect solution")
    if event.ends_at != datetime.datetime(2024, 9, 27, 14, 45):
        raise SolutionError("Incorrect solution")
    wanted = sorted(
        [find_employee("Consuelo")[0].employee_id, find_employee("Efua")[0].employee_id]
    )
    if sorted(a.employee_id for a in event.attendees or []) != wanted or event.repeats is not None:
        raise SolutionError("Incorrect solution")
