"""Assistant, for each of my teammates who's on holiday at some point next month, book a 15-minute welcome-back coffee at 10 AM on their first working day back."""  # noqa: E501

QUERY_ID = "extra_032_welcome_back_coffees"
CATEGORY = "vacations-availability"
TAGS = [
    "find_team_of",
    "get_vacation_schedule",
    "parse_durations_to_date_interval",
    "first-day-back",
    "add_event",
]

if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def welcome_back_coffees():
    """A 15-minute coffee at 10:00 on the first weekday after each teammate's holiday that
    overlaps next month.
    """
    next_month = parse_durations_to_date_interval(DateRanges.NextMonth)
    for person in find_team_of(get_current_user()):
        for holiday in get_vacation_schedule(person) or []:
            if holiday.start.date() > next_month.end or holiday.end.date() < next_month.start:
                continue
            # the first working day after the holiday's last day
            back = holiday.end.date() + datetime.timedelta(days=1)
            while back.weekday() >= 5:
                back = back + datetime.timedelta(days=1)
            starts_at = combine(back, time_by_hm(10, 0, "am"))
            ends_at = modify(
                starts_at, Duration(15, TimeUnits.Minutes), operator=DateTimeClauseOperators.add
            )
            add_event(
                Event(
                    subject=f"Welcome back, {person.name}",
                    attendees=[person],
                    starts_at=starts_at,
                    ends_at=ends_at,
                )
            )


def setup_env_welcome_back_coffees():
    """Finance teammates: holidays in July (one from June, one into August, one single day), one
    in August only, one none; someone outside the team is off in July.
    """
    simulate_org_structure(
        default_employee_names=[
            "Aurelia",
            "Bashir",
            "Cosima",
            "Dragan",
            "Estelle",
            "Fahad",
            "Gunnar",
            "Hester",
            "Idris",
            "Jessamy",
            "Kwasi",
        ],
        user_name="Liesel",
        user_team=Team.Finance,
        teams_to_extend={Team.Finance: ["Mansur", "Nerys", "Odhran"]},
    )
    # setup guideline #4
    bashir, odhran, nerys, mansur, fahad, kwasi = (
        find_employee(name)[0] for name in ("Bashir", "Odhran", "Nerys", "Mansur", "Fahad", "Kwasi")
    )

    def days_off(first, last):
        return TimeInterval(
            start=combine(first, time_by_hm(12, 0, "am")),
            end=combine(last, time_by_hm(11, 59, "pm")),
        )

    # setup guideline #1
    simulate_vacation_schedule(
        bashir, [days_off(date_by_mdy(month=7, day=8), date_by_mdy(month=7, day=12))]
    )
    simulate_vacation_schedule(
        odhran, [days_off(date_by_mdy(month=6, day=20), date_by_mdy(month=7, day=2))]
    )
    simulate_vacation_schedule(
        nerys, [days_off(date_by_mdy(month=7, day=24), date_by_mdy(month=8, day=2))]
    )
    simulate_vacation_schedule(
        mansur, [days_off(date_by_mdy(month=8, day=12), date_by_mdy(month=8, day=16))]
    )
    simulate_vacation_schedule(
        fahad, [days_off(date_by_mdy(month=7, day=31), date_by_mdy(month=7, day=31))]
    )
    simulate_vacation_schedule(
        kwasi, [days_off(date_by_mdy(month=7, day=1), date_by_mdy(month=7, day=5))]
    )
    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Close review",
                attendees=[fahad],
                starts_at=combine(date_by_mdy(month=7, day=15), time_by_hm(2, 0, "pm")),
                ends_at=combine(date_by_mdy(month=7, day=15), time_by_hm(3, 0, "pm")),
            )
        ]
    )


def evaluate_welcome_back_coffees(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Four coffees at 10:00-10:15: Odhran 3 July, Bashir 15 July, Fahad 1 August, Nerys 5
    August.
    """
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(changes) != 4 or len(events) != 4:
        raise SolutionError("Incorrect solution")
    found = sorted(
        (e.starts_at, e.ends_at, [a.employee_id for a in e.attendees or []], e.repeats is None)
        for e in events
    )
    expected = sorted(
        (
            datetime.datetime(2024, month, day, 10, 0),
            datetime.datetime(2024, month, day, 10, 15),
            [find_employee(name)[0].employee_id],
            True,
        )
        for name, month, day in (
            ("Odhran", 7, 3),
            ("Bashir", 7, 15),
            ("Fahad", 8, 1),
            ("Nerys", 8, 5),
        )
    )
    if found != expected:
        raise SolutionError("Incorrect solution")
