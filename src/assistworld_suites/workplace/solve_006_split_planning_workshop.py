"""Assistant, Thursday's three-hour planning workshop is too much in one go. Split it into two 90-minute halves with a 30-minute break between them, same people, the first half starting when the workshop does. If the second half would clash with anything else, put it at the same time on Friday instead."""  # noqa: E501

QUERY_ID = "solve_006_split_planning_workshop"
CATEGORY = "problem-solving"
TAGS = [
    "find_events",
    "update-event",
    "add_event",
    "intervals_overlap",
    "conditional",
    "contrast-set",
]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def split_planning_workshop():
    """Cut Thursday's workshop to its first 90 minutes and add the second half after a break."""
    thursday = get_next_dow("Thursday")
    workshops = [
        e for e in find_events(subject="Planning workshop") if e.starts_at.date() == thursday
    ]
    if not workshops:
        raise RequiresUserInput("I couldn't find a planning workshop on Thursday.")
    if len(workshops) > 1:
        raise RequiresUserInput(f"There are {len(workshops)} planning workshops on Thursday.")
    workshop = workshops[0]
    half = Duration(90, TimeUnits.Minutes)
    first_end = modify(workshop.starts_at, half, operator=DateTimeClauseOperators.add)
    second_start = modify(
        first_end, Duration(30, TimeUnits.Minutes), operator=DateTimeClauseOperators.add
    )
    second_end = modify(second_start, half, operator=DateTimeClauseOperators.add)
    # the workshop itself will no longer be there, so it is not a clash
    others = [e for e in find_events() if e.event_id != workshop.event_id]
    second_half = TimeInterval(second_start, second_end)
    if any(intervals_overlap(TimeInterval(e.starts_at, e.ends_at), second_half) for e in others):
        friday = get_next_dow("Friday", after=thursday)
        second_start = combine(friday, second_start.time())
        second_end = combine(friday, second_end.time())
    add_event(
        Event(
            subject=f"{workshop.subject} (part 2)",
            attendees=workshop.attendees,
            starts_at=second_start,
            ends_at=second_end,
            location=workshop.location,
        )
    )
    workshop.ends_at = first_end
    add_event(workshop)


def setup_env_split_planning_workshop():
    """Thursday 13:00-16:00 workshop; the afternoon after it is free until 16:45."""
    simulate_org_structure(
        default_employee_names=[
            "Agathe",
            "Baptiste",
            "Chayton",
            "Dorcas",
            "Eskil",
            "Flavia",
            "Gyasi",
            "Hannelore",
            "Ifeoma",
            "Jovan",
            "Kaveh",
            "Ludmila",
        ],
        user_name="Maren",
    )
    # setup guideline #4
    agathe, baptiste, chayton, dorcas, eskil, flavia = (
        find_employee(name)[0]
        for name in ("Agathe", "Baptiste", "Chayton", "Dorcas", "Eskil", "Flavia")
    )
    # setup guideline #1
    thursday = get_next_dow("Thursday")
    friday = get_next_dow("Friday")
    following_thursday = get_next_dow("Thursday", after=thursday)

    def meeting(subject, people, day, start, end):
        return Event(
            subject=subject,
            attendees=people,
            starts_at=combine(day, datetime.time(*start)),
            ends_at=combine(day, datetime.time(*end)),
        )

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            meeting("Sprint planning", [dorcas], thursday, (10, 0), (11, 0)),
            meeting("Planning workshop", [agathe, baptiste, chayton], thursday, (13, 0), (16, 0)),
            meeting("Mentoring", [eskil], thursday, (16, 45), (17, 10)),
            meeting("Expense review", [flavia], friday, (11, 0), (11, 30)),
            meeting(
                "Planning workshop",
                [agathe, baptiste, chayton],
                following_thursday,
                (13, 0),
                (16, 0),
            ),
        ]
    )


def evaluate_split_planning_workshop(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Thursday 13:00-14:30 and 15:00-16:30 with the same three people; nothing else changed."""
    setup_function()

    def shape(event):
        # testing guideline #3: subjects are not compared; people are compared by id
        people = tuple(sorted(a.employee_id for a in event.attendees or []))
        return (event.starts_at, event.ends_at, people, event.location, event.event_importance)

    calendar_before = [shape(e) for e in find_past_events() + find_events()]
    before = snapshot_world()
    executable()
    if changes_since(before).tables() - {"user_calendar"}:
        raise SolutionError("Incorrect solution")
    thursday = get_next_dow("Thursday")

    def at(day, hour, minute):
        return datetime.datetime.combine(day, datetime.time(hour, minute))

    workshop = next(s for s in calendar_before if s[0] == at(thursday, 13, 0))
    people = workshop[2]
    expected = [s for s in calendar_before if s is not workshop]
    expected.append((at(thursday, 13, 0), at(thursday, 14, 30), people, None, "normal"))
    expected.append((at(thursday, 15, 0), at(thursday, 16, 30), people, None, "normal"))
    after = [shape(e) for e in find_past_events() + find_events()]
    if sorted(after, key=repr) != sorted(expected, key=repr):
        raise SolutionError("Incorrect solution")


def setup_env_split_planning_workshop_clash():
    """Thursday 13:00-16:00 workshop, then a 16:00 meeting: the second half goes to Friday."""
    simulate_org_structure(
        default_employee_names=[
            "Agathe",
            "Baptiste",
            "Chayton",
            "Dorcas",
            "Eskil",
            "Flavia",
            "Gyasi",
            "Hannelore",
            "Ifeoma",
            "Jovan",
            "Kaveh",
            "Ludmila",
        ],
        user_name="Maren",
    )
    # setup guideline #4
    agathe, baptiste, chayton, dorcas, eskil, flavia = (
        find_employee(name)[0]
        for name in ("Agathe", "Baptiste", "Chayton", "Dorcas", "Eskil", "Flavia")
    )
    # setup guideline #1
    thursday = get_next_dow("Thursday")
    friday = get_next_dow("Friday")

    def meeting(subject, people, day, start, end):
        return Event(
            subject=subject,
            attendees=people,
            starts_at=combine(day, datetime.time(*start)),
            ends_at=combine(day, datetime.time(*end)),
        )

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            meeting("Sprint planning", [dorcas], thursday, (10, 0), (11, 0)),
            meeting("Planning workshop", [agathe, baptiste, chayton], thursday, (13, 0), (16, 0)),
            meeting("Vendor call", [eskil], thursday, (16, 0), (16, 30)),
            meeting("Expense review", [flavia], friday, (11, 0), (11, 30)),
        ]
    )


def evaluate_split_planning_workshop_clash(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Thursday 13:00-14:30 and Friday 15:00-16:30 with the same three people; nothing else."""
    setup_function()

    def shape(event):
        # testing guideline #3: subjects are not compared; people are compared by id
        people = tuple(sorted(a.employee_id for a in event.attendees or []))
        return (event.starts_at, event.ends_at, people, event.location, event.event_importance)

    calendar_before = [shape(e) for e in find_past_events() + find_events()]
    before = snapshot_world()
    executable()
    if changes_since(before).tables() - {"user_calendar"}:
        raise SolutionError("Incorrect solution")
    thursday, friday = get_next_dow("Thursday"), get_next_dow("Friday")

    def at(day, hour, minute):
        return datetime.datetime.combine(day, datetime.time(hour, minute))

    workshop = next(s for s in calendar_before if s[0] == at(thursday, 13, 0))
    people = workshop[2]
    expected = [s for s in calendar_before if s is not workshop]
    expected.append((at(thursday, 13, 0), at(thursday, 14, 30), people, None, "normal"))
    expected.append((at(friday, 15, 0), at(friday, 16, 30), people, None, "normal"))
    after = [shape(e) for e in find_past_events() + find_events()]
    if sorted(after, key=repr) != sorted(expected, key=repr):
        raise SolutionError("Incorrect solution")
