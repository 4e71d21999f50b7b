"""Assistant, Wednesday is overbooked. Cancel my shortest meetings that day, one at a time, until I have at least two hours free within working hours. Leave anything marked important alone."""  # noqa: E501

QUERY_ID = "mixed_017_free_two_hours_on_wednesday"
CATEGORY = "problem-solving"
TAGS = ["find_available_slots", "delete_event", "event_importance", "greedy-loop", "duration"]

if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def free_two_hours_on_wednesday():
    """Delete Wednesday's shortest non-important meetings until 120 free minutes remain."""
    wednesday = get_next_dow("Wednesday")
    day_start = combine(wednesday, parse_time_string(TimeExpressions.StartOfWorkDay))
    day_end = combine(wednesday, parse_time_string(TimeExpressions.EndOfWorkDay))
    needed = Duration(2, TimeUnits.Hours)

    def free_time(events):
        minutes = 0.0
        for slot in find_available_slots(events, date=wednesday):
            start, end = max(slot.start, day_start), min(slot.end, day_end)
            if start < end:
                minutes += convert(TimeInterval(start, end), TimeUnits.Minutes).number
        return Duration(minutes, TimeUnits.Minutes)

    meetings = [e for e in find_events() if e.starts_at.date() <= wednesday <= e.ends_at.date()]
    candidates = sorted(
        (e for e in meetings if e.event_importance != "high"),
        key=lambda e: (e.duration, e.starts_at),
    )
    # decide first, so nothing is cancelled if two hours cannot be freed at all
    remaining, to_cancel = list(meetings), []
    for meeting in candidates:
        if free_time(remaining) >= needed:
            break
        remaining = [e for e in remaining if e.event_id != meeting.event_id]
        to_cancel.append(meeting)
    if free_time(remaining) < needed:
        raise RequiresUserInput(
            "Even without the unimportant meetings, Wednesday has under 2h free."
        )
    for meeting in to_cancel:
        delete_event(meeting)


def setup_env_free_two_hours_on_wednesday():
    """Wednesday has 64 free minutes. Shortest first: 13:00 (20 min) gives 84, the 10:30 one
    (30 min) is important, 16:30 (40 min) gives 124. So those two are cancelled.
    """
    simulate_org_structure(
        default_employee_names=[
            "Mireille",
            "Nathaniel",
            "Ofelia",
            "Pramod",
            "Qamar",
            "Ruslan",
            "Sinéad",
            "Tjarda",
            "Ursula",
            "Vítor",
            "Wanza",
            "Ximeng",
        ]
    )
    # setup guideline #4
    mireille, nathaniel, ofelia, pramod, qamar = (
        find_employee(n)[0] for n in ("Mireille", "Nathaniel", "Ofelia", "Pramod", "Qamar")
    )
    # setup guideline #1
    wednesday = get_next_dow("Wednesday")
    thursday = get_next_dow("Thursday")

    def meeting(subject, people, day, start, end, importance="normal"):
        return Event(
            subject=subject,
            attendees=people,
            starts_at=combine(day, datetime.time(*start)),
            ends_at=combine(day, datetime.time(*end)),
            event_importance=importance,
        )

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            meeting("Roadmap", [mireille, nathaniel], wednesday, (9, 30), (10, 30)),
            meeting("Exec update", [ofelia], wednesday, (10, 30), (11, 0), "high"),
            meeting("Architecture", [pramod, qamar], wednesday, (11, 0), (12, 30)),
            meeting("Quick sync", [nathaniel], wednesday, (13, 0), (13, 20)),
            meeting("Customer workshop", [mireille, ofelia], wednesday, (13, 30), (15, 0)),
            meeting("Planning poker", [pramod, qamar, nathaniel], wednesday, (15, 0), (16, 30)),
            meeting("Wrap-up", [qamar], wednesday, (16, 30), (17, 10)),
            meeting("Coffee", [pramod], thursday, (10, 0), (10, 15)),
        ]
    )


def evaluate_free_two_hours_on_wednesday(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Exactly the 13:00 quick sync and the 16:30 wrap-up are deleted."""
    setup_function()
    wednesday = get_next_dow("Wednesday")
    starts = {combine(wednesday, datetime.time(13, 0)), combine(wednesday, datetime.time(16, 30))}
    doomed = {e.event_id for e in find_events() if e.starts_at in starts}
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    if {c.key for c in changes} != doomed or len(changes) != 2:
        raise SolutionError("Incorrect solution")
    if any(c.table != "user_calendar" or c.kind != "removed" for c in changes):
        raise SolutionError("Incorrect solution")
