"""Assistant, when are Olga and Pierre both off?"""

QUERY_ID = "answer_015_olga_and_pierre_both_off"
CATEGORY = "multi-answer-questions"
TAGS = ["information-seeking", "get_vacation_schedule", "overlap", "weekends", "dates-or-ranges"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def olga_and_pierre_both_off() -> list[datetime.date]:
    """The upcoming working days on which Olga and Pierre are both on holiday."""
    # by structure guideline #1
    olga = find_employee("Olga")[0]
    pierre = find_employee("Pierre")[0]
    today = now_().date()

    def days_off(person: Employee) -> set[datetime.date]:
        days = set()
        for holiday in get_vacation_schedule(person) or []:
            day = holiday.start.date()
            while day <= holiday.end.date():
                if day >= today:
                    days.add(day)
                day = day + datetime.timedelta(days=1)
        return days

    shared = days_off(olga) & days_off(pierre)
    # weekends are days off for everyone: keep the working days
    return sorted(day for day in shared if day.weekday() < 5)


def setup_env_olga_and_pierre_both_off():
    """Both off 13-21 July (a Saturday to a Sunday) and 14-15 August; no other shared days ahead."""
    simulate_org_structure(
        default_employee_names=[
            "Olga",
            "Pierre",
            "Ayodele",
            "Beatrix",
            "Cheng",
            "Dervla",
            "Emiliano",
            "Frida",
            "Gurpreet",
            "Helmi",
            "Inge",
            "Jamshid",
        ],
        user_name="Rafa",
    )
    # setup guideline #4
    olga, pierre, ayodele = (find_employee(name)[0] for name in ("Olga", "Pierre", "Ayodele"))

    def off(first_month, first_day, last_month, last_day):
        # setup guideline #1: dates grounded on the current year
        return TimeInterval(
            combine(date_by_mdy(month=first_month, day=first_day), datetime.time(0, 0)),
            combine(date_by_mdy(month=last_month, day=last_day), datetime.time(23, 59)),
        )

    # setup guideline #3: June's holidays are over, the others to come
    simulate_vacation_schedule(olga, [off(6, 3, 6, 4), off(7, 8, 7, 21), off(8, 12, 8, 16)])
    simulate_vacation_schedule(pierre, [off(6, 6, 6, 7), off(7, 13, 7, 26), off(8, 14, 8, 15)])
    simulate_vacation_schedule(ayodele, [off(7, 1, 7, 31)])


def evaluate_olga_and_pierre_both_off(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """15-19 July and 14-15 August; or with the weekend days 13-14 and 20-21 July; or as ranges."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)

    def day(month, day_of_month):
        return date_by_mdy(month=month, day=day_of_month)

    def span(first, last):
        return {first + datetime.timedelta(days=n) for n in range((last - first).days + 1)}

    august = span(day(8, 14), day(8, 15))
    working_days = span(day(7, 15), day(7, 19)) | august
    all_days = span(day(7, 13), day(7, 21)) | august
    range_answers = [
        {(day(7, 15), day(7, 19)), (day(8, 14), day(8, 15))},
        {(day(7, 13), day(7, 21)), (day(8, 14), day(8, 15))},
    ]

    def as_date(item):
        if isinstance(item, datetime.datetime):
            return item.date()
        if isinstance(item, datetime.date):
            return item
        if isinstance(item, str):
            try:
                return datetime.date.fromisoformat(item.strip()[:10])
            except ValueError:
                return None
        return None

    # testing guideline #2: a list of days, or a list of (first, last) periods
    if not isinstance(result, list | tuple | set) or not result:
        raise SolutionError("Incorrect solution")
    items = list(result)
    if all(isinstance(item, tuple | list) and len(item) == 2 for item in items):
        periods = [(as_date(a), as_date(b)) for a, b in items]
        correct = len(set(periods)) == len(periods) and set(periods) in range_answers
    else:
        days = [as_date(item) for item in items]
        correct = len(set(days)) == len(days) and set(days) in (working_days, all_days)
    if not correct:
        raise SolutionError("Incorrect solution")
