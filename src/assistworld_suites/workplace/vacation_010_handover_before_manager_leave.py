"""Assistant, before my manager goes on holiday, set up a 30-minute handover with them at 4 PM on their last working day."""  # noqa: E501

QUERY_ID = "vacation_010_handover_before_manager_leave"
CATEGORY = "vacations-availability"
TAGS = ["find_manager_of", "get_vacation_schedule", "add_event", "last-working-day"]

if __name__ == "__main__":
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def handover_before_manager_holiday():
    """A 30-minute handover with the manager at 4 PM on the last working day before their next
    holiday.
    """
    manager = find_manager_of(get_current_user())
    today = now_().date()
    upcoming = [v for v in get_vacation_schedule(manager) or [] if v.start.date() > today]
    if not upcoming:
        raise RequiresUserInput("Your manager has no upcoming holiday on record.")
    last_day = upcoming[0].start.date() - datetime.timedelta(days=1)
    while last_day.weekday() >= 5:
        last_day = last_day - datetime.timedelta(days=1)
    starts_at = combine(last_day, time_by_hm(4, 0, "pm"))
    ends_at = modify(
        starts_at, Duration(30, TimeUnits.Minutes), operator=DateTimeClauseOperators.add
    )
    add_event(Event(subject="Handover", attendees=[manager], starts_at=starts_at, ends_at=ends_at))


def setup_env_handover_before_manager_holiday():
    """The manager's next holiday starts on Monday 8 July (after a past one in May)."""
    simulate_org_structure(
        default_employee_names=["Rosalind", "Ikenna", "Vesna", "Haruki", "Leilani"]
    )
    manager = find_manager_of(get_current_user())
    ikenna = find_employee("Ikenna")[0]  # setup guideline #4

    def days_off(first: datetime.date, last: datetime.date) -> TimeInterval:
        return TimeInterval(
            start=combine(first, time_by_hm(12, 0, "am")),
            end=combine(last, time_by_hm(11, 59, "pm")),
        )

    # setup guideline #1: dates grounded with time_utils
    monday = get_next_dow("Monday", after=get_next_dow("Monday"))
    simulate_vacation_schedule(
        manager,
        [
            days_off(date_by_mdy(month=5, day=20), date_by_mdy(month=5, day=24)),
            days_off(monday, get_next_dow("Friday", after=monday)),
        ],
    )
    # a colleague's earlier holiday is a distractor
    simulate_vacation_schedule(
        ikenna, [days_off(get_next_dow("Wednesday"), get_next_dow("Wednesday"))]
    )
    # setup guideline #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Team sync",
                attendees=[manager, ikenna],
                starts_at=combine(get_prev_dow("Friday", before=monday), time_by_hm(10, 0, "am")),
                ends_at=combine(get_prev_dow("Friday", before=monday), time_by_hm(10, 30, "am")),
            )
        ]
    )


def evaluate_handover_before_manager_holiday(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """One new event with only the manager, Friday 2024-07-05 16:00-16:30."""
    setup_function()
    manager = find_manager_of(get_current_user())
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    if (event.starts_at, event.ends_at) != (
        datetime.datetime(2024, 7, 5, 16, 0),
        datetime.datetime(2024, 7, 5, 16, 30),
    ):
        raise SolutionError("Incorrect solution")
    if [a.employee_id for a in event.attendees or []] != [
        manager.employee_id
    ] or event.repeats is not None:
        raise SolutionError("Incorrect solution")
