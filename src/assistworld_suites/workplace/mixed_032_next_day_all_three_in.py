"""Assistant, when's the next day that Hamza, Ivana and I will all be in the office?"""

QUERY_ID = "mixed_032_next_day_all_three_in"
CATEGORY = "vacations-availability"
TAGS = ["information-seeking", "get_vacation_schedule", "multi-day-vacation", "working-days"]

if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def next_day_all_three_in() -> datetime.date:
    """The first weekday from today on which none of Hamza, Ivana and the user is on holiday."""
    # by structure guideline #1
    people = [find_employee("Hamza")[0], find_employee("Ivana")[0], get_current_user()]
    holidays = [h for person in people for h in get_vacation_schedule(person) or []]
    day = parse_date_string(DateExpressions.Today)
    for _ in range(366):
        # a holiday counts on every date it touches
        if day.weekday() < 5 and not any(h.start.date() <= day <= h.end.date() for h in holidays):
            return day
        day = day + datetime.timedelta(days=1)
    raise RequiresUserInput("The three of you are never in the office together in the next year.")


def setup_env_next_day_all_three_in():
    """Hamza is off Monday-Wednesday this week, Ivana Thursday to next Monday, and the user next
    Tuesday, so the first common day is next Wednesday (3 July).
    """
    simulate_org_structure(
        default_employee_names=[
            "Hamza",
            "Ivana",
            "Jurre",
            "Kalani",
            "Ludmila",
            "Mauricio",
            "Nasrin",
            "Ohanzee",
            "Pilvi",
            "Rasmus",
            "Sunniva",
            "Tupac",
        ],
        user_name="Veda",
    )
    hamza, ivana, jurre = (find_employee(n)[0] for n in ("Hamza", "Ivana", "Jurre"))
    me = get_current_user()
    # setup guideline #1
    monday = get_prev_dow("Monday")
    wednesday = get_next_dow("Wednesday")
    thursday = get_next_dow("Thursday")
    next_monday = get_next_dow("Monday")
    next_tuesday = get_next_dow("Tuesday")

    def away(first, last):
        return TimeInterval(
            combine(first, time_by_hm(12, 0, "am")), combine(last, time_by_hm(11, 59, "pm"))
        )

    simulate_vacation_schedule(
        hamza, [away(monday, wednesday), away(date_by_mdy(month=8, day=5), date_by_mdy(8, 9))]
    )
    simulate_vacation_schedule(ivana, [away(thursday, next_monday)])
    simulate_vacation_schedule(me, [away(next_tuesday, next_tuesday)])
    simulate_vacation_schedule(
        jurre, [away(get_next_dow("Wednesday", after=next_tuesday), date_by_mdy(month=7, day=5))]
    )


def evaluate_next_day_all_three_in(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Wednesday 3 July 2024; nothing changes."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    expected = datetime.date(2024, 7, 3)
    # testing guideline #2: a date, a datetime on that date, or a text naming it
    if isinstance(result, list | tuple) and len(result) == 1:
        result = result[0]
    if isinstance(result, datetime.datetime):
        correct = result.date() == expected
    elif isinstance(result, datetime.date):
        correct = result == expected
    elif isinstance(result, str):
        correct = "2024-07-03" in result
    else:
        correct = False
    if not correct:
        raise SolutionError("Incorrect solution")
