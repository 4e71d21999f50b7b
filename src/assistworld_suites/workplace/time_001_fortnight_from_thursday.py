"""Assistant, pencil in a 45-minute retro with Astrid and Kwabena a fortnight from Thursday, at 11 in the morning."""  # noqa: E501

QUERY_ID = "time_001_fortnight_from_thursday"
CATEGORY = "time-expressions"
TAGS = ["add_event", "find_employee", "relative-date", "date-arithmetic"]

if __name__ == "__main__":
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def schedule_retro_fortnight_from_thursday():
    """Pencil in a 45-minute retro with Astrid and Kwabena two weeks after this Thursday, at
    11 AM.
    """
    # resolve the attendees
    astrid = find_employee("Astrid")[0]  # by structure guideline #1
    kwabena = find_employee("Kwabena")[0]  # by structure guideline #1
    # "Thursday" is the coming Thursday; a fortnight is 14 days (there is no Weeks unit)
    thursday = get_next_dow("Thursday")
    starts_at = modify(
        combine(thursday, time_by_hm(11, 0, "am")),
        Duration(14, TimeUnits.Days),
        operator=DateTimeClauseOperators.add,
    )
    ends_at = modify(
        starts_at, Duration(45, TimeUnits.Minutes), operator=DateTimeClauseOperators.add
    )
    add_event(
        Event(subject="Retro", attendees=[astrid, kwabena], starts_at=starts_at, ends_at=ends_at)
    )


def setup_env_schedule_retro_fortnight_from_thursday():
    """Astrid, Kwabena and colleagues; the user already has meetings on the Thursdays around the
    date.
    """
    simulate_org_structure(
        default_employee_names=["Astrid", "Kwabena", "Thandiwe", "Lorenzo", "Hyun-woo", "Elif"]
    )
    astrid = find_employee("Astrid")[0]  # setup guideline #4
    thandiwe = find_employee("Thandiwe")[0]  # setup guideline #4
    # setup guideline #1: dates relative to now; #2: inside working hours; #3: in the future
    thursday = get_next_dow("Thursday")
    week_later = get_next_dow("Thursday", after=thursday)
    simulate_user_calendar(
        [
            Event(
                subject="Sprint planning",
                attendees=[astrid, thandiwe],
                starts_at=combine(thursday, time_by_hm(11, 0, "am")),
                ends_at=combine(thursday, time_by_hm(12, 0, "pm")),
            ),
            Event(
                subject="Vendor call",
                attendees=[thandiwe],
                starts_at=combine(week_later, time_by_hm(2, 0, "pm")),
                ends_at=combine(week_later, time_by_hm(2, 30, "pm")),
            ),
        ]
    )


def evaluate_schedule_retro_fortnight_from_thursday(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """One new 45-minute event on Thursday 2024-07-11 at 11:00 with exactly Astrid and Kwabena."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    # the new event is the only change anywhere in the world
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    expected_start = datetime.datetime(2024, 7, 11, 11, 0)
    if event.starts_at != expected_start or event.ends_at != expected_start + datetime.timedelta(
        minutes=45
    ):
        raise SolutionError("Incorrect solution")
    wanted = sorted(
        [find_employee("Astrid")[0].employee_id, find_employee("Kwabena")[0].employee_id]
    )
    if sorted(a.employee_id for a in event.attendees or []) != wanted:
        raise SolutionError("Incorrect solution")
    if event.repeats is not None:
        raise SolutionError("Incorrect solution")
