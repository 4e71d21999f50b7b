"""Assistant, get the whole Finance team together for a 90-minute kickoff on the first Monday of the new year, 10 AM."""  # noqa: E501

QUERY_ID = "time_013_first_monday_new_year"
CATEGORY = "time-expressions"
TAGS = ["add_event", "parse_date_string", "year-end", "Team", "get_employee_profile"]
NOW = "2024-12-19T11:00"

if __name__ == "__main__":
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def finance_new_year_kickoff():
    """Invite every Finance team member to a 90-minute kickoff at 10 AM on next year's first
    Monday.
    """
    finance = [e for e in get_all_employees() if get_employee_profile(e).team == Team.Finance]
    new_year = parse_date_string(DateExpressions.FirstDayNextYear)
    # the first Monday on or after 1 January
    first_monday = new_year if new_year.weekday() == 0 else get_next_dow("Monday", after=new_year)
    starts_at = combine(first_monday, time_by_hm(10, 0, "am"))
    ends_at = modify(
        starts_at, Duration(90, TimeUnits.Minutes), operator=DateTimeClauseOperators.add
    )
    add_event(
        Event(subject="Finance kickoff", attendees=finance, starts_at=starts_at, ends_at=ends_at)
    )


def setup_env_finance_new_year_kickoff():
    """A Finance team of five (CFO outside it), the user in Engineering, a few January meetings."""
    simulate_org_structure(
        default_employee_names=["Torsten", "Mahlet", "Kaito", "Nadia", "Bruno"],
        teams_to_extend={Team.Finance: ["Ebere", "Joaquín", "Saanvi"]},
    )
    ebere = find_employee("Ebere")[0]  # setup guideline #4
    kaito = find_employee("Kaito")[0]  # setup guideline #4
    # setup guideline #1: grounded on the new year; #2 working hours; #3 future
    new_year = parse_date_string(DateExpressions.FirstDayNextYear)
    simulate_user_calendar(
        [
            Event(
                subject="Close the books",
                attendees=[ebere],
                starts_at=combine(get_next_dow("Friday", after=new_year), time_by_hm(10, 0, "am")),
                ends_at=combine(get_next_dow("Friday", after=new_year), time_by_hm(11, 0, "am")),
            ),
            Event(
                subject="Sales forecast",
                attendees=[kaito],
                starts_at=combine(get_next_dow("Monday"), time_by_hm(2, 0, "pm")),
                ends_at=combine(get_next_dow("Monday"), time_by_hm(3, 0, "pm")),
            ),
        ]
    )


def evaluate_finance_new_year_kickoff(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """One event on Monday 2025-01-06, 10:00-11:30, with exactly the Finance team."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    if event.starts_at != datetime.datetime(2025, 1, 6, 10, 0):
        raise SolutionError("Incorrect solution")
    if event.ends_at != datetime.datetime(2025, 1, 6, 11, 30):
        raise SolutionError("Incorrect solution")
    finance = sorted(
        e.employee_id for e in get_all_employees() if get_employee_profile(e).team == Team.Finance
    )
    if len(finance) != 5:  # the setup's Finance team, as a sanity check of the world
        raise SolutionError("Incorrect solution")
    if sorted(a.employee_id for a in event.attendees or []) != finance or event.repeats is not None:
        raise SolutionError("Incorrect solution")
