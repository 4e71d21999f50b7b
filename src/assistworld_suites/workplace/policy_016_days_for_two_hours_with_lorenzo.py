"""Assistant, which days next week could I still fit a two-hour block with Lorenzo within normal office hours?"""  # noqa: E501

QUERY_ID = "policy_016_days_for_two_hours_with_lorenzo"
CATEGORY = "policy-following"
TAGS = [
    "weekend-policy",
    "working-hours",
    "find_available_slots",
    "get_vacation_schedule",
    "information-seeking",
]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def days_for_two_hours_with_lorenzo() -> list[datetime.date]:
    """Return the working days next week with a common free two hours in the working day."""
    # by structure guideline #1
    lorenzo = find_employee("Lorenzo")[0]
    length = Duration(2, TimeUnits.Hours)
    holidays = get_vacation_schedule(lorenzo) or []
    everything = find_events() + get_calendar(lorenzo)
    (week,) = parse_duration_to_calendar("NextWeek")
    days = []
    for day in week:
        # no meetings at the weekend unless the user says so
        if day.weekday() >= 5:
            continue
        start = combine(day, parse_time_string(TimeExpressions.StartOfWorkDay))
        end = combine(day, parse_time_string(TimeExpressions.EndOfWorkDay))
        if any(intervals_overlap(h, TimeInterval(start, end)) for h in holidays):
            continue
        on_day = [e for e in everything if e.starts_at.date() <= day <= e.ends_at.date()]
        for slot in find_available_slots(on_day, date=day):
            usable = TimeInterval(max(slot.start, start), min(slot.end, end))
            if (
                usable.start < usable.end
                and compare_with_fixed_duration(usable, length) != ComparisonResult.SMALLER
            ):
                days.append(day)
                break
    return days


def setup_env_days_for_two_hours_with_lorenzo():
    """Tuesday, Thursday and Friday next week have two common free hours; Wednesday is a holiday."""
    simulate_org_structure(
        default_employee_names=[
            "Lorenzo",
            "Adwoa",
            "Bertrand",
            "Celestine",
            "Dilshod",
            "Eun-ji",
            "Finnian",
            "Gabriela",
            "Hassan",
            "Isolde",
            "Jamal",
            "Kiri",
        ]
    )
    lorenzo = find_employee("Lorenzo")[0]  # setup guideline #4
    adwoa = find_employee("Adwoa")[0]
    # setup guideline #1: next week's days
    monday = get_next_dow("Monday")
    tuesday = monday + datetime.timedelta(days=1)
    wednesday = monday + datetime.timedelta(days=2)
    thursday = monday + datetime.timedelta(days=3)
    friday = monday + datetime.timedelta(days=4)

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(subject="Workshop", starts_at=at(monday, 9, 30), ends_at=at(monday, 12, 0)),
            Event(
                subject="1:1",
                attendees=[adwoa],
                starts_at=at(tuesday, 10, 0),
                ends_at=at(tuesday, 11, 0),
            ),
            Event(
                subject="Standup",
                attendees=[adwoa],
                starts_at=at(thursday, 9, 6),
                ends_at=at(thursday, 10, 0),
            ),
            Event(subject="Hiring panel", starts_at=at(friday, 11, 0), ends_at=at(friday, 12, 0)),
        ]
    )
    simulate_employee_calendar(
        lorenzo,
        [
            Event(subject="Client visit", starts_at=at(monday, 13, 0), ends_at=at(monday, 15, 30)),
            Event(subject="Mentoring", starts_at=at(thursday, 12, 10), ends_at=at(thursday, 13, 0)),
            Event(subject="Release", starts_at=at(friday, 14, 0), ends_at=at(friday, 15, 30)),
        ],
    )
    simulate_vacation_schedule(lorenzo, [TimeInterval(at(wednesday, 0, 0), at(thursday, 0, 0))])


def evaluate_days_for_two_hours_with_lorenzo(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """The answer is next Tuesday, Thursday and Friday (Friday's gap is exactly two hours)."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    monday = get_next_dow("Monday")
    expected = {monday + datetime.timedelta(days=n) for n in (1, 3, 4)}
    names = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")

    # testing guideline #2: dates, datetimes, free intervals, or weekday names / ISO dates as text
    import re

    def days_in_text(text: str) -> set[datetime.date]:
        iso = {datetime.date.fromisoformat(d) for d in re.findall(r"\d{4}-\d{2}-\d{2}", text)}
        named = {monday + datetime.timedelta(days=i) for i, n in enumerate(names) if n in text}
        return iso or named

    if isinstance(result, str):
        if days_in_text(result) != expected:
            raise SolutionError("Incorrect solution")
        return
    if not isinstance(result, list | tuple | set):
        raise SolutionError("Incorrect solution")
    days = set()
    for item in result:
        if isinstance(item, TimeInterval):
            item = item.start
        if isinstance(item, datetime.datetime):
            item = item.date()
        if isinstance(item, str):
            found = days_in_text(item)
            item = found.pop() if len(found) == 1 else None
        if not isinstance(item, datetime.date):
            raise SolutionError("Incorrect solution")
        days.add(item)
    if days != expected:
        raise SolutionError("Incorrect solution")
