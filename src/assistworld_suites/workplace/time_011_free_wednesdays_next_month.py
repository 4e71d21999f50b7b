"""Assistant, which Wednesdays next month have I got no meetings at all?"""

QUERY_ID = "time_011_free_wednesdays_next_month"
CATEGORY = "time-expressions"
TAGS = ["information-seeking", "parse_duration_to_calendar", "year-end", "find_events"]
NOW = "2024-11-26T10:00"

if __name__ == "__main__":
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def free_wednesdays_next_month() -> list[datetime.date]:
    """The Wednesdays of next month on which the user has no meeting."""
    # calendar rows are whole weeks, so the first and last rows spill into other months
    weeks = parse_duration_to_calendar("NextMonth")
    month = parse_durations_to_date_interval(DateRanges.NextMonth)
    busy_days = set()
    for event in find_events():
        day = event.starts_at.date()
        while day <= event.ends_at.date():
            busy_days.add(day)
            day = day + datetime.timedelta(days=1)
    free = []
    for week in weeks:
        wednesday = week[2]
        if month.start <= wednesday <= month.end and wednesday not in busy_days:
            free.append(wednesday)
    return free


def setup_env_free_wednesdays_next_month():
    """December meetings on the 4th and 18th; free Wednesdays just outside December too."""
    simulate_org_structure(default_employee_names=["Ifeoma", "Paavo", "Leilani", "Dario"])
    ifeoma = find_employee("Ifeoma")[0]  # setup guideline #4
    paavo = find_employee("Paavo")[0]  # setup guideline #4
    # setup guideline #1: grounded on next month; #2 working hours; #3 future
    december = parse_durations_to_date_interval(DateRanges.NextMonth)
    first_wednesday = get_next_dow("Wednesday", after=december.start)
    third_wednesday = modify(
        combine(first_wednesday, time_by_hm(11, 0, "am")),
        Duration(14, TimeUnits.Days),
        operator=DateTimeClauseOperators.add,
    )
    tuesday = get_next_dow("Tuesday", after=first_wednesday)
    simulate_user_calendar(
        [
            Event(
                subject="Budget lock",
                attendees=[ifeoma],
                starts_at=combine(first_wednesday, time_by_hm(2, 0, "pm")),
                ends_at=combine(first_wednesday, time_by_hm(3, 0, "pm")),
            ),
            Event(
                subject="Year-end retro",
                attendees=[ifeoma, paavo],
                starts_at=third_wednesday,
                ends_at=modify(
                    third_wednesday,
                    Duration(90, TimeUnits.Minutes),
                    operator=DateTimeClauseOperators.add,
                ),
            ),
            Event(
                subject="Vendor review",
                attendees=[paavo],
                starts_at=combine(tuesday, time_by_hm(10, 0, "am")),
                ends_at=combine(tuesday, time_by_hm(11, 0, "am")),
            ),
            Event(
                subject="January kickoff",
                attendees=[paavo],
                starts_at=combine(
                    get_next_dow("Wednesday", after=december.end), time_by_hm(10, 0, "am")
                ),
                ends_at=combine(
                    get_next_dow("Wednesday", after=december.end), time_by_hm(11, 0, "am")
                ),
            ),
        ]
    )


def evaluate_free_wednesdays_next_month(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """December 2024's meeting-free Wednesdays are the 11th and the 25th (not 27 Nov or 1 Jan)."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)

    def as_date(value: Any) -> datetime.date | None:
        if isinstance(value, datetime.datetime):
            return value.date()
        if isinstance(value, datetime.date):
            return value
        if isinstance(value, str):
            try:
                return datetime.date.fromisoformat(value[:10])
            except ValueError:
                return None
        return None

    # testing guideline #2: dates, datetimes or ISO strings, in any order
    if not isinstance(result, list | tuple | set):
        raise SolutionError("Incorrect solution")
    days = [as_date(v) for v in result]
    if None in days or len(days) != len(set(days)):
        raise SolutionError("Incorrect solution")
    if set(days) != {datetime.date(2024, 12, 11), datetime.date(2024, 12, 25)}:
        raise SolutionError("Incorrect solution")
