"""Assistant, push Friday's payroll sign-off with Tomasz and Ewa back by a month, same time."""

QUERY_ID = "time_009_month_end_clamp"
CATEGORY = "time-expressions"
TAGS = ["find_events", "add_event", "modify-months", "month-end", "reschedule"]
NOW = "2025-01-27T09:30"

if __name__ == "__main__":
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def push_payroll_sign_off_by_a_month():
    """Move Friday's payroll sign-off one calendar month later, keeping its time and length."""
    tomasz = find_employee("Tomasz")[0]  # by structure guideline #1
    friday = get_next_dow("Friday")
    matches = [
        e
        for e in find_events(subject="Payroll sign-off")
        if e.starts_at.date() == friday and tomasz in (e.attendees or [])
    ]
    if not matches:
        raise RequiresUserInput("No payroll sign-off with Tomasz found on Friday.")
    if len(matches) > 1:
        raise RequiresUserInput(f"{len(matches)} payroll sign-offs found on Friday; which one?")
    sign_off = matches[0]
    # calendar months: 31 January + 1 month is 28 February
    one_month = Duration(1, TimeUnits.Months)
    sign_off.starts_at = modify(sign_off.starts_at, one_month, operator=DateTimeClauseOperators.add)
    sign_off.ends_at = modify(sign_off.ends_at, one_month, operator=DateTimeClauseOperators.add)
    add_event(sign_off)


def setup_env_push_payroll_sign_off_by_a_month():
    """Friday 31 January's sign-off with Tomasz and Ewa, plus other meetings that week."""
    simulate_org_structure(default_employee_names=["Tomasz", "Ewa", "Nomvula", "Kenji", "Ilse"])
    tomasz = find_employee("Tomasz")[0]  # setup guideline #4
    ewa = find_employee("Ewa")[0]  # setup guideline #4
    nomvula = find_employee("Nomvula")[0]  # setup guideline #4
    # setup guideline #1: relative dates; #2 working hours; #3 future
    friday = get_next_dow("Friday")
    thursday = get_next_dow("Thursday")
    simulate_user_calendar(
        [
            Event(
                subject="Payroll sign-off",
                attendees=[tomasz, ewa],
                starts_at=combine(friday, time_by_hm(10, 0, "am")),
                ends_at=combine(friday, time_by_hm(10, 40, "am")),
                location="Harbour room",
            ),
            Event(
                subject="Payroll dry run",
                attendees=[tomasz],
                starts_at=combine(thursday, time_by_hm(3, 0, "pm")),
                ends_at=combine(thursday, time_by_hm(4, 0, "pm")),
            ),
            Event(
                subject="Audit prep",
                attendees=[nomvula, ewa],
                starts_at=combine(friday, time_by_hm(2, 0, "pm")),
                ends_at=combine(friday, time_by_hm(3, 0, "pm")),
            ),
        ]
    )


def evaluate_push_payroll_sign_off_by_a_month(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """The sign-off now runs Friday 2025-02-28 10:00-10:40 (month-end clamp); nothing else changed.

    Moving the event in place (same id) or deleting it and adding an equal one are both accepted.
    """
    setup_function()
    original = find_events(subject="Payroll sign-off")[0]
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    moved = [e for e in find_events() + find_past_events() if e.event_id == original.event_id]
    if moved:
        if len(changes) != 1:
            raise SolutionError("Incorrect solution")
        event = moved[0]
    else:
        added = added_user_events(changes)
        removed = changes.in_table("user_calendar", "removed")
        if len(added) != 1 or len(removed) != 1 or len(changes) != 2:
            raise SolutionError("Incorrect solution")
        event = added[0]
    if event.starts_at != datetime.datetime(2025, 2, 28, 10, 0):
        raise SolutionError("Incorrect solution")
    if event.ends_at != datetime.datetime(2025, 2, 28, 10, 40):
        raise SolutionError("Incorrect solution")
    wanted = sorted(a.employee_id for a in original.attendees or [])
    if sorted(a.employee_id for a in event.attendees or []) != wanted:
        raise SolutionError("Incorrect solution")
    if event.location != original.location or event.repeats is not None:
        raise SolutionError("Incorrect solution")
