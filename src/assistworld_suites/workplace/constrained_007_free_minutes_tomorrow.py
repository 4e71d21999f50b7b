"""Assistant, how many minutes of free time do I have tomorrow within working hours, all told?"""

QUERY_ID = "constrained_007_free_minutes_tomorrow"
CATEGORY = "constrained-scheduling"
TAGS = ["find_available_slots", "convert", "information-seeking", "overlapping-events"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def free_minutes_tomorrow() -> int:
    """Total free minutes in tomorrow's working day, around the user's meetings."""
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    day_events = [e for e in find_events() if e.starts_at.date() <= tomorrow <= e.ends_at.date()]
    # overlapping meetings are merged and events shown as Free are ignored by the search
    slots = find_available_slots(day_events, date=tomorrow)
    return int(sum(convert(slot, TimeUnits.Minutes).number for slot in slots))


def setup_env_free_minutes_tomorrow():
    """Tomorrow has overlapping meetings, a lunch shown as Free and two more meetings.

    That leaves 24 + 150 + 145 = 319 free minutes.
    """
    simulate_org_structure(default_employee_names=["Ayodele", "Ingrid", "Matías", "Sunita"])
    ingrid = find_employee("Ingrid")[0]  # setup guideline #4
    # setup guideline #1
    today = now_().date()
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    thursday = get_next_dow("Thursday")

    def at(day, hour, minute):
        return datetime.datetime.combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(subject="Standup", starts_at=at(tomorrow, 9, 30), ends_at=at(tomorrow, 10, 0)),
            Event(
                subject="Code review",
                attendees=[ingrid],
                starts_at=at(tomorrow, 9, 45),
                ends_at=at(tomorrow, 10, 30),
            ),
            Event(
                subject="Lunch",
                starts_at=at(tomorrow, 12, 0),
                ends_at=at(tomorrow, 13, 0),
                show_as_status=ShowAsStatus.Free,
            ),
            Event(
                subject="Incident postmortem",
                starts_at=at(tomorrow, 13, 0),
                ends_at=at(tomorrow, 14, 15),
            ),
            Event(subject="Wrap-up", starts_at=at(tomorrow, 16, 40), ends_at=at(tomorrow, 17, 10)),
            Event(subject="Board prep", starts_at=at(today, 14, 0), ends_at=at(today, 16, 0)),
            Event(subject="Offsite", starts_at=at(thursday, 9, 6), ends_at=at(thursday, 17, 10)),
        ]
    )


def evaluate_free_minutes_tomorrow(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """319 minutes (24 + 150 + 145), as a number, a Duration or a timedelta; nothing changes."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    expected = 319
    # testing guideline #2
    if isinstance(result, bool):
        ok = False
    elif isinstance(result, (int, float)):
        ok = abs(result - expected) < 1e-6
    elif isinstance(result, Duration):
        ok = result.unit != TimeUnits.Months and abs(result.to_minutes() - expected) < 1e-6
    elif isinstance(result, datetime.timedelta):
        ok = result == datetime.timedelta(minutes=expected)
    else:
        ok = False
    if not ok:
        raise SolutionError("Incorrect solution")
