"""Assistant, from tomorrow until the end of this week, block two hours of deep work each day at the earliest time I'm free."""  # noqa: E501

QUERY_ID = "mixed_013_deep_work_rest_of_week"
CATEGORY = "policy-following"
TAGS = ["weekend-policy", "show-as-free", "multi-day-event", "find_available_slots", "add_event"]

if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def deep_work_rest_of_week():
    """A two-hour block at the earliest free working-hours time on each weekday left this week."""
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    sunday = this_week_dates()[-1]
    two_hours = Duration(2, TimeUnits.Hours)
    upcoming = find_events()
    day = tomorrow
    while day <= sunday:
        # policy: no weekend meetings unless the user says so
        if day.weekday() < 5:
            day_start = combine(day, parse_time_string(TimeExpressions.StartOfWorkDay))
            day_end = combine(day, parse_time_string(TimeExpressions.EndOfWorkDay))
            # events count on every day they span; those shown as Free are ignored
            busy = [e for e in upcoming if e.starts_at.date() <= day <= e.ends_at.date()]
            for slot in find_available_slots(busy, date=day):
                start, end = max(slot.start, day_start), min(slot.end, day_end)
                if (
                    start < end
                    and convert(TimeInterval(start, end), TimeUnits.Minutes) >= two_hours
                ):
                    ends_at = modify(start, two_hours, operator=DateTimeClauseOperators.add)
                    add_event(Event(subject="Deep work", starts_at=start, ends_at=ends_at))
                    break
        day = day + datetime.timedelta(days=1)


def setup_env_deep_work_rest_of_week():
    """Wednesday free from 12:00 (the 12:00 talk is shown as Free); an overnight offsite from
    Wednesday 16:00 to Thursday 11:00; Thursday busy 13:00-13:30; Friday empty.
    """
    simulate_org_structure(
        default_employee_names=[
            "Akosua",
            "Benedek",
            "Chiamaka",
            "Desmond",
            "Ebba",
            "Faisal",
            "Galina",
            "Hoku",
            "Inés",
            "Jaroslav",
            "Kagiso",
            "Liliana",
        ]
    )
    # setup guideline #4
    akosua, benedek, chiamaka, desmond = (
        find_employee(n)[0] for n in ("Akosua", "Benedek", "Chiamaka", "Desmond")
    )
    # setup guideline #1
    wednesday = get_next_dow("Wednesday")
    thursday = get_next_dow("Thursday")
    monday = get_next_dow("Monday")

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Standup",
                attendees=[akosua, benedek],
                starts_at=at(wednesday, 9, 30),
                ends_at=at(wednesday, 10, 0),
            ),
            Event(
                subject="Architecture review",
                attendees=[chiamaka],
                starts_at=at(wednesday, 10, 30),
                ends_at=at(wednesday, 12, 0),
            ),
            Event(
                subject="Lunch talk (optional)",
                starts_at=at(wednesday, 12, 0),
                ends_at=at(wednesday, 13, 0),
                show_as_status=ShowAsStatus.Free,
            ),
            Event(
                subject="Team offsite",
                attendees=[akosua, benedek, chiamaka, desmond],
                starts_at=at(wednesday, 16, 0),
                ends_at=at(thursday, 11, 0),
            ),
            Event(
                subject="1:1",
                attendees=[desmond],
                starts_at=at(thursday, 13, 0),
                ends_at=at(thursday, 13, 30),
            ),
            Event(
                subject="Planning",
                attendees=[akosua],
                starts_at=at(monday, 9, 30),
                ends_at=at(monday, 10, 30),
            ),
        ]
    )


def evaluate_deep_work_rest_of_week(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Three blocks for the user alone: Wed 12:00-14:00, Thu 11:00-13:00, Fri 09:06-11:06."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 3 or len(changes) != 3:
        raise SolutionError("Incorrect solution")
    wednesday = get_next_dow("Wednesday")
    thursday = get_next_dow("Thursday")
    friday = get_next_dow("Friday")

    def at(day, hour, minute):
        return datetime.datetime.combine(day, datetime.time(hour, minute))

    expected = [
        (at(wednesday, 12, 0), at(wednesday, 14, 0)),
        (at(thursday, 11, 0), at(thursday, 13, 0)),
        (at(friday, 9, 6), at(friday, 11, 6)),
    ]
    if [(e.starts_at, e.ends_at) for e in events] != expected:
        raise SolutionError("Incorrect solution")
    if any(e.attendees or e.repeats is not None for e in events):
        raise SolutionError("Incorrect solution")
