"""Assistant, set up a 30-minute standup with Ebo and Farida at 9:30 each weekday next week in the Oak room, but only on the days Oak is free then."""  # noqa: E501

QUERY_ID = "room_009_oak_standups_next_week"
CATEGORY = "room-booking"
TAGS = [
    "find_available_time_slots",
    "parse_durations_to_date_interval",
    "loop-over-days",
    "location",
]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def oak_standups_next_week():
    """9:30-10:00 standups in Oak with Ebo and Farida, on next week's weekdays when Oak is free."""
    # by structure guideline #1
    ebo = find_employee("Ebo")[0]
    farida = find_employee("Farida")[0]
    next_week = parse_durations_to_date_interval(DateRanges.NextWeek)
    day = next_week.start
    while day <= next_week.end:
        if day.weekday() < 5:
            starts_at = combine(day, time_by_hm(9, 30, "am"))
            ends_at = modify(
                starts_at, Duration(30, TimeUnits.Minutes), operator=DateTimeClauseOperators.add
            )
            free = find_available_time_slots("Oak", [TimeInterval(starts_at, ends_at)])
            if any(s.start <= starts_at and ends_at <= s.end for s in free):
                add_event(
                    Event(
                        subject="Standup",
                        attendees=[ebo, farida],
                        starts_at=starts_at,
                        ends_at=ends_at,
                        location="Oak",
                    )
                )
        day = day + datetime.timedelta(days=1)


def setup_env_oak_standups_next_week():
    """Next week Oak is taken at 9:30 on Tuesday and Thursday.

    Monday and Friday bookings only touch.
    """
    simulate_org_structure(default_employee_names=["Ebo", "Farida", "Grigori", "Hina", "Ixchel"])
    # setup guideline #1
    this_friday = get_next_dow("Friday")
    monday = get_next_dow("Monday")
    tuesday = get_next_dow("Tuesday", after=monday)
    wednesday = get_next_dow("Wednesday", after=monday)
    thursday = get_next_dow("Thursday", after=monday)
    friday = get_next_dow("Friday", after=monday)

    def at(day, hour, minute):
        return datetime.datetime.combine(day, datetime.time(hour, minute))

    # setup guideline #2: bookings inside the working day
    simulate_conference_room(
        "Oak",
        6,
        {
            this_friday: [TimeInterval(at(this_friday, 9, 6), at(this_friday, 12, 0))],
            monday: [TimeInterval(at(monday, 9, 6), at(monday, 9, 30))],
            tuesday: [TimeInterval(at(tuesday, 9, 45), at(tuesday, 10, 15))],
            wednesday: [TimeInterval(at(wednesday, 14, 0), at(wednesday, 15, 0))],
            thursday: [TimeInterval(at(thursday, 9, 20), at(thursday, 9, 40))],
            friday: [TimeInterval(at(friday, 10, 0), at(friday, 11, 0))],
        },
    )
    simulate_conference_room("Ash", 6)


def evaluate_oak_standups_next_week(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Standups in Oak next Monday, Wednesday and Friday 9:30-10:00 (one-offs or a series)."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    if len(changes.in_table("user_calendar", "added")) != len(changes):
        raise SolutionError("Incorrect solution")
    rows = [Event.model_validate(c.after) for c in changes.in_table("user_calendar", "added")]
    # one-off events, or the occurrence rows of a recurring event (its parent row is skipped)
    meetings = [r for r in rows if r.repeats is None]
    monday = get_next_dow("Monday")
    expected = [
        datetime.datetime.combine(monday + datetime.timedelta(days=offset), datetime.time(9, 30))
        for offset in (0, 2, 4)
    ]
    if sorted(m.starts_at for m in meetings) != expected:
        raise SolutionError("Incorrect solution")
    people = {find_employee("Ebo")[0].employee_id, find_employee("Farida")[0].employee_id}
    for meeting in meetings:
        if meeting.ends_at != meeting.starts_at + datetime.timedelta(minutes=30):
            raise SolutionError("Incorrect solution")
        if (meeting.location or "").strip().casefold() != "oak":
            raise SolutionError("Incorrect solution")
        # testing guideline #1
        ids = [a.employee_id for a in meeting.attendees or []]
        if set(ids) != people or len(ids) != 2:
            raise SolutionError("Incorrect solution")
