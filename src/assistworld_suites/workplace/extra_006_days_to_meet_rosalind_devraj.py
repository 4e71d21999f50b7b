"""Assistant, I want to sit down in person with Rosalind and Devraj next week. Which days are they both in the office while my morning is still free?"""  # noqa: E501

QUERY_ID = "extra_006_days_to_meet_rosalind_devraj"
CATEGORY = "multi-answer-questions"
TAGS = [
    "information-seeking",
    "get_vacation_schedule",
    "find_events",
    "parse_durations_to_date_interval",
    "ambiguous-time-of-day",
]

if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def days_to_meet_rosalind_and_devraj() -> list[datetime.date]:
    """Weekdays next week when neither is on holiday and my morning (until noon) has no meeting."""
    # by structure guideline #1
    rosalind = find_employee("Rosalind")[0]
    devraj = find_employee("Devraj")[0]
    holidays = (get_vacation_schedule(rosalind) or []) + (get_vacation_schedule(devraj) or [])
    events = find_events()
    week = parse_durations_to_date_interval(DateRanges.NextWeek)
    days = []
    day = week.start
    while day <= week.end:
        # meetings do not happen at the weekend
        if day.weekday() < 5:
            away = any(v.start.date() <= day <= v.end.date() for v in holidays)
            morning_starts = combine(day, parse_time_string(TimeExpressions.StartOfWorkDay))
            morning_ends = combine(day, parse_time_string(TimeExpressions.Noon))
            busy = any(e.starts_at < morning_ends and e.ends_at > morning_starts for e in events)
            if not away and not busy:
                days.append(day)
        day = day + datetime.timedelta(days=1)
    return days


def setup_env_days_to_meet_rosalind_and_devraj():
    """Next week: Rosalind off Monday, Devraj off Friday, my Tuesday morning busy, a 12:00 on
    Wednesday; Thursday is clear.
    """
    simulate_org_structure(
        default_employee_names=["Rosalind", "Devraj", "Maile", "Quentin", "Sunniva", "Abebe"],
        user_name="Valentijn",
    )
    # setup guideline #4
    rosalind = find_employee("Rosalind")[0]
    devraj = find_employee("Devraj")[0]
    maile = find_employee("Maile")[0]
    abebe = find_employee("Abebe")[0]
    # setup guideline #1
    monday = get_next_dow("Monday")
    tuesday, wednesday, thursday, friday = (
        get_next_dow(name, after=monday) for name in ("Tuesday", "Wednesday", "Thursday", "Friday")
    )
    this_thursday = get_next_dow("Thursday")

    def whole_days(first, last):
        return TimeInterval(
            start=combine(first, time_by_hm(12, 0, "am")),
            end=combine(last, time_by_hm(11, 59, "pm")),
        )

    simulate_vacation_schedule(rosalind, [whole_days(monday, monday)])
    simulate_vacation_schedule(
        devraj, [whole_days(friday, friday), whole_days(this_thursday, this_thursday)]
    )

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Vendor call",
                attendees=[maile],
                starts_at=at(tuesday, 10, 0),
                ends_at=at(tuesday, 11, 0),
            ),
            Event(
                subject="Lunch briefing",
                attendees=[abebe],
                starts_at=at(wednesday, 12, 0),
                ends_at=at(wednesday, 12, 30),
            ),
            Event(
                subject="Budget call",
                attendees=[abebe],
                starts_at=at(thursday, 14, 0),
                ends_at=at(thursday, 15, 0),
            ),
            Event(
                subject="Sprint review",
                attendees=[devraj, maile],
                starts_at=at(friday, 9, 30),
                ends_at=at(friday, 10, 30),
            ),
        ]
    )


def evaluate_days_to_meet_rosalind_and_devraj(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Thursday 4 July; Wednesday 3 July too if the morning is taken to end at 12:00 sharp."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    wednesday = datetime.date(2024, 7, 3)
    thursday = datetime.date(2024, 7, 4)
    names = {d.strftime("%A").casefold(): d for d in parse_duration_to_calendar("NextWeek")[0]}

    def as_date(item):
        if isinstance(item, datetime.datetime):
            return item.date()
        if isinstance(item, datetime.date):
            return item
        if isinstance(item, str):
            text = item.strip().casefold()
            if text in names:
                return names[text]
            try:
                return datetime.date.fromisoformat(text[:10])
            except ValueError:
                return None
        return None

    # testing guideline #2: dates, datetimes, weekday names or ISO strings; a lone day too
    items = list(result) if isinstance(result, list | tuple | set) else [result]
    days = [as_date(item) for item in items]
    if None in days or len(set(days)) != len(days):
        raise SolutionError("Incorrect solution")
    if set(days) not in ({thursday}, {wednesday, thursday}):
        raise SolutionError("Incorrect solution")
