"""Assistant, Chidera is covering for me while I'm on holiday. Is she off herself at any point during my holiday? If so, which days?"""  # noqa: E501

QUERY_ID = "mixed_030_cover_off_during_my_holiday"
CATEGORY = "vacations-availability"
TAGS = ["information-seeking", "get_vacation_schedule", "overlap-days", "contrast-set"]

if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def days_chidera_is_off_during_my_holiday() -> list[datetime.date]:
    """The dates within the user's next (or current) holiday on which Chidera is also away."""
    # by structure guideline #1
    chidera = find_employee("Chidera")[0]
    now = now_()
    mine = [v for v in get_vacation_schedule(get_current_user()) or [] if v.end >= now]
    if not mine:
        raise RequiresUserInput("You have no holiday coming up.")
    holiday = mine[0]
    hers = get_vacation_schedule(chidera) or []
    days = []
    day = holiday.start.date()
    while day <= holiday.end.date():
        if any(v.start.date() <= day <= v.end.date() for v in hers):
            days.append(day)
        day = day + datetime.timedelta(days=1)
    return days


def setup_env_days_chidera_is_off_during_my_holiday():
    """I am off 15-26 July (and was off in May); Chidera is off 1-3 July and 25-30 July."""
    simulate_org_structure(
        default_employee_names=[
            "Chidera",
            "Arvid",
            "Berenike",
            "Cuauhtémoc",
            "Deolinda",
            "Eamonn",
            "Fotima",
            "Gaspar",
            "Hilja",
            "Ikaika",
            "Jasna",
            "Kwaku",
        ],
        user_name="Liora",
    )
    me = get_current_user()
    chidera, arvid = (find_employee(n)[0] for n in ("Chidera", "Arvid"))  # setup guideline #4

    def away(first_month, first_day, last_month, last_day):
        # setup guideline #1: dates from time_utils, whole days off
        return TimeInterval(
            combine(date_by_mdy(month=first_month, day=first_day), time_by_hm(12, 0, "am")),
            combine(date_by_mdy(month=last_month, day=last_day), time_by_hm(11, 59, "pm")),
        )

    simulate_vacation_schedule(me, [away(5, 13, 5, 17), away(7, 15, 7, 26)])
    simulate_vacation_schedule(chidera, [away(7, 1, 7, 3), away(7, 25, 7, 30)])
    simulate_vacation_schedule(arvid, [away(7, 15, 7, 19)])


def evaluate_days_chidera_is_off_during_my_holiday(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Yes: Thursday 25 and Friday 26 July. Nothing changes."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    expected = {datetime.date(2024, 7, 25), datetime.date(2024, 7, 26)}
    # testing guideline #2: dates, datetimes or intervals covering exactly those days
    if not isinstance(result, list | tuple | set) or not result:
        raise SolutionError("Incorrect solution")
    covered = set()
    for item in result:
        if isinstance(item, TimeInterval):
            day = item.start.date()
            while day <= item.end.date():
                covered.add(day)
                day += datetime.timedelta(days=1)
        elif isinstance(item, datetime.datetime):
            covered.add(item.date())
        elif isinstance(item, datetime.date):
            covered.add(item)
        else:
            raise SolutionError("Incorrect solution")
    if covered != expected:
        raise SolutionError("Incorrect solution")


def setup_env_days_chidera_is_off_during_my_holiday_no_overlap():
    """I am off 15-26 July; Chidera's holidays (1-3 July, 29 July-2 August) fall either side."""
    simulate_org_structure(
        default_employee_names=[
            "Chidera",
            "Arvid",
            "Berenike",
            "Cuauhtémoc",
            "Deolinda",
            "Eamonn",
            "Fotima",
            "Gaspar",
            "Hilja",
            "Ikaika",
            "Jasna",
            "Kwaku",
        ],
        user_name="Liora",
    )
    me = get_current_user()
    chidera, arvid = (find_employee(n)[0] for n in ("Chidera", "Arvid"))  # setup guideline #4

    def away(first_month, first_day, last_month, last_day):
        # setup guideline #1: dates from time_utils, whole days off
        return TimeInterval(
            combine(date_by_mdy(month=first_month, day=first_day), time_by_hm(12, 0, "am")),
            combine(date_by_mdy(month=last_month, day=last_day), time_by_hm(11, 59, "pm")),
        )

    simulate_vacation_schedule(me, [away(7, 15, 7, 26)])
    simulate_vacation_schedule(chidera, [away(7, 1, 7, 3), away(7, 29, 8, 2)])
    simulate_vacation_schedule(arvid, [away(7, 22, 7, 24)])


def evaluate_days_chidera_is_off_during_my_holiday_no_overlap(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """No: an empty list (or False). Nothing changes."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    # testing guideline #2: no days, as an empty collection or a plain "no"
    if result is False:
        return
    if not isinstance(result, list | tuple | set) or len(result) != 0:
        raise SolutionError("Incorrect solution")
