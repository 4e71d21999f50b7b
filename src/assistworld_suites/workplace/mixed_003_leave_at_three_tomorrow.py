"""Assistant, I have to leave at 3 tomorrow for the dentist. Cancel the meetings I've got from then on."""  # noqa: E501

QUERY_ID = "mixed_003_leave_at_three_tomorrow"
CATEGORY = "simple-scheduling"
TAGS = ["delete_event", "find_events", "parse_date_string", "show_as_status", "contrast-set"]

if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def cancel_meetings_from_three_tomorrow():
    """Delete tomorrow's meetings starting at 15:00 or later (not an out-of-office block)."""
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    leaving = combine(tomorrow, time_by_hm(3, 0, "pm"))
    for event in find_events():
        if event.starts_at.date() != tomorrow or event.starts_at < leaving:
            continue
        # the dentist appointment itself, if it is in the calendar, is not a meeting to cancel
        if event.show_as_status == ShowAsStatus.OutOfOffice:
            continue
        delete_event(event)


def setup_env_cancel_meetings_from_three_tomorrow():
    """Tomorrow: meetings at 10:00 and 13:30 stay; those at 15:00, 16:00 and 16:45 go."""
    simulate_org_structure(
        default_employee_names=[
            "Ayumi",
            "Bakari",
            "Cillian",
            "Dorothea",
            "Eyerusalem",
            "Florentin",
            "Gaëlle",
            "Huaman",
            "Ilona",
            "Jakob",
            "Kainoa",
            "Lucrezia",
        ]
    )
    # setup guideline #4
    ayumi, bakari, cillian, dorothea = (
        find_employee(n)[0] for n in ("Ayumi", "Bakari", "Cillian", "Dorothea")
    )
    # setup guideline #1
    today = parse_date_string(DateExpressions.Today)
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    thursday = get_next_dow("Thursday")

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    def meeting(subject, people, day, start, end):
        return Event(
            subject=subject, attendees=people, starts_at=at(day, *start), ends_at=at(day, *end)
        )

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            meeting("Forecast", [ayumi], today, (16, 0), (16, 30)),
            meeting("Standup", [ayumi, bakari], tomorrow, (10, 0), (10, 30)),
            meeting("Lunch and learn", [cillian], tomorrow, (13, 30), (14, 30)),
            meeting("Vendor call", [dorothea], tomorrow, (15, 0), (15, 30)),
            meeting("Sprint review", [ayumi, bakari, cillian], tomorrow, (16, 0), (16, 45)),
            meeting("Wrap-up", [bakari], tomorrow, (16, 45), (17, 10)),
            meeting("Vendor call", [dorothea], thursday, (15, 30), (16, 0)),
        ]
    )


def evaluate_cancel_meetings_from_three_tomorrow(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Exactly tomorrow's 15:00, 16:00 and 16:45 meetings are deleted; nothing else changes."""
    setup_function()
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    starts = {combine(tomorrow, datetime.time(h, m)) for h, m in ((15, 0), (16, 0), (16, 45))}
    doomed = {e.event_id for e in find_events() if e.starts_at in starts}
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    if {c.key for c in changes} != doomed or len(changes) != 3:
        raise SolutionError("Incorrect solution")
    if any(c.table != "user_calendar" or c.kind != "removed" for c in changes):
        raise SolutionError("Incorrect solution")


def setup_env_cancel_meetings_from_three_tomorrow_dentist_blocked():
    """The dentist visit is already blocked (out of office, 15:00-16:30); it must stay."""
    simulate_org_structure(
        default_employee_names=[
            "Ayumi",
            "Bakari",
            "Cillian",
            "Dorothea",
            "Eyerusalem",
            "Florentin",
            "Gaëlle",
            "Huaman",
            "Ilona",
            "Jakob",
            "Kainoa",
            "Lucrezia",
        ]
    )
    # setup guideline #4
    eyerusalem, florentin = (find_employee(n)[0] for n in ("Eyerusalem", "Florentin"))
    # setup guideline #1
    tomorrow = parse_date_string(DateExpressions.Tomorrow)

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Roadmap",
                attendees=[eyerusalem, florentin],
                starts_at=at(tomorrow, 14, 0),
                ends_at=at(tomorrow, 15, 0),
            ),
            Event(
                subject="Dentist",
                starts_at=at(tomorrow, 15, 0),
                ends_at=at(tomorrow, 16, 30),
                show_as_status=ShowAsStatus.OutOfOffice,
            ),
            Event(
                subject="Hiring sync",
                attendees=[florentin],
                starts_at=at(tomorrow, 15, 30),
                ends_at=at(tomorrow, 16, 0),
            ),
        ]
    )


def evaluate_cancel_meetings_from_three_tomorrow_dentist_blocked(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Only the 15:30 hiring sync goes; the 14:00 meeting and the dentist block stay."""
    setup_function()
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    sync = next(e for e in find_events() if e.starts_at == combine(tomorrow, datetime.time(15, 30)))
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    if len(changes) != 1:
        raise SolutionError("Incorrect solution")
    change = next(iter(changes))
    if (change.table, change.key, change.kind) != ("user_calendar", sync.event_id, "removed"):
        raise SolutionError("Incorrect solution")
