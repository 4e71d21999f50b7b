"""Assistant, Bongani and I need a long working session on Wednesday. Find the longest stretch we're both free and book it from the start of that stretch, for two hours at most."""  # noqa: E501

QUERY_ID = "mixed_005_longest_shared_gap_with_bongani"
CATEGORY = "constrained-scheduling"
TAGS = ["find_available_slots", "get_calendar", "show-as-free", "add_event", "longest-gap"]

if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def long_session_with_bongani():
    """Book up to two hours with Bongani at the start of our longest shared free stretch."""
    # by structure guideline #1
    bongani = find_employee("Bongani")[0]
    wednesday = get_next_dow("Wednesday")
    day_start = combine(wednesday, parse_time_string(TimeExpressions.StartOfWorkDay))
    day_end = combine(wednesday, parse_time_string(TimeExpressions.EndOfWorkDay))

    def on_wednesday(events):
        return [e for e in events if e.starts_at.date() <= wednesday <= e.ends_at.date()]

    # both diaries together; find_available_slots ignores events shown as Free
    busy = on_wednesday(find_events()) + on_wednesday(get_calendar(bongani))
    stretches = []
    for slot in find_available_slots(busy, date=wednesday):
        start, end = max(slot.start, day_start), min(slot.end, day_end)
        if start < end:
            stretches.append(TimeInterval(start, end))
    if not stretches:
        raise RequiresUserInput("You and Bongani have no free time in common on Wednesday.")
    longest = max(stretches, key=lambda s: s.end - s.start)
    length = min(convert(longest, TimeUnits.Minutes), Duration(2, TimeUnits.Hours))
    ends_at = modify(longest.start, length, operator=DateTimeClauseOperators.add)
    add_event(
        Event(
            subject="Working session with Bongani",
            attendees=[bongani],
            starts_at=longest.start,
            ends_at=ends_at,
        )
    )


def setup_env_long_session_with_bongani():
    """Busy: me 9:30-10:00 and 15:00-15:30, Bongani 10:00-10:45 and 16:30-17:10.

    Free-status entries (my lunch talk 12:00-13:00, his office hours 12:30-13:00) block nothing.
    """
    simulate_org_structure(
        default_employee_names=[
            "Bongani",
            "Anouk",
            "Radek",
            "Sefa",
            "Talulah",
            "Uriel",
            "Vesna",
            "Wikitoria",
            "Xiadani",
            "Yoshiro",
            "Zeynab",
            "Amaru",
        ]
    )
    # setup guideline #4
    bongani, anouk, radek, sefa = (
        find_employee(n)[0] for n in ("Bongani", "Anouk", "Radek", "Sefa")
    )
    # setup guideline #1
    wednesday = get_next_dow("Wednesday")
    thursday = get_next_dow("Thursday")

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Standup",
                attendees=[anouk, radek],
                starts_at=at(wednesday, 9, 30),
                ends_at=at(wednesday, 10, 0),
            ),
            Event(
                subject="Lunch and learn (optional)",
                starts_at=at(wednesday, 12, 0),
                ends_at=at(wednesday, 13, 0),
                show_as_status=ShowAsStatus.Free,
            ),
            Event(
                subject="Budget call",
                attendees=[sefa],
                starts_at=at(wednesday, 15, 0),
                ends_at=at(wednesday, 15, 30),
            ),
            Event(
                subject="Planning",
                attendees=[bongani, anouk],
                starts_at=at(thursday, 10, 0),
                ends_at=at(thursday, 12, 0),
            ),
        ]
    )
    simulate_employee_calendar(
        bongani,
        [
            Event(
                subject="Vendor demo",
                attendees=[radek],
                starts_at=at(wednesday, 10, 0),
                ends_at=at(wednesday, 10, 45),
            ),
            Event(
                subject="Office hours",
                starts_at=at(wednesday, 12, 30),
                ends_at=at(wednesday, 13, 0),
                show_as_status=ShowAsStatus.Free,
            ),
            Event(
                subject="Interview",
                starts_at=at(wednesday, 16, 30),
                ends_at=at(wednesday, 17, 10),
            ),
            Event(
                subject="Offsite",
                starts_at=at(thursday, 9, 0),
                ends_at=at(thursday, 17, 0),
            ),
        ],
    )


def evaluate_long_session_with_bongani(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """The longest shared stretch is 10:45-15:00 (Free entries ignored): book 10:45-12:45."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    wednesday = get_next_dow("Wednesday")
    if event.starts_at != combine(wednesday, datetime.time(10, 45)):
        raise SolutionError("Incorrect solution")
    if event.ends_at != combine(wednesday, datetime.time(12, 45)):
        raise SolutionError("Incorrect solution")
    bongani = find_employee("Bongani")[0]
    if [a.employee_id for a in event.attendees or []] != [bongani.employee_id]:
        raise SolutionError("Incorrect solution")
    if event.repeats is not None or event.show_as_status != ShowAsStatus.Busy:
        raise SolutionError("Incorrect solution")
