"""Assistant, how many meetings am I in with Oluwaseun for the rest of this week? Count the group ones too."""  # noqa: E501

QUERY_ID = "simple_008_count_meetings_with_oluwaseun"
CATEGORY = "simple-scheduling"
TAGS = ["find_events", "this_week_dates", "information-seeking", "count"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def count_meetings_with_oluwaseun_this_week() -> int:
    """Count my remaining meetings this week that Oluwaseun attends, group meetings included."""
    # by structure guideline #1
    oluwaseun = find_employee("Oluwaseun")[0]
    week = this_week_dates()
    # upcoming events only ("the rest of this week"); group meetings count when he attends
    meetings = [
        e
        for e in find_events()
        if oluwaseun in (e.attendees or []) and week[0] <= e.starts_at.date() <= week[-1]
    ]
    return len(meetings)


def setup_env_count_meetings_with_oluwaseun_this_week():
    """Three meetings with Oluwaseun later this week; others last week, next week, without him."""
    simulate_org_structure(
        default_employee_names=["Oluwaseun", "Marisol", "Kenji", "Agnieszka", "Ximena"]
    )
    oluwaseun = find_employee("Oluwaseun")[0]  # setup guideline #4
    marisol = find_employee("Marisol")[0]
    kenji = find_employee("Kenji")[0]
    agnieszka = find_employee("Agnieszka")[0]
    # setup guideline #1
    today = parse_date_string(DateExpressions.Today)
    last_thursday = get_prev_dow("Thursday")
    wednesday = get_next_dow("Wednesday")
    thursday = get_next_dow("Thursday")
    friday = get_next_dow("Friday")
    next_monday = get_next_dow("Monday")

    def meeting(subject, people, day, hour, minute, length):
        start = datetime.datetime.combine(day, datetime.time(hour, minute))
        return Event(
            subject=subject,
            attendees=people,
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=length),
        )

    # setup guidelines #2 and #3: last week's meeting is past, the others are upcoming
    simulate_user_calendar(
        [
            meeting("Forecast 1:1", [oluwaseun], last_thursday, 14, 0, 30),
            meeting("Forecast 1:1", [oluwaseun], today, 15, 0, 30),
            meeting("Vendor shortlist", [kenji, marisol], wednesday, 11, 0, 60),
            meeting("Budget walkthrough", [agnieszka, marisol, oluwaseun], thursday, 10, 0, 60),
            meeting("Pairing", [kenji], thursday, 14, 0, 60),
            meeting("Forecast 1:1", [oluwaseun], friday, 16, 30, 30),
            meeting("Forecast 1:1", [oluwaseun], next_monday, 9, 30, 30),
        ]
    )


def evaluate_count_meetings_with_oluwaseun_this_week(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """The answer is 3 (today 15:00, Thursday's group meeting, Friday 16:30)."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    # testing guideline #2: a number, or a sentence holding that one number
    if isinstance(result, bool):
        raise SolutionError("Incorrect solution")
    if isinstance(result, int | float):
        if result != 3:
            raise SolutionError("Incorrect solution")
    elif isinstance(result, str):
        import re

        if re.findall(r"\d+", result) != ["3"]:
            raise SolutionError("Incorrect solution")
    else:
        raise SolutionError("Incorrect solution")
