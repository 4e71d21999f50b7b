"""Assistant, the quarterly report is due 40 days from today. Block two hours at 2 PM on the last working day before it's due so I can finish it off."""  # noqa: E501

QUERY_ID = "mixed_011_report_due_in_forty_days"
CATEGORY = "time-expressions"
TAGS = ["combine-before-modify", "modify", "working-days", "weekend-policy", "add_event"]

if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def block_report_finishing_time():
    """Block 14:00-16:00 on the last weekday before the day 40 days from today."""
    today = parse_date_string(DateExpressions.Today)
    one_day = Duration(1, TimeUnits.Days)
    # modify needs a datetime: combine today's date with the start time before adding days
    due = modify(
        combine(today, time_by_hm(2, 0, "pm")),
        Duration(40, TimeUnits.Days),
        operator=DateTimeClauseOperators.add,
    )
    starts_at = modify(due, one_day, operator=DateTimeClauseOperators.subtract)
    while starts_at.weekday() >= 5:
        starts_at = modify(starts_at, one_day, operator=DateTimeClauseOperators.subtract)
    ends_at = modify(starts_at, Duration(2, TimeUnits.Hours), operator=DateTimeClauseOperators.add)
    add_event(Event(subject="Finish quarterly report", starts_at=starts_at, ends_at=ends_at))


def setup_env_block_report_finishing_time():
    """A few meetings in late July and early August; the due date (4 August) is a Sunday."""
    simulate_org_structure(
        default_employee_names=[
            "Jorunn",
            "Kwesi",
            "Liesel",
            "Mihaela",
            "Nazanin",
            "Oluchi",
            "Piripi",
            "Qiana",
            "Reuven",
            "Saoirse",
            "Thandiwe",
            "Ulises",
        ]
    )
    # setup guideline #4
    jorunn, kwesi, liesel = (find_employee(n)[0] for n in ("Jorunn", "Kwesi", "Liesel"))
    # setup guideline #1
    august_1 = date_by_mdy(month=8, day=1)
    august_5 = date_by_mdy(month=8, day=5)

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Report data freeze",
                attendees=[jorunn, kwesi],
                starts_at=at(august_1, 10, 0),
                ends_at=at(august_1, 10, 30),
            ),
            Event(
                subject="Report retro",
                attendees=[liesel],
                starts_at=at(august_5, 11, 0),
                ends_at=at(august_5, 11, 45),
            ),
        ]
    )


def evaluate_block_report_finishing_time(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Due Sunday 4 August, so the block is Friday 2 August 14:00-16:00 for the user alone."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    if event.starts_at != datetime.datetime(2024, 8, 2, 14, 0):
        raise SolutionError("Incorrect solution")
    if event.ends_at != datetime.datetime(2024, 8, 2, 16, 0):
        raise SolutionError("Incorrect solution")
    if event.attendees or event.repeats is not None:
        raise SolutionError("Incorrect solution")
