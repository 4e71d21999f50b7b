"""Assistant, trim every meeting I have tomorrow that runs over an hour down to exactly one hour, keeping the start times. Don't touch anything flagged as important."""  # noqa: E501

QUERY_ID = "policy_015_trim_long_meetings_tomorrow"
CATEGORY = "policy-following"
TAGS = ["exclusion-rule", "event_importance", "compare_with_fixed_duration", "update-event"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def trim_long_meetings_tomorrow():
    """Cut tomorrow's non-important meetings longer than an hour to one hour from their start."""
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    one_hour = Duration(1, TimeUnits.Hours)
    for event in find_events():
        if event.starts_at.date() != tomorrow or event.event_importance == "high":
            continue
        span = TimeInterval(event.starts_at, event.ends_at)
        if compare_with_fixed_duration(span, one_hour) == ComparisonResult.GREATER:
            event.ends_at = modify(event.starts_at, one_hour, operator=DateTimeClauseOperators.add)
            add_event(event)


def setup_env_trim_long_meetings_tomorrow():
    """Tomorrow: two long normal meetings, a one-hour one and a long important one."""
    simulate_org_structure(
        default_employee_names=[
            "Oyelowo",
            "Paulina",
            "Quilla",
            "Rosalind",
            "Sandeep",
            "Tjarra",
            "Uchenna",
            "Valeriu",
            "Wilhelmina",
            "Xiadani",
            "Youssef",
            "Zeljko",
        ]
    )
    # setup guideline #4
    paulina = find_employee("Paulina")[0]
    sandeep = find_employee("Sandeep")[0]
    youssef = find_employee("Youssef")[0]
    # setup guideline #1
    yesterday = parse_date_string(DateExpressions.Yesterday)
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    day_after = tomorrow + datetime.timedelta(days=1)

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Backlog grooming",
                attendees=[paulina],
                starts_at=at(tomorrow, 9, 30),
                ends_at=at(tomorrow, 11, 0),
            ),
            Event(
                subject="Vendor sync",
                attendees=[sandeep],
                starts_at=at(tomorrow, 11, 30),
                ends_at=at(tomorrow, 12, 30),
            ),
            Event(
                subject="Board rehearsal",
                attendees=[youssef],
                starts_at=at(tomorrow, 13, 0),
                ends_at=at(tomorrow, 15, 0),
                event_importance="high",
            ),
            Event(
                subject="Design jam",
                attendees=[paulina, sandeep],
                starts_at=at(tomorrow, 15, 15),
                ends_at=at(tomorrow, 16, 45),
            ),
            Event(
                subject="Offsite planning",
                attendees=[youssef],
                starts_at=at(day_after, 10, 0),
                ends_at=at(day_after, 12, 0),
            ),
            Event(
                subject="Quarterly review",
                attendees=[sandeep],
                starts_at=at(yesterday, 14, 0),
                ends_at=at(yesterday, 16, 0),
            ),
        ]
    )


def evaluate_trim_long_meetings_tomorrow(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Grooming ends 10:30, design jam 16:15; every other event, and the rest, is untouched."""
    setup_function()
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    calendar_before = find_past_events() + find_events()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    if changes.tables() - {"user_calendar"} or len(changes) not in (2, 4):
        raise SolutionError("Incorrect solution")

    def normalised(event: Event) -> tuple[Any, ...]:
        people = tuple(sorted(a.employee_id for a in event.attendees or []))
        rest = event.model_dump(exclude={"event_id", "attendees"})
        return (people, sorted(rest.items(), key=str))

    # the calendar afterwards, ids aside: two meetings end one hour after they start
    new_ends = {
        combine(tomorrow, datetime.time(9, 30)): combine(tomorrow, datetime.time(10, 30)),
        combine(tomorrow, datetime.time(15, 15)): combine(tomorrow, datetime.time(16, 15)),
    }
    expected = []
    for event in calendar_before:
        if event.starts_at in new_ends:
            event = event.model_copy(update={"ends_at": new_ends[event.starts_at]})
        expected.append(normalised(event))
    after = [normalised(e) for e in find_past_events() + find_events()]
    if sorted(after, key=str) != sorted(expected, key=str):
        raise SolutionError("Incorrect solution")
