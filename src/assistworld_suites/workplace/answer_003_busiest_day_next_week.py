"""Assistant, which day next week is my busiest?"""

QUERY_ID = "answer_003_busiest_day_next_week"
CATEGORY = "multi-answer-questions"
TAGS = [
    "information-seeking",
    "find_events",
    "parse_durations_to_date_interval",
    "ambiguous-measure",
]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def busiest_day_next_week() -> datetime.date:
    """The day next week with the most meeting time (the day with the most meetings also fits)."""
    next_week = parse_durations_to_date_interval(DateRanges.NextWeek)
    minutes_per_day = {}
    for event in find_events():
        day = event.starts_at.date()
        if next_week.start <= day <= next_week.end:
            minutes = (event.ends_at - event.starts_at).total_seconds() / 60
            minutes_per_day[day] = minutes_per_day.get(day, 0) + minutes
    if not minutes_per_day:
        raise RequiresUserInput("You have no meetings next week.")
    return max(minutes_per_day, key=lambda d: minutes_per_day[d])


def setup_env_busiest_day_next_week():
    """Next week: Monday has the most meetings (4 x 20 min), Wednesday the most time (3 hours)."""
    simulate_org_structure(
        default_employee_names=[
            "Aleksander",
            "Bich",
            "Catalina",
            "Dawit",
            "Esra",
            "Florin",
            "Gulnara",
            "Hamza",
            "Itzel",
            "Jarrah",
            "Kerstin",
            "Luan",
        ],
        user_name="Thandiwe",
    )
    # setup guideline #4
    aleksander, bich, catalina, dawit, esra, florin = (
        find_employee(name)[0]
        for name in ("Aleksander", "Bich", "Catalina", "Dawit", "Esra", "Florin")
    )
    # setup guideline #1
    thursday = get_next_dow("Thursday")
    monday = get_next_dow("Monday")
    tuesday, wednesday, thursday_next, friday = (
        get_next_dow(name, after=monday) for name in ("Tuesday", "Wednesday", "Thursday", "Friday")
    )
    following_monday = get_next_dow("Monday", after=monday)

    def meeting(day, start, minutes, people):
        starts_at = combine(day, datetime.time(*start))
        return Event(
            subject="Meeting",
            attendees=people,
            starts_at=starts_at,
            ends_at=starts_at + datetime.timedelta(minutes=minutes),
        )

    # setup guidelines #2 and #3: all upcoming, within working hours
    simulate_user_calendar(
        [
            # this week's Thursday is the busiest of all, but it is not next week
            *(meeting(thursday, (h, 0), 60, [aleksander]) for h in (9, 10, 11, 13, 14)),
            meeting(monday, (9, 30), 20, [bich]),
            meeting(monday, (10, 30), 20, [catalina]),
            meeting(monday, (13, 0), 20, [dawit]),
            meeting(monday, (15, 0), 20, [esra]),
            meeting(tuesday, (11, 0), 30, [florin]),
            meeting(tuesday, (14, 0), 30, [bich, dawit]),
            meeting(wednesday, (10, 0), 90, [catalina, esra]),
            meeting(wednesday, (14, 0), 90, [aleksander]),
            meeting(thursday_next, (9, 30), 30, [florin]),
            meeting(thursday_next, (12, 0), 30, [dawit]),
            meeting(thursday_next, (16, 0), 30, [esra]),
            meeting(friday, (10, 0), 60, [bich]),
            *(meeting(following_monday, (h, 0), 90, [catalina]) for h in (9, 11, 14)),
        ]
    )


def evaluate_busiest_day_next_week(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Busiest by meeting time is Wednesday 3 July; by number of meetings, Monday 1 July."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    monday = get_next_dow("Monday")
    wednesday = get_next_dow("Wednesday", after=monday)
    acceptable = {monday, wednesday}
    # testing guideline #2: a date, a datetime, an ISO date or a weekday name; alone or in a list
    if isinstance(result, list | tuple) and len(result) == 1:
        result = result[0]
    if isinstance(result, datetime.datetime):
        day = result.date()
    elif isinstance(result, datetime.date):
        day = result
    elif isinstance(result, str):
        text = result.strip()
        names = {d.strftime("%A").casefold(): d for d in acceptable}
        if text.casefold() in names:
            day = names[text.casefold()]
        else:
            try:
                day = datetime.date.fromisoformat(text[:10])
            except ValueError:
                raise SolutionError("Incorrect solution") from None
    else:
        raise SolutionError("Incorrect solution")
    if day not in acceptable:
        raise SolutionError("Incorrect solution")
