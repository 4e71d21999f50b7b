"""Assistant, book an hour-long breakfast briefing at 7:30 AM on Monday with everyone on the Finance team. Yes, I know that's before office hours, that's fine. Leave out anyone who's on holiday that day."""  # noqa: E501

QUERY_ID = "policy_004_early_finance_breakfast"
CATEGORY = "policy-following"
TAGS = [
    "working-hours-override",
    "vacation-exclusion",
    "get_all_employees",
    "get_employee_profile",
    "get_vacation_schedule",
]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def finance_breakfast_briefing():
    """Invite the Finance team, minus those on holiday on Monday, to 07:30-08:30 on Monday."""
    monday = get_next_dow("Monday")
    # the user explicitly allows a time before the working day
    starts_at = combine(monday, time_by_hm(7, 30, "am"))
    ends_at = modify(starts_at, Duration(1, TimeUnits.Hours), operator=DateTimeClauseOperators.add)
    day_start = combine(monday, time_by_hm(12, 0, "am"))
    whole_day = TimeInterval(
        day_start,
        modify(day_start, Duration(1, TimeUnits.Days), operator=DateTimeClauseOperators.add),
    )

    def on_holiday(employee: Employee) -> bool:
        return any(intervals_overlap(v, whole_day) for v in get_vacation_schedule(employee) or [])

    finance = [e for e in get_all_employees() if get_employee_profile(e).team == Team.Finance]
    attendees = [e for e in finance if not on_holiday(e)]
    if not attendees:
        raise RequiresUserInput("Everyone on the Finance team is on holiday on Monday.")
    add_event(
        Event(
            subject="Breakfast briefing",
            attendees=attendees,
            starts_at=starts_at,
            ends_at=ends_at,
        )
    )


def setup_env_finance_breakfast_briefing():
    """A Finance team of five; Kwabena is off Friday to Monday, Nikolai from Tuesday."""
    simulate_org_structure(
        default_employee_names=[
            "Wanjiru",
            "Björn",
            "Catalina",
            "Dev",
            "Efua",
            "Fergus",
            "Gulnara",
            "Hamid",
            "Isabela",
            "Jae-won",
            "Kwabena",
            "Lorena",
        ],
        user_name="Ottilie",
        teams_to_extend={Team.Finance: ["Mbali", "Nikolai", "Tamar"]},
    )
    # setup guideline #4
    kwabena = find_employee("Kwabena")[0]
    nikolai = find_employee("Nikolai")[0]
    mbali = find_employee("Mbali")[0]
    bjorn = find_employee("Björn")[0]
    # setup guideline #1: dates relative to now
    last_monday = get_prev_dow("Monday")
    friday = get_next_dow("Friday")
    monday = get_next_dow("Monday")
    tuesday = get_next_dow("Tuesday", after=monday)

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # whole days off, from midnight to midnight
    simulate_vacation_schedule(kwabena, [TimeInterval(at(friday, 0, 0), at(tuesday, 0, 0))])
    simulate_vacation_schedule(
        nikolai, [TimeInterval(at(tuesday, 0, 0), at(tuesday + datetime.timedelta(days=2), 0, 0))]
    )
    simulate_vacation_schedule(
        mbali,
        [TimeInterval(at(last_monday, 0, 0), at(last_monday + datetime.timedelta(days=1), 0, 0))],
    )
    # someone outside Finance is off on Monday too
    simulate_vacation_schedule(bjorn, [TimeInterval(at(monday, 0, 0), at(tuesday, 0, 0))])
    # setup guidelines #2 and #3: the user's own Monday
    simulate_user_calendar(
        [
            Event(
                subject="Team standup",
                attendees=[bjorn],
                starts_at=at(monday, 9, 30),
                ends_at=at(monday, 9, 45),
            )
        ]
    )


def evaluate_finance_breakfast_briefing(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """One event Monday 07:30-08:30 with the Finance team except Kwabena; nothing else changed."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    monday = get_next_dow("Monday")
    if event.starts_at != combine(monday, datetime.time(7, 30)):
        raise SolutionError("Incorrect solution")
    if event.ends_at != combine(monday, datetime.time(8, 30)):
        raise SolutionError("Incorrect solution")
    # the Finance team (its managers included), without the one person off on Monday
    finance = {
        e.employee_id for e in get_all_employees() if get_employee_profile(e).team == Team.Finance
    }
    expected = finance - {find_employee("Kwabena")[0].employee_id}
    attendees = [a.employee_id for a in event.attendees or []]
    if len(attendees) != len(expected) or set(attendees) != expected:
        raise SolutionError("Incorrect solution")
