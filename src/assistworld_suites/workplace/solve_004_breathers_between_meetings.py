"""Assistant, my meetings tomorrow run straight into each other. Wherever one ends exactly when another starts, cut 10 minutes off the end of the first one so I get a breather."""  # noqa: E501

QUERY_ID = "solve_004_breathers_between_meetings"
CATEGORY = "problem-solving"
TAGS = ["find_events", "back-to-back", "update-event", "loop", "modify"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def breathers_between_meetings():
    """Shorten by 10 minutes each of tomorrow's meetings that ends as another one starts."""
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    meetings = [e for e in find_events() if e.starts_at.date() == tomorrow]
    # decide on the original times first, so trimming one meeting does not affect the others
    starts = {e.starts_at for e in meetings}
    to_trim = [e for e in meetings if e.ends_at in starts]
    for meeting in to_trim:
        meeting.ends_at = modify(
            meeting.ends_at,
            Duration(10, TimeUnits.Minutes),
            operator=DateTimeClauseOperators.subtract,
        )
        add_event(meeting)


def setup_env_breathers_between_meetings():
    """Tomorrow: a chain of three (9:30, 10:00, 11:00), an overlap, and a 14:30-15:00 pair."""
    simulate_org_structure(
        default_employee_names=[
            "Anahita",
            "Bartosz",
            "Constanza",
            "Dagur",
            "Efua",
            "Fionnuala",
            "Grigor",
            "Hemi",
            "Isadora",
            "Jae-won",
            "Kwabena",
            "Liesel",
        ],
        user_name="Mohsen",
    )
    # setup guideline #4
    anahita, bartosz, constanza, dagur, efua, grigor = (
        find_employee(name)[0]
        for name in ("Anahita", "Bartosz", "Constanza", "Dagur", "Efua", "Grigor")
    )
    # setup guideline #1
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    thursday = get_next_dow("Thursday")

    def meeting(subject, people, day, start, end):
        return Event(
            subject=subject,
            attendees=people,
            starts_at=combine(day, datetime.time(*start)),
            ends_at=combine(day, datetime.time(*end)),
        )

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            meeting("Standup", [anahita, bartosz], tomorrow, (9, 30), (10, 0)),
            meeting("Roadmap", [constanza], tomorrow, (10, 0), (11, 0)),
            meeting("Customer call", [dagur], tomorrow, (11, 0), (11, 30)),
            meeting("Lunch chat", [efua], tomorrow, (12, 0), (12, 30)),
            meeting("Interview", [grigor], tomorrow, (12, 15), (12, 45)),
            meeting("Planning", [anahita], tomorrow, (13, 0), (14, 0)),
            meeting("Pairing", [bartosz], tomorrow, (14, 30), (15, 0)),
            meeting("Demo prep", [constanza, dagur], tomorrow, (15, 0), (15, 45)),
            meeting("Wrap-up", [efua], tomorrow, (16, 0), (16, 30)),
            # back to back too, but on Thursday
            meeting("Design review", [grigor], thursday, (10, 0), (11, 0)),
            meeting("Retro", [anahita, grigor], thursday, (11, 0), (11, 30)),
        ]
    )


def evaluate_breathers_between_meetings(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Tomorrow's 9:30, 10:00 and 14:30 meetings end 10 minutes earlier; nothing else changes."""
    setup_function()

    def shape(event):
        # testing guideline #3: subjects are not compared; people are compared by id
        people = tuple(sorted(a.employee_id for a in event.attendees or []))
        return (event.starts_at, event.ends_at, people, event.location, event.event_importance)

    calendar_before = find_past_events() + find_events()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    if changes.tables() - {"user_calendar"}:
        raise SolutionError("Incorrect solution")
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    trimmed = {
        datetime.datetime.combine(tomorrow, datetime.time(*t)) for t in ((9, 30), (10, 0), (14, 30))
    }
    expected = []
    for event in calendar_before:
        start, end, people, location, importance = shape(event)
        if start in trimmed:
            end = end - datetime.timedelta(minutes=10)
        expected.append((start, end, people, location, importance))
    after = [shape(e) for e in find_past_events() + find_events()]
    if sorted(after, key=repr) != sorted(expected, key=repr):
        raise SolutionError("Incorrect solution")
