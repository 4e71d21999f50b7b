"""Assistant, is Yevgenia in the office on Thursday?"""

QUERY_ID = "vacation_016_in_office_thursday"
CATEGORY = "vacations-availability"
TAGS = [
    "information-seeking",
    "get_vacation_schedule",
    "get_calendar",
    "ShowAsStatus",
    "OutOfOffice",
    "contrast-set",
]

if __name__ == "__main__":
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def is_yevgenia_in_office_thursday() -> bool:
    """False if Yevgenia is on holiday or has an out-of-office event on Thursday, else True."""
    yevgenia = find_employee("Yevgenia")[0]  # by structure guideline #1
    thursday = get_next_dow("Thursday")
    if any(v.contains_date(thursday) for v in get_vacation_schedule(yevgenia) or []):
        return False
    for event in get_calendar(yevgenia):
        if (
            event.show_as_status == ShowAsStatus.OutOfOffice
            and event.starts_at.date() <= thursday <= event.ends_at.date()
        ):
            return False
    return True


def setup_env_is_yevgenia_in_office_thursday_on_holiday():
    """Yevgenia is on holiday Wednesday to Friday this week."""
    simulate_org_structure(default_employee_names=["Yevgenia", "Marcus", "Inti", "Folake"])
    yevgenia = find_employee("Yevgenia")[0]  # setup guideline #4
    marcus = find_employee("Marcus")[0]  # setup guideline #4
    # setup guideline #1: dates grounded with time_utils
    simulate_vacation_schedule(
        yevgenia,
        [
            TimeInterval(
                start=combine(get_next_dow("Wednesday"), time_by_hm(12, 0, "am")),
                end=combine(get_next_dow("Friday"), time_by_hm(11, 59, "pm")),
            ),
            TimeInterval(
                start=combine(date_by_mdy(month=9, day=9), time_by_hm(12, 0, "am")),
                end=combine(date_by_mdy(month=9, day=13), time_by_hm(11, 59, "pm")),
            ),
        ],
    )
    simulate_employee_calendar(
        yevgenia,
        [
            Event(
                subject="Standup",
                attendees=[marcus],
                starts_at=combine(get_next_dow("Monday"), time_by_hm(9, 30, "am")),
                ends_at=combine(get_next_dow("Monday"), time_by_hm(9, 45, "am")),
            )
        ],
    )


def evaluate_is_yevgenia_in_office_thursday_on_holiday(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """She is on holiday on Thursday 27 June: the answer is no."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    if result is not False:
        raise SolutionError("Incorrect solution")


def setup_env_is_yevgenia_in_office_thursday_out_of_office():
    """No holiday, but Yevgenia's calendar shows Thursday as out of office (a client site visit)."""
    simulate_org_structure(default_employee_names=["Yevgenia", "Marcus", "Inti", "Folake"])
    yevgenia = find_employee("Yevgenia")[0]  # setup guideline #4
    marcus = find_employee("Marcus")[0]  # setup guideline #4
    inti = find_employee("Inti")[0]  # setup guideline #4
    # setup guideline #1: dates grounded with time_utils
    thursday = get_next_dow("Thursday")
    simulate_vacation_schedule(
        yevgenia,
        [
            TimeInterval(
                start=combine(date_by_mdy(month=8, day=12), time_by_hm(12, 0, "am")),
                end=combine(date_by_mdy(month=8, day=16), time_by_hm(11, 59, "pm")),
            )
        ],
    )
    simulate_vacation_schedule(
        inti,
        [
            TimeInterval(
                start=combine(thursday, time_by_hm(12, 0, "am")),
                end=combine(thursday, time_by_hm(11, 59, "pm")),
            )
        ],
    )
    simulate_employee_calendar(
        yevgenia,
        [
            Event(
                subject="Client site visit",
                attendees=[marcus],
                starts_at=combine(thursday, time_by_hm(9, 6, "am")),
                ends_at=combine(thursday, time_by_hm(5, 10, "pm")),
                show_as_status=ShowAsStatus.OutOfOffice,
            ),
            Event(
                subject="Sprint demo",
                attendees=[marcus],
                starts_at=combine(get_next_dow("Wednesday"), time_by_hm(2, 0, "pm")),
                ends_at=combine(get_next_dow("Wednesday"), time_by_hm(3, 0, "pm")),
            ),
        ],
    )


def evaluate_is_yevgenia_in_office_thursday_out_of_office(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Her calendar marks Thursday out of office: the answer is no."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    if result is not False:
        raise SolutionError("Incorrect solution")


def setup_env_is_yevgenia_in_office_thursday_in():
    """Busy meetings on Thursday, out of office on Friday, holiday next week: she is in on
    Thursday.
    """
    simulate_org_structure(default_employee_names=["Yevgenia", "Marcus", "Inti", "Folake"])
    yevgenia = find_employee("Yevgenia")[0]  # setup guideline #4
    folake = find_employee("Folake")[0]  # setup guideline #4
    # setup guideline #1: dates grounded with time_utils
    thursday = get_next_dow("Thursday")
    friday = get_next_dow("Friday")
    next_monday = get_next_dow("Monday")
    simulate_vacation_schedule(
        yevgenia,
        [
            TimeInterval(
                start=combine(next_monday, time_by_hm(12, 0, "am")),
                end=combine(get_next_dow("Wednesday", after=next_monday), time_by_hm(11, 59, "pm")),
            )
        ],
    )
    simulate_employee_calendar(
        yevgenia,
        [
            Event(
                subject="Quarterly planning",
                attendees=[folake],
                starts_at=combine(thursday, time_by_hm(10, 0, "am")),
                ends_at=combine(thursday, time_by_hm(12, 0, "pm")),
            ),
            Event(
                subject="Focus time",
                starts_at=combine(thursday, time_by_hm(2, 0, "pm")),
                ends_at=combine(thursday, time_by_hm(4, 0, "pm")),
                show_as_status=ShowAsStatus.Free,
            ),
            Event(
                subject="Trade fair",
                attendees=[folake],
                starts_at=combine(friday, time_by_hm(9, 6, "am")),
                ends_at=combine(friday, time_by_hm(5, 10, "pm")),
                show_as_status=ShowAsStatus.OutOfOffice,
            ),
        ],
    )


def evaluate_is_yevgenia_in_office_thursday_in(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Nothing keeps her out on Thursday 27 June: the answer is yes."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    if result is not True:
        raise SolutionError("Incorrect solution")
