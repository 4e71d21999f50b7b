"""Assistant, set up a one-hour dry run with Ravi and Thuy two working days before the investor pitch, at the same time of day as the pitch."""  # noqa: E501

QUERY_ID = "time_016_two_working_days_before_pitch"
CATEGORY = "time-expressions"
TAGS = ["find_events", "add_event", "working-days", "RequiresUserInput", "contrast-set"]

if __name__ == "__main__":
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def schedule_pitch_dry_run():
    """One hour with Ravi and Thuy, two working days before the investor pitch, at the pitch's
    time.
    """
    pitches = find_events(subject="Investor pitch")
    if not pitches:
        raise RequiresUserInput("I couldn't find an upcoming investor pitch in your calendar.")
    if len(pitches) > 1:
        raise RequiresUserInput(
            f"There are {len(pitches)} upcoming investor pitches in your calendar; which one?"
        )
    pitch = pitches[0]
    ravi = find_employee("Ravi")[0]  # by structure guideline #1
    thuy = find_employee("Thuy")[0]  # by structure guideline #1
    # count back two working days, skipping weekends
    day = pitch.starts_at.date()
    working_days_back = 0
    while working_days_back < 2:
        day = day - datetime.timedelta(days=1)
        if day.weekday() < 5:
            working_days_back += 1
    starts_at = combine(day, pitch.starts_at.time())
    ends_at = modify(starts_at, Duration(1, TimeUnits.Hours), operator=DateTimeClauseOperators.add)
    add_event(
        Event(subject="Pitch dry run", attendees=[ravi, thuy], starts_at=starts_at, ends_at=ends_at)
    )


def setup_env_schedule_pitch_dry_run():
    """One investor pitch, next Monday at 11:15: two working days before is this Thursday."""
    simulate_org_structure(
        default_employee_names=["Ravi", "Thuy", "Guðrún", "Kwesi", "Marguerite", "Shlomo"]
    )
    guorun = find_employee("Guðrún")[0]  # setup guideline #4
    kwesi = find_employee("Kwesi")[0]  # setup guideline #4
    # setup guideline #1: relative dates; #2 working hours; #3 future
    monday = get_next_dow("Monday")
    simulate_user_calendar(
        [
            Event(
                subject="Investor pitch",
                attendees=[guorun, kwesi],
                starts_at=combine(monday, time_by_hm(11, 15, "am")),
                ends_at=combine(monday, time_by_hm(12, 15, "pm")),
            ),
            Event(
                subject="Pitch deck review",
                attendees=[guorun],
                starts_at=combine(get_next_dow("Friday"), time_by_hm(11, 15, "am")),
                ends_at=combine(get_next_dow("Friday"), time_by_hm(12, 0, "pm")),
            ),
        ]
    )


def evaluate_schedule_pitch_dry_run(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """One new event, Thursday 2024-06-27 11:15-12:15, with exactly Ravi and Thuy."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    if (event.starts_at, event.ends_at) != (
        datetime.datetime(2024, 6, 27, 11, 15),
        datetime.datetime(2024, 6, 27, 12, 15),
    ):
        raise SolutionError("Incorrect solution")
    wanted = sorted([find_employee("Ravi")[0].employee_id, find_employee("Thuy")[0].employee_id])
    if sorted(a.employee_id for a in event.attendees or []) != wanted or event.repeats is not None:
        raise SolutionError("Incorrect solution")


def setup_env_schedule_pitch_dry_run_two_pitches():
    """Two investor pitches (Monday and Wednesday next week): the request is ambiguous."""
    simulate_org_structure(
        default_employee_names=["Ravi", "Thuy", "Guðrún", "Kwesi", "Marguerite", "Shlomo"]
    )
    guorun = find_employee("Guðrún")[0]  # setup guideline #4
    shlomo = find_employee("Shlomo")[0]  # setup guideline #4
    # setup guideline #1: relative dates; #2 working hours; #3 future
    monday = get_next_dow("Monday")
    wednesday = get_next_dow("Wednesday", after=monday)
    simulate_user_calendar(
        [
            Event(
                subject="Investor pitch",
                attendees=[guorun],
                starts_at=combine(monday, time_by_hm(11, 15, "am")),
                ends_at=combine(monday, time_by_hm(12, 15, "pm")),
            ),
            Event(
                subject="Investor pitch",
                attendees=[shlomo],
                starts_at=combine(wednesday, time_by_hm(2, 0, "pm")),
                ends_at=combine(wednesday, time_by_hm(3, 0, "pm")),
            ),
        ]
    )


def evaluate_schedule_pitch_dry_run_two_pitches(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """With two pitches the assistant must ask which one (RequiresUserInput) and change nothing."""
    setup_function()
    before = snapshot_world()
    try:
        executable()
    except RequiresUserInput:
        assert_no_changes_since(before)
        return
    raise SolutionError("Incorrect solution")
