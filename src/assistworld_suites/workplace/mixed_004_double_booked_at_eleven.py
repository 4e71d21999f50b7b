"""Assistant, I've double-booked myself tomorrow at 11. Cancel whichever of the two is less important."""  # noqa: E501

QUERY_ID = "mixed_004_double_booked_at_eleven"
CATEGORY = "simple-scheduling"
TAGS = ["find_events", "delete_event", "event_importance", "RequiresUserInput", "contrast-set"]

if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def cancel_less_important_at_eleven():
    """Of the two meetings running at 11:00 tomorrow, delete the one not flagged important."""
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    eleven = combine(tomorrow, time_by_hm(11, 0, "am"))
    # a meeting is "at 11" if it is under way then, whenever it started
    clashing = [e for e in find_events() if e.starts_at <= eleven < e.ends_at]
    if not clashing:
        raise RequiresUserInput("You have no meetings at 11 tomorrow.")
    if len(clashing) == 1:
        raise RequiresUserInput("You only have one meeting at 11 tomorrow, so nothing clashes.")
    if len(clashing) > 2:
        raise RequiresUserInput(f"{len(clashing)} meetings overlap at 11 tomorrow, not two.")
    important = [e for e in clashing if e.event_importance == "high"]
    if len(important) != 1:
        raise RequiresUserInput(
            "Both meetings at 11 tomorrow have the same importance; which one should I cancel?"
        )
    delete_event(next(e for e in clashing if e.event_importance != "high"))


def setup_env_cancel_less_important_at_eleven():
    """Tomorrow 11:00: an important numbers review and an ordinary coffee chat."""
    simulate_org_structure(
        default_employee_names=[
            "Wairimu",
            "Ulrich",
            "Xochitl",
            "Bartholomew",
            "Cosmin",
            "Dharma",
            "Evangelos",
            "Fiifi",
            "Gwenllian",
            "Hamidou",
            "Isabeau",
            "Jussi",
        ]
    )
    # setup guideline #4
    wairimu, ulrich, xochitl, cosmin = (
        find_employee(n)[0] for n in ("Wairimu", "Ulrich", "Xochitl", "Cosmin")
    )
    # setup guideline #1
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    thursday = get_next_dow("Thursday")

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Quarterly numbers",
                attendees=[wairimu, ulrich],
                starts_at=at(tomorrow, 11, 0),
                ends_at=at(tomorrow, 11, 45),
                event_importance="high",
            ),
            Event(
                subject="Coffee chat",
                attendees=[xochitl],
                starts_at=at(tomorrow, 11, 0),
                ends_at=at(tomorrow, 11, 30),
            ),
            Event(
                subject="Backlog grooming",
                attendees=[cosmin, xochitl],
                starts_at=at(tomorrow, 14, 0),
                ends_at=at(tomorrow, 14, 45),
            ),
            Event(
                subject="Coffee chat",
                attendees=[cosmin],
                starts_at=at(thursday, 11, 0),
                ends_at=at(thursday, 11, 30),
            ),
        ]
    )


def evaluate_cancel_less_important_at_eleven(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Exactly one change: tomorrow's 11:00 coffee chat (normal importance) is deleted."""
    setup_function()
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    eleven = combine(tomorrow, datetime.time(11, 0))
    chat = next(
        e for e in find_events() if e.starts_at == eleven and e.event_importance == "normal"
    )
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    if len(changes) != 1:
        raise SolutionError("Incorrect solution")
    change = next(iter(changes))
    if (change.table, change.key, change.kind) != ("user_calendar", chat.event_id, "removed"):
        raise SolutionError("Incorrect solution")


def setup_env_cancel_less_important_at_eleven_equal():
    """Both 11:00 meetings tomorrow are of normal importance: the user has to choose."""
    simulate_org_structure(
        default_employee_names=[
            "Wairimu",
            "Ulrich",
            "Xochitl",
            "Bartholomew",
            "Cosmin",
            "Dharma",
            "Evangelos",
            "Fiifi",
            "Gwenllian",
            "Hamidou",
            "Isabeau",
            "Jussi",
        ]
    )
    # setup guideline #4
    wairimu, ulrich, xochitl, dharma = (
        find_employee(n)[0] for n in ("Wairimu", "Ulrich", "Xochitl", "Dharma")
    )
    # setup guideline #1
    tomorrow = parse_date_string(DateExpressions.Tomorrow)

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Launch checklist",
                attendees=[dharma],
                starts_at=at(tomorrow, 9, 30),
                ends_at=at(tomorrow, 10, 0),
                event_importance="high",
            ),
            Event(
                subject="Quarterly numbers",
                attendees=[wairimu, ulrich],
                starts_at=at(tomorrow, 11, 0),
                ends_at=at(tomorrow, 11, 45),
            ),
            Event(
                subject="Coffee chat",
                attendees=[xochitl],
                starts_at=at(tomorrow, 11, 0),
                ends_at=at(tomorrow, 11, 30),
            ),
        ]
    )


def evaluate_cancel_less_important_at_eleven_equal(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Nothing tells the two apart: hand back to the user (RequiresUserInput), change nothing."""
    setup_function()
    before = snapshot_world()
    try:
        executable()
    except RequiresUserInput:
        assert_no_changes_since(before)
        return
    raise SolutionError("Incorrect solution")


def setup_env_cancel_less_important_at_eleven_overlap():
    """An important 10:30-11:30 review overlaps an ordinary 11:00-12:00 sync; 9:30 is separate."""
    simulate_org_structure(
        default_employee_names=[
            "Wairimu",
            "Ulrich",
            "Xochitl",
            "Bartholomew",
            "Cosmin",
            "Dharma",
            "Evangelos",
            "Fiifi",
            "Gwenllian",
            "Hamidou",
            "Isabeau",
            "Jussi",
        ]
    )
    # setup guideline #4
    ulrich, evangelos, fiifi, jussi = (
        find_employee(n)[0] for n in ("Ulrich", "Evangelos", "Fiifi", "Jussi")
    )
    # setup guideline #1
    tomorrow = parse_date_string(DateExpressions.Tomorrow)

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Ops handover",
                attendees=[jussi],
                starts_at=at(tomorrow, 9, 30),
                ends_at=at(tomorrow, 10, 30),
            ),
            Event(
                subject="Security review",
                attendees=[ulrich, evangelos],
                starts_at=at(tomorrow, 10, 30),
                ends_at=at(tomorrow, 11, 30),
                event_importance="high",
            ),
            Event(
                subject="Partner sync",
                attendees=[fiifi],
                starts_at=at(tomorrow, 11, 0),
                ends_at=at(tomorrow, 12, 0),
            ),
            Event(
                subject="Lunch and learn",
                attendees=[fiifi, jussi],
                starts_at=at(tomorrow, 12, 0),
                ends_at=at(tomorrow, 13, 0),
            ),
        ]
    )


def evaluate_cancel_less_important_at_eleven_overlap(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """The ordinary 11:00 partner sync is deleted; the important 10:30 review stays."""
    setup_function()
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    sync = next(e for e in find_events() if e.starts_at == combine(tomorrow, datetime.time(11)))
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    if len(changes) != 1:
        raise SolutionError("Incorrect solution")
    change = next(iter(changes))
    if (change.table, change.key, change.kind) != ("user_calendar", sync.event_id, "removed"):
        raise SolutionError("Incorrect solution")
