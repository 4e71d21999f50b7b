"""Assistant, set up the Q3 pipeline kickoff with Nkiru, Søren and Valentina on the first Monday of August, 10 to 11:30 AM."""  # noqa: E501

QUERY_ID = "time_004_first_monday_of_august"
CATEGORY = "time-expressions"
TAGS = ["add_event", "find_employee", "date_by_mdy", "nth-weekday"]

if __name__ == "__main__":
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def set_up_pipeline_kickoff():
    """Add the kickoff with Nkiru, Søren and Valentina on the first Monday of August,
    10:00-11:30.
    """
    nkiru = find_employee("Nkiru")[0]  # by structure guideline #1
    soren = find_employee("Søren")[0]  # by structure guideline #1
    valentina = find_employee("Valentina")[0]  # by structure guideline #1
    # the first Monday on or after 1 August (get_next_dow is strictly after, so start from 31 July)
    first_monday = get_next_dow("Monday", after=date_by_mdy(month=7, day=31))
    starts_at = combine(first_monday, time_by_hm(10, 0, "am"))
    ends_at = combine(first_monday, time_by_hm(11, 30, "am"))
    add_event(
        Event(
            subject="Q3 pipeline kickoff",
            attendees=[nkiru, soren, valentina],
            starts_at=starts_at,
            ends_at=ends_at,
        )
    )


def setup_env_set_up_pipeline_kickoff():
    """Nkiru, Søren and Valentina plus colleagues; meetings already in early August."""
    simulate_org_structure(
        default_employee_names=["Nkiru", "Søren", "Valentina", "Rashid", "Keiko", "Tomás"]
    )
    nkiru = find_employee("Nkiru")[0]  # setup guideline #4
    rashid = find_employee("Rashid")[0]  # setup guideline #4
    # setup guideline #1: grounded with time_utils; #2 working hours; #3 future
    first_of_august = date_by_mdy(month=8, day=1)
    simulate_user_calendar(
        [
            Event(
                subject="Pipeline prep",
                attendees=[nkiru, rashid],
                starts_at=combine(first_of_august, time_by_hm(10, 0, "am")),
                ends_at=combine(first_of_august, time_by_hm(11, 0, "am")),
            ),
            Event(
                subject="Territory review",
                attendees=[rashid],
                starts_at=combine(date_by_mdy(month=8, day=12), time_by_hm(10, 0, "am")),
                ends_at=combine(date_by_mdy(month=8, day=12), time_by_hm(11, 30, "am")),
            ),
        ]
    )


def evaluate_set_up_pipeline_kickoff(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """One event on Monday 2024-08-05, 10:00-11:30, with exactly Nkiru, Søren and Valentina."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    if event.starts_at != datetime.datetime(2024, 8, 5, 10, 0):
        raise SolutionError("Incorrect solution")
    if event.ends_at != datetime.datetime(2024, 8, 5, 11, 30):
        raise SolutionError("Incorrect solution")
    wanted = sorted(find_employee(name)[0].employee_id for name in ("Nkiru", "Søren", "Valentina"))
    if sorted(a.employee_id for a in event.attendees or []) != wanted:
        raise SolutionError("Incorrect solution")
    if event.repeats is not None:
        raise SolutionError("Incorrect solution")
