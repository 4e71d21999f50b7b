"""Assistant, who in Sales has the most holiday booked over July and August?"""

QUERY_ID = "vacation_012_most_summer_holiday_sales"
CATEGORY = "vacations-availability"
TAGS = ["information-seeking", "get_vacation_schedule", "Team", "date_by_mdy", "max"]

if __name__ == "__main__":
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def most_summer_holiday_in_sales() -> Employee:
    """The Sales team member with the most holiday days between 1 July and 31 August."""
    first = date_by_mdy(month=7, day=1)
    last = date_by_mdy(month=8, day=31)
    sales = [e for e in get_all_employees() if get_employee_profile(e).team == Team.SalesMarketing]

    def summer_days(person: Employee) -> int:
        vacations = get_vacation_schedule(person) or []
        count = 0
        day = first
        while day <= last:
            if any(v.contains_date(day) for v in vacations):
                count += 1
            day = day + datetime.timedelta(days=1)
        return count

    if not sales:
        raise RequiresUserInput("There is nobody in the Sales team.")
    return max(sales, key=summer_days)


def setup_env_most_summer_holiday_in_sales():
    """Kazuki has 24 summer days off; long holidays reaching into June or September and an
    Engineer's leave are traps.
    """
    simulate_org_structure(
        default_employee_names=["Lukas", "Mariam", "Osei", "Beatriz"],
        teams_to_extend={Team.SalesMarketing: ["Fiorella", "Kazuki", "Anouk", "Dragan"]},
    )

    def days_off(first: datetime.date, last: datetime.date) -> TimeInterval:
        return TimeInterval(
            start=combine(first, time_by_hm(12, 0, "am")),
            end=combine(last, time_by_hm(11, 59, "pm")),
        )

    def july(day: int) -> datetime.date:
        return date_by_mdy(month=7, day=day)

    def august(day: int) -> datetime.date:
        return date_by_mdy(month=8, day=day)

    # setup guideline #1: dates grounded with time_utils; setup guideline #4 for the lookups
    simulate_vacation_schedule(find_employee("Fiorella")[0], [days_off(july(1), july(12))])
    simulate_vacation_schedule(
        find_employee("Kazuki")[0], [days_off(july(15), july(19)), days_off(august(5), august(23))]
    )
    simulate_vacation_schedule(find_employee("Anouk")[0], [days_off(august(1), august(23))])
    simulate_vacation_schedule(
        find_employee("Dragan")[0], [days_off(date_by_mdy(month=6, day=3), july(5))]
    )
    simulate_vacation_schedule(
        find_employee("Osei")[0], [days_off(august(19), date_by_mdy(month=9, day=27))]
    )
    simulate_vacation_schedule(find_employee("Mariam")[0], [days_off(july(1), august(30))])


def evaluate_most_summer_holiday_in_sales(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """The answer is Kazuki (as an Employee or a name); nothing may change."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    kazuki = find_employee("Kazuki")[0]
    # testing guideline #2: the Employee, their name, or a one-element list of either
    if isinstance(result, list | tuple) and len(result) == 1:
        result = result[0]
    if isinstance(result, Employee):
        if result.employee_id != kazuki.employee_id:
            raise SolutionError("Incorrect solution")
        return
    if not isinstance(result, str) or result.strip() != "Kazuki":
        raise SolutionError("Incorrect solution")
