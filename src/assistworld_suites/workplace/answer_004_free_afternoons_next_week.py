"""Assistant, which afternoons next week have I got completely free?"""

QUERY_ID = "answer_004_free_afternoons_next_week"
CATEGORY = "multi-answer-questions"
TAGS = [
    "information-seeking",
    "find_events",
    "parse_time_string",
    "ambiguous-time-of-day",
    "next-week",
]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def free_afternoons_next_week() -> list[datetime.date]:
    """Working days next week with no meeting between the afternoon and the end of the day."""
    next_week = parse_durations_to_date_interval(DateRanges.NextWeek)
    events = find_events()
    free_days = []
    day = next_week.start
    while day <= next_week.end:
        if day.weekday() < 5:  # afternoons of working days only
            afternoon = TimeInterval(
                combine(day, parse_time_string(TimeExpressions.Afternoon)),
                combine(day, parse_time_string(TimeExpressions.EndOfWorkDay)),
            )
            if not any(
                intervals_overlap(TimeInterval(e.starts_at, e.ends_at), afternoon) for e in events
            ):
                free_days.append(day)
        day = day + datetime.timedelta(days=1)
    return free_days


def setup_env_free_afternoons_next_week():
    """Next week: meetings at 12:15 Monday, 13:30 Tuesday, 15:00 Thursday; mornings elsewhere."""
    simulate_org_structure(
        default_employee_names=[
            "Aziz",
            "Branwen",
            "Chinedu",
            "Daria",
            "Emil",
            "Fernanda",
            "Goran",
            "Harriet",
            "Ikaika",
            "Jacinta",
            "Kenta",
            "Liv",
        ],
        user_name="Maelle",
    )
    # setup guideline #4
    aziz, branwen, chinedu, daria, emil = (
        find_employee(name)[0] for name in ("Aziz", "Branwen", "Chinedu", "Daria", "Emil")
    )
    # setup guideline #1
    thursday = get_next_dow("Thursday")
    monday = get_next_dow("Monday")
    tuesday, wednesday, thursday_next, friday = (
        get_next_dow(name, after=monday) for name in ("Tuesday", "Wednesday", "Thursday", "Friday")
    )
    following_monday = get_next_dow("Monday", after=monday)

    def meeting(people, day, start, end):
        return Event(
            subject="Catch-up",
            attendees=people,
            starts_at=combine(day, datetime.time(*start)),
            ends_at=combine(day, datetime.time(*end)),
        )

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            meeting([aziz], thursday, (14, 0), (15, 0)),
            meeting([branwen], monday, (10, 0), (11, 0)),
            meeting([chinedu], monday, (12, 15), (12, 45)),
            meeting([daria], tuesday, (13, 30), (14, 0)),
            meeting([emil], wednesday, (9, 30), (10, 0)),
            meeting([aziz, branwen], thursday_next, (15, 0), (16, 0)),
            meeting([chinedu], friday, (10, 0), (11, 0)),
            meeting([daria], following_monday, (14, 0), (15, 0)),
        ]
    )


def evaluate_free_afternoons_next_week(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Afternoon from 12:00: Wed, Fri; from 1 PM: Mon, Wed, Fri; from 14:19: Mon, Tue, Wed, Fri."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    monday = get_next_dow("Monday")
    week = [monday + datetime.timedelta(days=offset) for offset in range(7)]
    mon, tue, wed, _thu, fri, sat, sun = week
    readings = [{wed, fri}, {mon, wed, fri}, {mon, tue, wed, fri}]
    # the weekend's afternoons are free too: listing them is not wrong
    acceptable = readings + [days | {sat, sun} for days in readings]

    def as_date(item):
        # testing guideline #2: dates, datetimes, ISO dates or weekday names
        if isinstance(item, datetime.datetime):
            return item.date()
        if isinstance(item, datetime.date):
            return item
        if isinstance(item, str):
            text = item.strip()
            by_name = {d.strftime("%A").casefold(): d for d in week}
            if text.casefold() in by_name:
                return by_name[text.casefold()]
            try:
                return datetime.date.fromisoformat(text[:10])
            except ValueError:
                return None
        return None

    if not isinstance(result, list | tuple | set):
        raise SolutionError("Incorrect solution")
    days = [as_date(item) for item in result]
    if len(set(days)) != len(days) or set(days) not in acceptable:
        raise SolutionError("Incorrect solution")


def setup_env_free_afternoons_next_week_tuesday_thursday():
    """Next week: meetings at 15:00 Monday, Wednesday and Friday; Tuesday and Thursday only have
    morning meetings."""
    simulate_org_structure(
        default_employee_names=[
            "Aziz",
            "Branwen",
            "Chinedu",
            "Daria",
            "Emil",
            "Fernanda",
            "Goran",
            "Harriet",
            "Ikaika",
            "Jacinta",
            "Kenta",
            "Liv",
        ],
        user_name="Maelle",
    )
    # setup guideline #4
    aziz, branwen, chinedu = (find_employee(name)[0] for name in ("Aziz", "Branwen", "Chinedu"))
    # setup guideline #1
    monday = get_next_dow("Monday")
    tuesday, wednesday, thursday, friday = (
        get_next_dow(name, after=monday) for name in ("Tuesday", "Wednesday", "Thursday", "Friday")
    )

    def meeting(people, day, start, end):
        return Event(
            subject="Review",
            attendees=people,
            starts_at=combine(day, datetime.time(*start)),
            ends_at=combine(day, datetime.time(*end)),
        )

    # setup guidelines #2 and #3: afternoons on Tuesday and Thursday are free in every reading
    simulate_user_calendar(
        [
            meeting([aziz], monday, (15, 0), (16, 0)),
            meeting([branwen], tuesday, (9, 30), (10, 30)),
            meeting([chinedu], wednesday, (15, 0), (16, 0)),
            meeting([aziz, chinedu], thursday, (10, 0), (11, 0)),
            meeting([branwen], friday, (15, 0), (16, 0)),
        ]
    )


def evaluate_free_afternoons_next_week_tuesday_thursday(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Tuesday and Thursday whatever time the afternoon starts at (the weekend may be listed)."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    monday = get_next_dow("Monday")
    week = [monday + datetime.timedelta(days=offset) for offset in range(7)]
    _mon, tue, _wed, thu, _fri, sat, sun = week
    acceptable = [{tue, thu}, {tue, thu, sat, sun}]

    def as_date(item):
        # testing guideline #2: dates, datetimes, ISO dates or weekday names
        if isinstance(item, datetime.datetime):
            return item.date()
        if isinstance(item, datetime.date):
            return item
        if isinstance(item, str):
            text = item.strip()
            by_name = {d.strftime("%A").casefold(): d for d in week}
            if text.casefold() in by_name:
                return by_name[text.casefold()]
            try:
                return datetime.date.fromisoformat(text[:10])
            except ValueError:
                return None
        return None

    if not isinstance(result, list | tuple | set):
        raise SolutionError("Incorrect solution")
    days = [as_date(item) for item in result]
    if len(set(days)) != len(days) or set(days) not in acceptable:
        raise SolutionError("Incorrect solution")
