"""Assistant, block this Saturday from 12 AM to 2 AM for the database cutover with Oleksandr and Xiaoling, then put a 15-minute debrief with them at 12 PM on the Monday after."""  # noqa: E501

QUERY_ID = "time_007_midnight_cutover"
CATEGORY = "time-expressions"
TAGS = ["add_event", "time_by_hm", "12-hour-clock", "weekend-explicit"]

if __name__ == "__main__":
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def schedule_cutover_and_debrief():
    """Saturday 00:00-02:00 cutover and a 15-minute debrief at noon the Monday after, both with
    Oleksandr and Xiaoling.
    """
    oleksandr = find_employee("Oleksandr")[0]  # by structure guideline #1
    xiaoling = find_employee("Xiaoling")[0]  # by structure guideline #1
    # the user explicitly asks for the weekend; 12 AM is midnight at the start of Saturday
    saturday = get_next_dow("Saturday")
    cutover_start = combine(saturday, time_by_hm(12, 0, "am"))
    cutover_end = combine(saturday, time_by_hm(2, 0, "am"))
    add_event(
        Event(
            subject="Database cutover",
            attendees=[oleksandr, xiaoling],
            starts_at=cutover_start,
            ends_at=cutover_end,
        )
    )
    # 12 PM is noon
    monday = get_next_dow("Monday", after=saturday)
    debrief_start = combine(monday, time_by_hm(12, 0, "pm"))
    debrief_end = modify(
        debrief_start, Duration(15, TimeUnits.Minutes), operator=DateTimeClauseOperators.add
    )
    add_event(
        Event(
            subject="Cutover debrief",
            attendees=[oleksandr, xiaoling],
            starts_at=debrief_start,
            ends_at=debrief_end,
        )
    )


def setup_env_schedule_cutover_and_debrief():
    """Oleksandr and Xiaoling in the company; the user has a Monday meeting and a Friday one."""
    simulate_org_structure(
        default_employee_names=["Oleksandr", "Xiaoling", "Ricardo", "Tevita", "Faisal"]
    )
    xiaoling = find_employee("Xiaoling")[0]  # setup guideline #4
    ricardo = find_employee("Ricardo")[0]  # setup guideline #4
    # setup guideline #1: relative dates; #2 working hours; #3 future
    friday = get_next_dow("Friday")
    monday = get_next_dow("Monday")
    simulate_user_calendar(
        [
            Event(
                subject="Cutover go/no-go",
                attendees=[xiaoling, ricardo],
                starts_at=combine(friday, time_by_hm(4, 0, "pm")),
                ends_at=combine(friday, time_by_hm(4, 30, "pm")),
            ),
            Event(
                subject="Weekly ops review",
                attendees=[ricardo],
                starts_at=combine(monday, time_by_hm(10, 0, "am")),
                ends_at=combine(monday, time_by_hm(11, 0, "am")),
            ),
        ]
    )


def evaluate_schedule_cutover_and_debrief(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Saturday 2024-06-29 00:00-02:00 and Monday 2024-07-01 12:00-12:15, both with exactly
    Oleksandr and Xiaoling.
    """
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 2 or len(changes) != 2:
        raise SolutionError("Incorrect solution")
    cutover, debrief = events  # sorted by start
    if (cutover.starts_at, cutover.ends_at) != (
        datetime.datetime(2024, 6, 29, 0, 0),
        datetime.datetime(2024, 6, 29, 2, 0),
    ):
        raise SolutionError("Incorrect solution")
    if (debrief.starts_at, debrief.ends_at) != (
        datetime.datetime(2024, 7, 1, 12, 0),
        datetime.datetime(2024, 7, 1, 12, 15),
    ):
        raise SolutionError("Incorrect solution")
    wanted = sorted(
        [find_employee("Oleksandr")[0].employee_id, find_employee("Xiaoling")[0].employee_id]
    )
    for event in events:
        if (
            sorted(a.employee_id for a in event.attendees or []) != wanted
            or event.repeats is not None
        ):
            raise SolutionError("Incorrect solution")
