"""Assistant, which of the people reporting to the head of Sales and Marketing are off at some point next week?"""  # noqa: E501

QUERY_ID = "org_011_sales_reports_off_next_week"
CATEGORY = "org-structure"
TAGS = ["find_reports_of", "department-head", "get_vacation_schedule", "information-seeking"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def sales_reports_off_next_week() -> list[Employee]:
    """Return the direct reports of the Sales and Marketing head with time off next week."""
    # department heads report to the COO or the CFO
    heads = [
        e
        for e in get_all_employees()
        if get_employee_profile(e).team == Team.SalesMarketing
        and get_employee_profile(find_manager_of(e)).team == Team.Leadership
    ]
    if len(heads) != 1:
        raise RequiresUserInput(f"Found {len(heads)} heads of Sales and Marketing, expected one.")
    week = parse_durations_to_date_interval(DateRanges.NextWeek)
    monday = combine(week.start, time_by_hm(12, 0, "am"))
    whole_week = TimeInterval(
        monday, modify(monday, Duration(7, TimeUnits.Days), operator=DateTimeClauseOperators.add)
    )
    return [
        person
        for person in find_reports_of(heads[0])
        if any(intervals_overlap(v, whole_week) for v in get_vacation_schedule(person) or [])
    ]


def setup_env_sales_reports_off_next_week():
    """Two of the head's three reports have time off next week."""
    simulate_org_structure(
        default_employee_names=[
            "Aliya",
            "Bernardo",
            "Cecilia",
            "Dawit",
            "Emilia",
            "Florentyna",
            "Guilherme",
            "Hadas",
            "Ikaika",
            "Jessamy",
            "Kwame",
            "Ludmila",
            "Manon",
            "Nizhoni",
            "Osvaldo",
            "Pania",
            "Radek",
            "Siddharth",
        ],
        user_name="Teodora",
    )
    # setup guideline #4
    florentyna = find_employee("Florentyna")[0]
    kwame = find_employee("Kwame")[0]
    osvaldo = find_employee("Osvaldo")[0]
    guilherme = find_employee("Guilherme")[0]
    dawit = find_employee("Dawit")[0]
    # setup guideline #1
    friday = get_next_dow("Friday")
    monday = get_next_dow("Monday")

    def days_off(first, days):
        start = combine(first, datetime.time(0, 0))
        return TimeInterval(start, start + datetime.timedelta(days=days))

    # not next week: this Friday, and the week after next
    simulate_vacation_schedule(
        kwame, [days_off(friday, 1), days_off(monday + datetime.timedelta(days=7), 3)]
    )
    # the head and someone in Finance are away next week, but they are not the head's reports
    simulate_vacation_schedule(guilherme, [days_off(monday, 5)])
    simulate_vacation_schedule(dawit, [days_off(monday + datetime.timedelta(days=2), 2)])
    # Florentyna is off next Tuesday and Wednesday; Osvaldo from next Friday
    simulate_vacation_schedule(florentyna, [days_off(monday + datetime.timedelta(days=1), 2)])
    simulate_vacation_schedule(osvaldo, [days_off(monday + datetime.timedelta(days=4), 6)])


def evaluate_sales_reports_off_next_week(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """The answer is Florentyna and Osvaldo (not Kwame, the head, or Finance)."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    expected = {find_employee(name)[0].employee_id for name in ("Florentyna", "Osvaldo")}
    reports = ("Florentyna", "Kwame", "Osvaldo")

    # testing guideline #2: Employees, profiles or names, in any order; or one text naming them
    if isinstance(result, str):
        if {n for n in reports if n in result} != {"Florentyna", "Osvaldo"}:
            raise SolutionError("Incorrect solution")
        return
    if not isinstance(result, list | tuple | set):
        raise SolutionError("Incorrect solution")
    ids = []
    for item in result:
        if isinstance(item, Employee | EmployeeDetails):
            ids.append(item.employee_id)
        elif isinstance(item, str) and len(find_employee(item)) == 1:
            ids.append(find_employee(item)[0].employee_id)
        else:
            raise SolutionError("Incorrect solution")
    if len(ids) != len(expected) or set(ids) != expected:
        raise SolutionError("Incorrect solution")


def setup_env_sales_reports_off_next_week_nobody():
    """None of the head's reports is off next week."""
    simulate_org_structure(
        default_employee_names=[
            "Aliya",
            "Bernardo",
            "Cecilia",
            "Dawit",
            "Emilia",
            "Florentyna",
            "Guilherme",
            "Hadas",
            "Ikaika",
            "Jessamy",
            "Kwame",
            "Ludmila",
            "Manon",
            "Nizhoni",
            "Osvaldo",
            "Pania",
            "Radek",
            "Siddharth",
        ],
        user_name="Teodora",
    )
    # setup guideline #4
    florentyna = find_employee("Florentyna")[0]
    kwame = find_employee("Kwame")[0]
    osvaldo = find_employee("Osvaldo")[0]
    guilherme = find_employee("Guilherme")[0]
    dawit = find_employee("Dawit")[0]
    # setup guideline #1
    friday = get_next_dow("Friday")
    monday = get_next_dow("Monday")

    def days_off(first, days):
        start = combine(first, datetime.time(0, 0))
        return TimeInterval(start, start + datetime.timedelta(days=days))

    # not next week: this Friday, and the week after next
    simulate_vacation_schedule(
        kwame, [days_off(friday, 1), days_off(monday + datetime.timedelta(days=7), 3)]
    )
    # the head and someone in Finance are away next week, but they are not the head's reports
    simulate_vacation_schedule(guilherme, [days_off(monday, 5)])
    simulate_vacation_schedule(dawit, [days_off(monday + datetime.timedelta(days=2), 2)])
    # Florentyna was off earlier this week; Osvaldo is off the week after next
    simulate_vacation_schedule(florentyna, [days_off(monday - datetime.timedelta(days=7), 2)])
    simulate_vacation_schedule(osvaldo, [days_off(monday + datetime.timedelta(days=7), 2)])


def evaluate_sales_reports_off_next_week_nobody(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Nobody: the answer is empty."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    reports = ("Florentyna", "Kwame", "Osvaldo")

    # testing guideline #2: an empty collection, None, or a text naming none of the reports
    if result is None or (isinstance(result, list | tuple | set) and len(result) == 0):
        return
    if isinstance(result, str) and not any(n in result for n in reports):
        return
    raise SolutionError("Incorrect solution")
