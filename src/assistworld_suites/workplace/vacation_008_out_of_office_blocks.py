"""Assistant, mark me out of office for each working day of my next holiday, from the start to the end of the working day."""  # noqa: E501

QUERY_ID = "vacation_008_out_of_office_blocks"
CATEGORY = "vacations-availability"
TAGS = ["get_vacation_schedule", "add_event", "ShowAsStatus", "OutOfOffice", "working-days", "loop"]

if __name__ == "__main__":
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def block_out_of_office_for_next_holiday():
    """Add an out-of-office event for every working day of the user's next holiday."""
    me = get_current_user()
    today = now_().date()
    upcoming = [v for v in get_vacation_schedule(me) or [] if v.end.date() >= today]
    if not upcoming:
        raise RequiresUserInput("You have no upcoming holiday booked.")
    holiday = upcoming[0]
    day = holiday.start.date()
    while day <= holiday.end.date():
        if day.weekday() < 5:
            add_event(
                Event(
                    subject="Out of office",
                    starts_at=combine(day, parse_time_string(TimeExpressions.StartOfWorkDay)),
                    ends_at=combine(day, parse_time_string(TimeExpressions.EndOfWorkDay)),
                    show_as_status=ShowAsStatus.OutOfOffice,
                )
            )
        day = day + datetime.timedelta(days=1)


def setup_env_block_out_of_office_for_next_holiday():
    """The user's next holiday runs Thursday 4 to Tuesday 9 July; there are a past and a
    later one.
    """
    simulate_org_structure(default_employee_names=["Ximena", "Dagny", "Rustam", "Ama"])
    me = get_current_user()
    ximena = find_employee("Ximena")[0]  # setup guideline #4

    def days_off(first: datetime.date, last: datetime.date) -> TimeInterval:
        return TimeInterval(
            start=combine(first, time_by_hm(12, 0, "am")),
            end=combine(last, time_by_hm(11, 59, "pm")),
        )

    # setup guideline #1: dates grounded with time_utils
    next_week = parse_durations_to_date_interval(DateRanges.NextWeek)
    thursday = get_next_dow("Thursday", after=next_week.start)
    tuesday_after = get_next_dow("Tuesday", after=next_week.end)
    simulate_vacation_schedule(
        me,
        [
            days_off(date_by_mdy(month=5, day=6), date_by_mdy(month=5, day=10)),
            days_off(thursday, tuesday_after),
            days_off(date_by_mdy(month=8, day=12), date_by_mdy(month=8, day=16)),
        ],
    )
    simulate_vacation_schedule(ximena, [days_off(next_week.start, next_week.start)])
    # setup guideline #2 and #3: an existing meeting during the holiday stays
    simulate_user_calendar(
        [
            Event(
                subject="Quarterly all-hands",
                attendees=[ximena],
                starts_at=combine(
                    get_next_dow("Friday", after=next_week.start), time_by_hm(3, 0, "pm")
                ),
                ends_at=combine(
                    get_next_dow("Friday", after=next_week.start), time_by_hm(4, 0, "pm")
                ),
            )
        ]
    )


def evaluate_block_out_of_office_for_next_holiday(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Four out-of-office events, 09:06-17:10 on 4, 5, 8 and 9 July, no attendees; nothing else."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 4 or len(changes) != 4:
        raise SolutionError("Incorrect solution")
    days = [datetime.date(2024, 7, d) for d in (4, 5, 8, 9)]
    for event, day in zip(events, days, strict=True):
        if event.starts_at != datetime.datetime.combine(day, datetime.time(9, 6)):
            raise SolutionError("Incorrect solution")
        if event.ends_at != datetime.datetime.combine(day, datetime.time(17, 10)):
            raise SolutionError("Incorrect solution")
        if event.show_as_status != ShowAsStatus.OutOfOffice:
            raise SolutionError("Incorrect solution")
        if event.attendees or event.repeats is not None:
            raise SolutionError("Incorrect solution")
