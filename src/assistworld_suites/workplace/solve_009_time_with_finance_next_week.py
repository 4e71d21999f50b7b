"""Assistant, how much of my time next week goes on meetings with anyone from Finance?"""

QUERY_ID = "solve_009_time_with_finance_next_week"
CATEGORY = "problem-solving"
TAGS = [
    "information-seeking",
    "get_employee_profile",
    "sum_time_units",
    "next-week",
    "team-filter",
]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def time_with_finance_next_week() -> Duration:
    """Total length of next week's meetings that include someone from the Finance team."""
    next_week = parse_durations_to_date_interval(DateRanges.NextWeek)
    lengths = []
    for event in find_events():
        if not next_week.start <= event.starts_at.date() <= next_week.end:
            continue
        teams = {get_employee_profile(person).team for person in event.attendees or []}
        if Team.Finance in teams:
            lengths.append(event.duration)
    return sum_time_units(lengths)


def setup_env_time_with_finance_next_week():
    """Next week: 60 min with Darius, 90 min with Jakub, 30 min with the CFO; others without."""
    simulate_org_structure(
        default_employee_names=[
            "Aino",
            "Bashir",
            "Celeste",
            "Darius",
            "Ebru",
            "Feng",
            "Ginevra",
            "Haruki",
            "Ilse",
            "Jakub",
            "Kagiso",
            "Letizia",
            "Manaia",
            "Nuno",
            "Ottar",
        ],
        user_name="Priya",
    )
    # setup guideline #4: Finance is Darius (manager), Jakub and Ottar; Aino is the CFO
    aino, bashir, celeste, darius, haruki, jakub, ottar = (
        find_employee(name)[0]
        for name in ("Aino", "Bashir", "Celeste", "Darius", "Haruki", "Jakub", "Ottar")
    )
    # setup guideline #1
    thursday = get_next_dow("Thursday")
    monday = get_next_dow("Monday")
    tuesday, wednesday, thursday_next, friday = (
        get_next_dow(name, after=monday) for name in ("Tuesday", "Wednesday", "Thursday", "Friday")
    )
    following_monday = get_next_dow("Monday", after=monday)

    def meeting(subject, people, day, start, minutes):
        starts_at = combine(day, datetime.time(*start))
        return Event(
            subject=subject,
            attendees=people,
            starts_at=starts_at,
            ends_at=starts_at + datetime.timedelta(minutes=minutes),
        )

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            meeting("Cost review", [darius], thursday, (10, 0), 60),
            meeting("Budget planning", [darius], monday, (10, 0), 60),
            meeting("Licence renewal", [bashir, jakub], tuesday, (14, 0), 90),
            meeting("Headcount plan", [aino], wednesday, (11, 0), 30),
            meeting("Diary planning", [haruki], thursday_next, (9, 30), 30),
            meeting("Launch prep", [celeste], friday, (15, 0), 60),
            meeting("Invoice backlog", [ottar], following_monday, (10, 0), 60),
        ]
    )


def evaluate_time_with_finance_next_week(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """2.5 hours with the Finance team, or 3 hours if the CFO counts as Finance too."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    acceptable_minutes = {150, 180}
    # testing guideline #2: a Duration, a timedelta, a number of hours or minutes, or a text
    minutes_per_unit = {
        TimeUnits.Minutes: 1,
        TimeUnits.Hours: 60,
        TimeUnits.Days: 1440,
    }
    if isinstance(result, Duration):
        if result.unit not in minutes_per_unit:
            raise SolutionError("Incorrect solution")
        candidates = {result.number * minutes_per_unit[result.unit]}
    elif isinstance(result, datetime.timedelta):
        candidates = {result.total_seconds() / 60}
    elif isinstance(result, int | float) and not isinstance(result, bool):
        candidates = {result * 60, result}  # hours or minutes
    elif isinstance(result, str):
        import re

        text = result.strip().casefold()
        found = re.findall(r"(\d+(?:\.\d+)?)\s*(h|m)", text)
        if found:
            candidates = {sum(float(n) * (60 if unit == "h" else 1) for n, unit in found)}
        elif re.fullmatch(r"\d+(?:\.\d+)?", text):
            candidates = {float(text) * 60, float(text)}  # a bare number of hours or minutes
        else:
            raise SolutionError("Incorrect solution")
    else:
        raise SolutionError("Incorrect solution")
    if not any(abs(c - m) < 1e-6 for c in candidates for m in acceptable_minutes):
        raise SolutionError("Incorrect solution")
