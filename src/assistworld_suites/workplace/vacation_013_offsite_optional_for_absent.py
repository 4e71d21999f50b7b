"""Assistant, invite the Sales team to a two-hour offsite planning session on 18 July at 1 PM. Anyone who's on holiday that day should go in as optional instead."""  # noqa: E501

QUERY_ID = "vacation_013_offsite_optional_for_absent"
CATEGORY = "vacations-availability"
TAGS = ["get_vacation_schedule", "Team", "add_event", "optional_attendees", "date_by_mdy"]

if __name__ == "__main__":
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def invite_sales_to_offsite_planning():
    """Two hours from 1 PM on 18 July: Sales members as attendees, those on holiday as optional."""
    day = date_by_mdy(month=7, day=18)
    sales = [e for e in get_all_employees() if get_employee_profile(e).team == Team.SalesMarketing]
    away = [p for p in sales if any(v.contains_date(day) for v in get_vacation_schedule(p) or [])]
    present = [p for p in sales if p not in away]
    starts_at = combine(day, time_by_hm(1, 0, "pm"))
    ends_at = modify(starts_at, Duration(2, TimeUnits.Hours), operator=DateTimeClauseOperators.add)
    add_event(
        Event(
            subject="Offsite planning",
            attendees=present,
            optional_attendees=away,
            starts_at=starts_at,
            ends_at=ends_at,
        )
    )


def setup_env_invite_sales_to_offsite_planning():
    """Renske and Thabo (Sales) are off on 18 July; Youssef's holiday ends the day before; Ayla
    (Engineering) is off too.
    """
    simulate_org_structure(
        default_employee_names=["Gideon", "Ayla", "Pradeep", "Colette"],
        teams_to_extend={Team.SalesMarketing: ["Thabo", "Renske", "Youssef", "Maile", "Ciarán"]},
    )

    def days_off(first: datetime.date, last: datetime.date) -> TimeInterval:
        return TimeInterval(
            start=combine(first, time_by_hm(12, 0, "am")),
            end=combine(last, time_by_hm(11, 59, "pm")),
        )

    def july(day: int) -> datetime.date:
        return date_by_mdy(month=7, day=day)

    # setup guideline #1: dates grounded with time_utils; setup guideline #4 for the lookups
    simulate_vacation_schedule(find_employee("Renske")[0], [days_off(july(15), july(19))])
    simulate_vacation_schedule(find_employee("Thabo")[0], [days_off(july(18), july(18))])
    simulate_vacation_schedule(find_employee("Youssef")[0], [days_off(july(8), july(17))])
    simulate_vacation_schedule(find_employee("Ayla")[0], [days_off(july(18), july(19))])
    simulate_user_calendar(
        [
            Event(
                subject="Pipeline review",
                attendees=[find_employee("Pradeep")[0]],
                starts_at=combine(july(18), time_by_hm(10, 0, "am")),
                ends_at=combine(july(18), time_by_hm(11, 0, "am")),
            )
        ]
    )


def evaluate_invite_sales_to_offsite_planning(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Thursday 2024-07-18 13:00-15:00; five Sales attendees, Renske and Thabo optional."""
    setup_function()
    sales = [e for e in get_all_employees() if get_employee_profile(e).team == Team.SalesMarketing]
    away = sorted(find_employee(name)[0].employee_id for name in ("Renske", "Thabo"))
    present = sorted(p.employee_id for p in sales if p.employee_id not in away)
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1 or len(present) != 5:
        raise SolutionError("Incorrect solution")
    event = events[0]
    if (event.starts_at, event.ends_at) != (
        datetime.datetime(2024, 7, 18, 13, 0),
        datetime.datetime(2024, 7, 18, 15, 0),
    ):
        raise SolutionError("Incorrect solution")
    if sorted(a.employee_id for a in event.attendees or []) != present:
        raise SolutionError("Incorrect solution")
    if sorted(a.employee_id for a in event.optional_attendees or []) != away:
        raise SolutionError("Incorrect solution")
    if event.repeats is not None:
        raise SolutionError("Incorrect solution")
