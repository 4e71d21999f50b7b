"""Assistant, Ilse is leaving us: set up a 30-minute farewell coffee on Friday at 10:30 with her and everyone who reports to her. Anyone who's on leave that day shouldn't get the invite."""  # noqa: E501

QUERY_ID = "policy_006_farewell_coffee_for_ilse"
CATEGORY = "policy-following"
TAGS = ["vacation-exclusion", "find_reports_of", "get_vacation_schedule", "add_event"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def farewell_coffee_for_ilse():
    """Invite Ilse and her reports who are not on leave on Friday to coffee at 10:30."""
    # by structure guideline #1
    ilse = find_employee("Ilse")[0]
    friday = get_next_dow("Friday")
    starts_at = combine(friday, time_by_hm(10, 30, "am"))
    ends_at = modify(
        starts_at, Duration(30, TimeUnits.Minutes), operator=DateTimeClauseOperators.add
    )
    midnight = combine(friday, time_by_hm(12, 0, "am"))
    friday_all_day = TimeInterval(
        midnight,
        modify(midnight, Duration(1, TimeUnits.Days), operator=DateTimeClauseOperators.add),
    )

    def on_leave(employee: Employee) -> bool:
        leave = get_vacation_schedule(employee) or []
        return any(intervals_overlap(interval, friday_all_day) for interval in leave)

    invitees = [p for p in [ilse, *find_reports_of(ilse)] if not on_leave(p)]
    if ilse not in invitees:
        raise RequiresUserInput("Ilse herself is on leave on Friday; pick another day?")
    add_event(
        Event(
            subject="Farewell coffee for Ilse",
            attendees=invitees,
            starts_at=starts_at,
            ends_at=ends_at,
        )
    )


def setup_env_farewell_coffee_for_ilse():
    """Ilse manages Fatima, Kirra and Oyelaran; Kirra is off Thursday and Friday."""
    simulate_org_structure(
        default_employee_names=[
            "Adaeze",
            "Bruno",
            "Carmen",
            "Desmond",
            "Ilse",
            "Fatima",
            "Gaspard",
            "Hye-jin",
            "Ishaan",
            "Joaquín",
            "Kirra",
            "Laszlo",
            "Maeve",
            "Nasser",
            "Oyelaran",
            "Petra",
            "Quang",
            "Renata",
        ],
        user_name="Tobias",
        user_team=Team.SalesMarketing,
    )
    # setup guideline #4
    kirra = find_employee("Kirra")[0]
    oyelaran = find_employee("Oyelaran")[0]
    desmond = find_employee("Desmond")[0]
    ilse = find_employee("Ilse")[0]
    # setup guideline #1
    thursday = get_next_dow("Thursday")
    friday = get_next_dow("Friday")
    monday = get_next_dow("Monday")

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    simulate_vacation_schedule(kirra, [TimeInterval(at(thursday, 0, 0), at(monday, 0, 0))])
    simulate_vacation_schedule(
        oyelaran, [TimeInterval(at(monday, 0, 0), at(monday + datetime.timedelta(days=2), 0, 0))]
    )
    # someone outside Ilse's team is off on Friday
    simulate_vacation_schedule(desmond, [TimeInterval(at(friday, 0, 0), at(monday, 0, 0))])
    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Handover notes",
                attendees=[ilse],
                starts_at=at(thursday, 14, 0),
                ends_at=at(thursday, 15, 0),
            )
        ]
    )


def evaluate_farewell_coffee_for_ilse(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """One event Friday 10:30-11:00 with Ilse, Fatima and Oyelaran (not Kirra); nothing else."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    expected_start = combine(get_next_dow("Friday"), datetime.time(10, 30))
    if event.starts_at != expected_start:
        raise SolutionError("Incorrect solution")
    if event.ends_at != expected_start + datetime.timedelta(minutes=30):
        raise SolutionError("Incorrect solution")
    # testing guideline #1: compare people by id, order-free
    expected = {find_employee(name)[0].employee_id for name in ("Ilse", "Fatima", "Oyelaran")}
    attendees = [a.employee_id for a in event.attendees or []]
    if len(attendees) != 3 or set(attendees) != expected:
        raise SolutionError("Incorrect solution")
