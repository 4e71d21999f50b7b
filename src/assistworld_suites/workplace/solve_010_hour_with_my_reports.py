"""Assistant, when's the earliest this week that I can get an hour with all my direct reports together?"""  # noqa: E501

QUERY_ID = "solve_010_hour_with_my_reports"
CATEGORY = "problem-solving"
TAGS = [
    "information-seeking",
    "find_reports_of",
    "get_calendar",
    "get_vacation_schedule",
    "find_available_slots",
    "leadership-user",
]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def hour_with_my_reports() -> datetime.datetime:
    """Earliest start from now to Sunday when the user and every direct report have an hour free."""
    reports = find_reports_of(get_current_user())
    if not reports:
        raise RequiresUserInput("Nobody reports to you directly.")
    now = now_()
    length = Duration(1, TimeUnits.Hours)
    calendars = find_events() + [e for person in reports for e in get_calendar(person)]
    opens = parse_time_string(TimeExpressions.StartOfWorkDay)
    closes = parse_time_string(TimeExpressions.EndOfWorkDay)

    def someone_away(day: datetime.date) -> bool:
        working_day = TimeInterval(combine(day, opens), combine(day, closes))
        return any(
            intervals_overlap(v, working_day)
            for person in reports
            for v in get_vacation_schedule(person) or []
        )

    day = now.date()
    while day <= this_week_dates()[-1]:
        if day.weekday() < 5 and not someone_away(day):
            busy = [e for e in calendars if e.starts_at.date() <= day <= e.ends_at.date()]
            for slot in find_available_slots(busy, date=day):
                start = max(slot.start, now)
                if modify(start, length, operator=DateTimeClauseOperators.add) <= slot.end:
                    return start
        day = day + datetime.timedelta(days=1)
    raise RequiresUserInput("There is no hour left this week when all your reports are free.")


def setup_env_hour_with_my_reports():
    """The user is the COO; Dinh and Cressida report to her. Thursday 12:00 is the first hour."""
    simulate_org_structure(
        default_employee_names=[
            "Anders",
            "Bilal",
            "Cressida",
            "Dinh",
            "Esperanza",
            "Fyodor",
            "Gabija",
            "Hamish",
            "Ikram",
            "Jory",
            "Kiri",
            "Lazaro",
        ],
        user_name="Mumbua",
        user_role="COO",
    )
    # setup guideline #4: Dinh (Sales) and Cressida (Engineering) report to Mumbua
    cressida, dinh, fyodor, kiri, lazaro = (
        find_employee(name)[0] for name in ("Cressida", "Dinh", "Fyodor", "Kiri", "Lazaro")
    )
    # setup guideline #1
    today = parse_date_string(DateExpressions.Today)
    wednesday = get_next_dow("Wednesday")
    thursday = get_next_dow("Thursday")

    def block(subject, day, start, end, people=None):
        return Event(
            subject=subject,
            attendees=people,
            starts_at=combine(day, datetime.time(*start)),
            ends_at=combine(day, datetime.time(*end)),
        )

    # setup guidelines #2 and #3: everything after now (09:06)
    simulate_user_calendar(
        [
            block("Exec prep", today, (9, 30), (12, 0)),
            block("Board pack review", thursday, (9, 6), (10, 0)),
        ]
    )
    simulate_employee_calendar(
        dinh,
        [
            block("Pipeline review", today, (13, 0), (15, 0), [fyodor]),
            block("Client visit", thursday, (11, 0), (12, 0)),
            block("Forecast call", thursday, (14, 0), (15, 0)),
        ],
    )
    simulate_employee_calendar(
        cressida,
        [
            block("Incident review", today, (12, 0), (12, 30), [kiri]),
            block("Architecture forum", today, (15, 30), (17, 10)),
            block("One-on-one", thursday, (10, 0), (10, 30), [kiri]),
        ],
    )
    # Lazaro reports to the CFO, not to the user: his diary does not matter
    simulate_employee_calendar(lazaro, [block("Audit", thursday, (12, 0), (17, 0))])
    simulate_vacation_schedule(
        dinh,
        [
            TimeInterval(
                combine(wednesday, datetime.time(0, 0)), combine(wednesday, datetime.time(23, 59))
            )
        ],
    )


def evaluate_hour_with_my_reports(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Thursday 12:00 (as a time, the hour 12:00-13:00, or the free window 12:00-14:00)."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    thursday = get_next_dow("Thursday")

    def at(hour):
        return datetime.datetime.combine(thursday, datetime.time(hour, 0))

    # testing guideline #2: the start (a datetime or an ISO text), or an interval starting then
    if isinstance(result, str):
        try:
            result = datetime.datetime.fromisoformat(result.strip())
        except ValueError:
            raise SolutionError("Incorrect solution") from None
    if isinstance(result, list | tuple) and len(result) == 2:
        correct = tuple(result) in {(at(12), at(13)), (at(12), at(14))}
    elif isinstance(result, datetime.datetime):
        correct = result == at(12)
    else:
        correct = False
    if not correct:
        raise SolutionError("Incorrect solution")
