"""Assistant, is anyone in Finance off on the 12th?"""

QUERY_ID = "vacation_002_finance_off_on_the_12th"
CATEGORY = "vacations-availability"
TAGS = ["information-seeking", "get_vacation_schedule", "Team", "date_by_mdy", "contrast-set"]

if __name__ == "__main__":
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def finance_people_off_on_the_12th() -> list[Employee]:
    """The Finance team members whose holidays cover the coming 12th of the month."""
    today = now_().date()
    day = date_by_mdy(day=12)
    if day < today:  # the 12th of this month is past: the user means next month's
        day = modify(
            combine(day, time_by_hm(12, 0, "pm")),
            Duration(1, TimeUnits.Months),
            operator=DateTimeClauseOperators.add,
        ).date()
    finance = [e for e in get_all_employees() if get_employee_profile(e).team == Team.Finance]
    off = []
    for person in finance:
        if any(v.contains_date(day) for v in get_vacation_schedule(person) or []):
            off.append(person)
    return off


def setup_env_finance_people_off_on_the_12th():
    """Ingeborg (8-12 July) and Ifunanya (12 July) are off; traps in June and outside Finance."""
    simulate_org_structure(
        default_employee_names=["Graciela", "Rhys", "Takeshi", "Abena", "Ludmila", "Olamide"],
        teams_to_extend={Team.Finance: ["Ingeborg", "Matías", "Ifunanya"]},
    )

    def days_off(first: datetime.date, last: datetime.date) -> TimeInterval:
        return TimeInterval(
            start=combine(first, time_by_hm(12, 0, "am")),
            end=combine(last, time_by_hm(11, 59, "pm")),
        )

    # setup guideline #1: dates grounded with time_utils; setup guideline #4 for the lookups
    july = parse_durations_to_date_interval(DateRanges.NextMonth)
    july_12 = replace(july.start, day=12)
    simulate_vacation_schedule(
        find_employee("Ingeborg")[0], [days_off(replace(july.start, day=8), july_12)]
    )
    simulate_vacation_schedule(find_employee("Ifunanya")[0], [days_off(july_12, july_12)])
    simulate_vacation_schedule(
        find_employee("Matías")[0], [days_off(july.start, replace(july.start, day=11))]
    )
    simulate_vacation_schedule(
        find_employee("Olamide")[0],
        [days_off(date_by_mdy(month=6, day=10), date_by_mdy(month=6, day=14))],
    )
    simulate_vacation_schedule(find_employee("Rhys")[0], [days_off(july_12, july_12)])


def evaluate_finance_people_off_on_the_12th(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Ingeborg and Ifunanya (Finance) are off on Friday 12 July; nothing may change."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    expected = {find_employee("Ingeborg")[0].employee_id, find_employee("Ifunanya")[0].employee_id}
    # testing guideline #2: a yes/no answer, or the people (Employee objects or names)
    if isinstance(result, bool):
        if result is not True:
            raise SolutionError("Incorrect solution")
        return
    if not isinstance(result, list | tuple | set):
        raise SolutionError("Incorrect solution")
    ids = []
    for item in result:
        if isinstance(item, Employee):
            ids.append(item.employee_id)
        elif isinstance(item, str) and len(find_employee(item)) == 1:
            ids.append(find_employee(item)[0].employee_id)
        else:
            raise SolutionError("Incorrect solution")
    if len(ids) != len(set(ids)) or set(ids) != expected:
        raise SolutionError("Incorrect solution")


def setup_env_finance_people_off_on_the_12th_nobody():
    """Nobody in Finance is off on 12 July (only Rhys, from Engineering, and a 12 June holiday)."""
    simulate_org_structure(
        default_employee_names=["Graciela", "Rhys", "Takeshi", "Abena", "Ludmila", "Olamide"],
        teams_to_extend={Team.Finance: ["Ingeborg", "Matías", "Ifunanya"]},
    )

    def days_off(first: datetime.date, last: datetime.date) -> TimeInterval:
        return TimeInterval(
            start=combine(first, time_by_hm(12, 0, "am")),
            end=combine(last, time_by_hm(11, 59, "pm")),
        )

    # setup guideline #1: dates grounded with time_utils; setup guideline #4 for the lookups
    july = parse_durations_to_date_interval(DateRanges.NextMonth)
    july_12 = replace(july.start, day=12)
    simulate_vacation_schedule(
        find_employee("Matías")[0], [days_off(july.start, replace(july.start, day=11))]
    )
    simulate_vacation_schedule(
        find_employee("Ifunanya")[0],
        [days_off(replace(july.start, day=15), replace(july.start, day=19))],
    )
    simulate_vacation_schedule(
        find_employee("Olamide")[0],
        [days_off(date_by_mdy(month=6, day=10), date_by_mdy(month=6, day=14))],
    )
    simulate_vacation_schedule(find_employee("Rhys")[0], [days_off(july_12, july_12)])


def evaluate_finance_people_off_on_the_12th_nobody(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """No one in Finance is off on 12 July: False or an empty list; nothing may change."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    # testing guideline #2: a "no", or an empty list of people
    if isinstance(result, bool):
        if result is not False:
            raise SolutionError("Incorrect solution")
        return
    if not isinstance(result, list | tuple | set) or len(result) != 0:
        raise SolutionError("Incorrect solution")
