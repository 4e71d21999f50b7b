"""Assistant, squeeze in a 45-minute catch-up with Ngozi sometime in the next two days, whenever we're both free."""  # noqa: E501

QUERY_ID = "policy_001_catch_up_over_weekend"
CATEGORY = "policy-following"
TAGS = [
    "weekend-policy",
    "find_available_slots",
    "get_calendar",
    "RequiresUserInput",
    "unsatisfiable",
]
NOW = "2024-06-27T16:30"


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def catch_up_with_ngozi():
    """Book 45 minutes with Ngozi in the next two days, on a working day, when both are free."""
    # by structure guideline #1
    ngozi = find_employee("Ngozi")[0]
    length = Duration(45, TimeUnits.Minutes)
    now = now_()
    today = now.date()
    # today (what is left of it) and the next two days
    days = [today]
    for _ in range(2):
        days.append(
            modify(
                combine(days[-1], now.time()),
                Duration(1, TimeUnits.Days),
                operator=DateTimeClauseOperators.add,
            ).date()
        )
    # no meetings at the weekend unless the user says so
    working_days = [day for day in days if day.weekday() < 5]

    busy = find_events() + get_calendar(ngozi)
    for day in working_days:
        on_day = [e for e in busy if e.starts_at.date() <= day <= e.ends_at.date()]
        for slot in find_available_slots(on_day, date=day):
            # the search does not clip to now: only the future part of a slot is usable
            start = max(slot.start, now)
            if (
                start < slot.end
                and compare_with_fixed_duration(TimeInterval(start, slot.end), length)
                != ComparisonResult.SMALLER
            ):
                add_event(
                    Event(
                        subject="Catch-up",
                        attendees=[ngozi],
                        starts_at=start,
                        ends_at=modify(start, length, operator=DateTimeClauseOperators.add),
                    )
                )
                return
    raise RequiresUserInput(
        "There is no 45-minute slot when you and Ngozi are both free in the next two days: "
        "today's working hours are almost over, tomorrow is taken and then it is the weekend. "
        "Shall I book it at the weekend or early next week?"
    )


def setup_env_catch_up_with_ngozi():
    """Thursday 16:30: 40 working minutes are left today, Ngozi is away all Friday, then a free
    weekend and a free Monday."""
    simulate_org_structure(
        default_employee_names=[
            "Ngozi",
            "Henrik",
            "Mei",
            "Rafael",
            "Aigerim",
            "Tevita",
            "Soraya",
            "Bongani",
            "Liesel",
            "Dario",
            "Yusuf",
            "Kaho",
        ]
    )
    ngozi = find_employee("Ngozi")[0]  # setup guideline #4
    henrik = find_employee("Henrik")[0]
    # setup guideline #1: dates relative to now (Thursday)
    today = now_().date()
    friday = get_next_dow("Friday")
    monday = get_next_dow("Monday")
    saturday = get_next_dow("Saturday")

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3: earlier meetings today are over; Ngozi is away on Friday; the
    # weekend and Monday are free
    simulate_user_calendar(
        [
            Event(
                subject="Roadmap review",
                attendees=[henrik],
                starts_at=at(today, 10, 0),
                ends_at=at(today, 11, 0),
            ),
            Event(subject="Weekly wrap-up", starts_at=at(today, 15, 30), ends_at=at(today, 16, 15)),
            Event(
                subject="Sprint planning",
                attendees=[henrik],
                starts_at=at(monday + datetime.timedelta(days=1), 10, 0),
                ends_at=at(monday + datetime.timedelta(days=1), 11, 0),
            ),
        ]
    )
    simulate_employee_calendar(
        ngozi,
        [
            Event(subject="Vendor demo", starts_at=at(today, 13, 0), ends_at=at(today, 14, 0)),
            Event(
                subject="Partner offsite", starts_at=at(friday, 8, 30), ends_at=at(friday, 18, 0)
            ),
            Event(subject="Budget prep", starts_at=at(monday, 14, 0), ends_at=at(monday, 15, 0)),
        ],
    )
    # a colleague's weekend plans must not matter
    simulate_employee_calendar(
        henrik,
        [Event(subject="Hackathon", starts_at=at(saturday, 10, 0), ends_at=at(saturday, 16, 0))],
    )


def evaluate_catch_up_with_ngozi(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """The request cannot be met on a working day: the program hands back and changes nothing."""
    setup_function()
    before = snapshot_world()
    try:
        executable()
    except RequiresUserInput:
        # a weekend slot was not allowed, today has only 40 minutes left and Friday is taken
        assert_no_changes_since(before)
        return
    raise SolutionError("Incorrect solution")


def setup_env_catch_up_with_ngozi_friday_gap():
    """Thursday 16:30 as before, but on Friday both are free from 16:00 (and for 15 minutes at
    11:30, too short)."""
    simulate_org_structure(
        default_employee_names=[
            "Ngozi",
            "Henrik",
            "Mei",
            "Rafael",
            "Aigerim",
            "Tevita",
            "Soraya",
            "Bongani",
            "Liesel",
            "Dario",
            "Yusuf",
            "Kaho",
        ]
    )
    ngozi = find_employee("Ngozi")[0]  # setup guideline #4
    henrik = find_employee("Henrik")[0]
    # setup guideline #1: dates relative to now (Thursday)
    today = now_().date()
    friday = get_next_dow("Friday")
    saturday = get_next_dow("Saturday")

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3: only Friday afternoon has 45 minutes free for both
    simulate_user_calendar(
        [
            Event(
                subject="Roadmap review",
                attendees=[henrik],
                starts_at=at(today, 10, 0),
                ends_at=at(today, 11, 0),
            ),
            Event(subject="Weekly wrap-up", starts_at=at(today, 15, 30), ends_at=at(today, 16, 15)),
            Event(
                subject="Quarterly planning",
                attendees=[henrik],
                starts_at=at(friday, 9, 0),
                ends_at=at(friday, 11, 30),
            ),
        ]
    )
    simulate_employee_calendar(
        ngozi,
        [
            Event(subject="Vendor demo", starts_at=at(today, 13, 0), ends_at=at(today, 14, 0)),
            Event(subject="Site visit", starts_at=at(friday, 11, 45), ends_at=at(friday, 16, 0)),
        ],
    )
    simulate_employee_calendar(
        henrik,
        [Event(subject="Hackathon", starts_at=at(saturday, 10, 0), ends_at=at(saturday, 16, 0))],
    )


def evaluate_catch_up_with_ngozi_friday_gap(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Acting is right here: one event with Ngozi on Friday 16:00-16:45; nothing else changed."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    expected_start = combine(get_next_dow("Friday"), datetime.time(16, 0))
    if event.starts_at != expected_start:
        raise SolutionError("Incorrect solution")
    if event.ends_at != expected_start + datetime.timedelta(minutes=45):
        raise SolutionError("Incorrect solution")
    ngozi = find_employee("Ngozi")[0]
    if [a.employee_id for a in event.attendees or []] != [ngozi.employee_id]:
        raise SolutionError("Incorrect solution")
