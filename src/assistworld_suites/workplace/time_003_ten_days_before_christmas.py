"""Assistant, block two hours for year-end review prep ten days before Christmas, starting at 10 AM. If that falls on a weekend, make it the Friday before."""  # noqa: E501

QUERY_ID = "time_003_ten_days_before_christmas"
CATEGORY = "time-expressions"
TAGS = ["add_event", "parse_date_string", "combine-before-modify", "weekend-policy"]

if __name__ == "__main__":
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def block_year_end_review_prep():
    """Block 10 AM to noon ten days before Christmas, on the Friday before if that is a weekend
    day.
    """
    christmas = parse_date_string(DateExpressions.ChristmasDay)
    # modify only takes datetimes: combine the date with the start time first
    starts_at = modify(
        combine(christmas, time_by_hm(10, 0, "am")),
        Duration(10, TimeUnits.Days),
        operator=DateTimeClauseOperators.subtract,
    )
    if starts_at.weekday() >= 5:
        starts_at = combine(get_prev_dow("Friday", before=starts_at.date()), starts_at.time())
    ends_at = modify(starts_at, Duration(2, TimeUnits.Hours), operator=DateTimeClauseOperators.add)
    add_event(Event(subject="Year-end review prep", starts_at=starts_at, ends_at=ends_at))


def setup_env_block_year_end_review_prep():
    """An organisation and a user calendar with a few December meetings."""
    simulate_org_structure(default_employee_names=["Ayesha", "Björn", "Chinonso", "Daniela"])
    ayesha = find_employee("Ayesha")[0]  # setup guideline #4
    chinonso = find_employee("Chinonso")[0]  # setup guideline #4
    # setup guideline #1: December dates grounded on this year's Christmas; #2 working hours
    christmas = parse_date_string(DateExpressions.ChristmasDay)
    monday_before = get_prev_dow("Monday", before=christmas)
    simulate_user_calendar(
        [
            Event(
                subject="Holiday party planning",
                attendees=[ayesha, chinonso],
                starts_at=combine(monday_before, time_by_hm(11, 0, "am")),
                ends_at=combine(monday_before, time_by_hm(11, 30, "am")),
            ),
            Event(
                subject="Budget freeze",
                attendees=[chinonso],
                starts_at=combine(replace(christmas, day=12), time_by_hm(2, 0, "pm")),
                ends_at=combine(replace(christmas, day=12), time_by_hm(3, 0, "pm")),
            ),
        ]
    )


def evaluate_block_year_end_review_prep(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """2024-12-15 is a Sunday, so the block is Friday 2024-12-13, 10:00-12:00."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    if event.starts_at != datetime.datetime(2024, 12, 13, 10, 0):
        raise SolutionError("Incorrect solution")
    if event.ends_at != datetime.datetime(2024, 12, 13, 12, 0):
        raise SolutionError("Incorrect solution")
    # a block for the user alone (no attendees, or an empty list)
    if event.attendees or event.repeats is not None:
        raise SolutionError("Incorrect solution")
