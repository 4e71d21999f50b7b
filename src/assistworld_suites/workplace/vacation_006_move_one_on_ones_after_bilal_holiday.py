"""Assistant, Bilal's going on holiday. Move any of my one-on-ones with him that fall during it to his first working day back, same time of day."""  # noqa: E501

QUERY_ID = "vacation_006_move_one_on_ones_after_bilal_holiday"
CATEGORY = "vacations-availability"
TAGS = [
    "get_vacation_schedule",
    "find_events",
    "add_event",
    "reschedule",
    "RequiresUserInput",
    "contrast-set",
]

if __name__ == "__main__":
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def move_one_on_ones_after_bilal_holiday():
    """Move the user's 1:1s with Bilal during his next holiday to his first working day back."""
    bilal = find_employee("Bilal")[0]  # by structure guideline #1
    today = now_().date()
    holidays = [v for v in get_vacation_schedule(bilal) or [] if v.end.date() >= today]
    if not holidays:
        raise RequiresUserInput("Bilal has no upcoming holiday on record; when is he away?")
    holiday = holidays[0]
    # his first working day after the holiday ends
    back = holiday.end.date() + datetime.timedelta(days=1)
    while back.weekday() >= 5:
        back = back + datetime.timedelta(days=1)
    # a one-on-one has Bilal as its only attendee
    for meeting in find_events(attendees=[bilal]):
        if holiday.start <= meeting.starts_at <= holiday.end:
            meeting.starts_at = combine(back, meeting.starts_at.time())
            meeting.ends_at = combine(back, meeting.ends_at.time())
            add_event(meeting)


def setup_env_move_one_on_ones_after_bilal_holiday():
    """Bilal is off Wednesday 3 to Tuesday 9 July; two of the four 1:1s fall inside."""
    simulate_org_structure(default_employee_names=["Bilal", "Nia", "Casimir", "Renata", "Jae-won"])
    bilal = find_employee("Bilal")[0]  # setup guideline #4
    nia = find_employee("Nia")[0]  # setup guideline #4
    # setup guideline #1: dates grounded with time_utils
    monday = get_next_dow("Monday")
    wednesday = get_next_dow("Wednesday", after=monday)
    thursday = get_next_dow("Thursday", after=monday)
    monday_after = get_next_dow("Monday", after=monday)
    tuesday_after = get_next_dow("Tuesday", after=monday_after)
    thursday_after = get_next_dow("Thursday", after=monday_after)
    simulate_vacation_schedule(
        bilal,
        [
            TimeInterval(
                start=combine(date_by_mdy(month=5, day=6), time_by_hm(12, 0, "am")),
                end=combine(date_by_mdy(month=5, day=10), time_by_hm(11, 59, "pm")),
            ),
            TimeInterval(
                start=combine(wednesday, time_by_hm(12, 0, "am")),
                end=combine(tuesday_after, time_by_hm(11, 59, "pm")),
            ),
        ],
    )

    def meeting(
        subject: str, people: list, day: datetime.date, start: datetime.time, minutes: int
    ) -> Event:
        starts_at = combine(day, start)
        return Event(
            subject=subject,
            attendees=people,
            starts_at=starts_at,
            ends_at=modify(
                starts_at,
                Duration(minutes, TimeUnits.Minutes),
                operator=DateTimeClauseOperators.add,
            ),
        )

    # setup guideline #2: working hours; #3: all in the future
    simulate_user_calendar(
        [
            meeting("1:1 Bilal", [bilal], monday, time_by_hm(10, 0, "am"), 30),
            meeting("1:1 Bilal", [bilal], wednesday, time_by_hm(10, 0, "am"), 30),
            meeting("Bilal / Alex career chat", [bilal], monday_after, time_by_hm(3, 0, "pm"), 45),
            meeting("1:1 Bilal", [bilal], thursday_after, time_by_hm(10, 0, "am"), 30),
            meeting("Platform sync", [bilal, nia], thursday, time_by_hm(2, 0, "pm"), 60),
            meeting("1:1 Nia", [nia], thursday, time_by_hm(11, 0, "am"), 30),
        ]
    )


def evaluate_move_one_on_ones_after_bilal_holiday(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """The 3 July and 8 July 1:1s move to Wednesday 10 July (10:00 and 15:00); nothing else
    changes.
    """
    setup_function()
    bilal = find_employee("Bilal")[0]

    def signature(e: Event) -> tuple:
        return (e.starts_at, e.ends_at, tuple(sorted(a.employee_id for a in e.attendees or [])))

    moving = {
        e.event_id: e
        for e in find_events(attendees=[bilal])
        if datetime.date(2024, 7, 3) <= e.starts_at.date() <= datetime.date(2024, 7, 9)
    }
    expected = []
    for e in find_events() + find_past_events():
        if e.event_id in moving:
            new_day = datetime.date(2024, 7, 10)
            e = e.model_copy(
                update={
                    "starts_at": datetime.datetime.combine(new_day, e.starts_at.time()),
                    "ends_at": datetime.datetime.combine(new_day, e.ends_at.time()),
                }
            )
        expected.append(signature(e))
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    if changes.tables() - {"user_calendar"}:
        raise SolutionError("Incorrect solution")
    # only the two 1:1s may be touched: changed in place, or removed and added again
    touched = {c.key for c in changes if c.kind in ("changed", "removed")}
    added = changes.in_table("user_calendar", "added")
    if not touched <= set(moving) or len(added) != len(
        changes.in_table("user_calendar", "removed")
    ):
        raise SolutionError("Incorrect solution")
    after = sorted(signature(e) for e in find_events() + find_past_events())
    if after != sorted(expected):
        raise SolutionError("Incorrect solution")


def setup_env_move_one_on_ones_after_bilal_holiday_no_record():
    """Bilal has no holiday on record, so the request cannot be carried out."""
    simulate_org_structure(default_employee_names=["Bilal", "Nia", "Casimir", "Renata", "Jae-won"])
    bilal = find_employee("Bilal")[0]  # setup guideline #4
    nia = find_employee("Nia")[0]  # setup guideline #4
    # setup guideline #1: dates grounded with time_utils; #2 working hours; #3 future
    monday = get_next_dow("Monday")
    wednesday = get_next_dow("Wednesday", after=monday)
    simulate_vacation_schedule(
        nia,
        [
            TimeInterval(
                start=combine(monday, time_by_hm(12, 0, "am")),
                end=combine(wednesday, time_by_hm(11, 59, "pm")),
            )
        ],
    )
    simulate_user_calendar(
        [
            Event(
                subject="1:1 Bilal",
                attendees=[bilal],
                starts_at=combine(wednesday, time_by_hm(10, 0, "am")),
                ends_at=combine(wednesday, time_by_hm(10, 30, "am")),
            ),
            Event(
                subject="1:1 Nia",
                attendees=[nia],
                starts_at=combine(wednesday, time_by_hm(11, 0, "am")),
                ends_at=combine(wednesday, time_by_hm(11, 30, "am")),
            ),
        ]
    )


def evaluate_move_one_on_ones_after_bilal_holiday_no_record(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """No holiday for Bilal is recorded: the assistant must ask (RequiresUserInput) and change
    nothing.
    """
    setup_function()
    before = snapshot_world()
    try:
        executable()
    except RequiresUserInput:
        assert_no_changes_since(before)
        return
    raise SolutionError("Incorrect solution")
