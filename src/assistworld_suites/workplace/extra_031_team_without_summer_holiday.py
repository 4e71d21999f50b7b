"""Assistant, who on my team still hasn't booked any time off in July or August? I want to nudge them."""  # noqa: E501

QUERY_ID = "extra_031_team_without_summer_holiday"
CATEGORY = "vacations-availability"
TAGS = [
    "information-seeking",
    "find_team_of",
    "get_vacation_schedule",
    "intervals_overlap",
    "list-answer",
]

if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def teammates_without_summer_holiday() -> list[Employee]:
    """Teammates with no booked holiday overlapping 1 July - 31 August."""
    summer = TimeInterval(
        combine(date_by_mdy(month=7, day=1), time_by_hm(12, 0, "am")),
        combine(date_by_mdy(month=8, day=31), time_by_hm(11, 59, "pm")),
    )
    result = []
    for person in find_team_of(get_current_user()):
        holidays = get_vacation_schedule(person) or []
        if not any(intervals_overlap(holiday, summer) for holiday in holidays):
            result.append(person)
    return result


def setup_env_teammates_without_summer_holiday():
    """Five teammates: one off only in September (and in May), one with nothing booked, three
    with holidays touching July or August (one ending on 1 July, one starting on 30 August).
    """
    simulate_org_structure(
        default_employee_names=[
            "Kaia",
            "Lemuel",
            "Mahala",
            "Nizhoni",
            "Orsolya",
            "Pavati",
            "Quang",
            "Rosario",
            "Siosaia",
            "Tamsin",
        ],
        user_name="Uzma",
        user_team=Team.SalesMarketing,
        teams_to_extend={Team.SalesMarketing: ["Violeta", "Wiktor", "Yohannes"]},
    )
    # setup guideline #4
    mahala, lemuel, yohannes, violeta, kaia = (
        find_employee(name)[0] for name in ("Mahala", "Lemuel", "Yohannes", "Violeta", "Kaia")
    )

    def days_off(first, last):
        return TimeInterval(
            start=combine(first, time_by_hm(12, 0, "am")),
            end=combine(last, time_by_hm(11, 59, "pm")),
        )

    # setup guideline #1
    simulate_vacation_schedule(
        mahala, [days_off(date_by_mdy(month=7, day=15), date_by_mdy(month=7, day=26))]
    )
    simulate_vacation_schedule(
        lemuel,
        [
            days_off(date_by_mdy(month=5, day=6), date_by_mdy(month=5, day=10)),
            days_off(date_by_mdy(month=9, day=2), date_by_mdy(month=9, day=6)),
        ],
    )
    simulate_vacation_schedule(
        yohannes, [days_off(date_by_mdy(month=6, day=24), date_by_mdy(month=7, day=1))]
    )
    simulate_vacation_schedule(
        violeta, [days_off(date_by_mdy(month=8, day=30), date_by_mdy(month=9, day=3))]
    )
    simulate_vacation_schedule(
        kaia, [days_off(date_by_mdy(month=8, day=5), date_by_mdy(month=8, day=9))]
    )


def evaluate_teammates_without_summer_holiday(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Lemuel and Wiktor."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    expected = [find_employee(name)[0] for name in ("Lemuel", "Wiktor")]
    # testing guideline #2: Employees or names, in any order
    if not isinstance(result, list | tuple | set):
        raise SolutionError("Incorrect solution")
    found = []
    for item in result:
        if isinstance(item, str):
            matches = [p for p in expected if p.name.casefold() == item.strip().casefold()]
            item = matches[0] if matches else None
        if item not in expected or item in found:
            raise SolutionError("Incorrect solution")
        found.append(item)
    if len(found) != len(expected):
        raise SolutionError("Incorrect solution")
