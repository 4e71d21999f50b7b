"""Assistant, I'd like all of next week's one-on-ones on Wednesday afternoon instead: line them up back to back from 1 PM, in the order they currently happen, each keeping its length."""  # noqa: E501

QUERY_ID = "extra_011_batch_one_on_ones_wednesday"
CATEGORY = "problem-solving"
TAGS = [
    "find_events",
    "add_event",
    "reschedule",
    "back-to-back",
    "parse_durations_to_date_interval",
]

if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def batch_one_on_ones_on_wednesday():
    """Move next week's one-on-ones (one other attendee) to Wednesday from 13:00, back to back."""
    week = parse_durations_to_date_interval(DateRanges.NextWeek)
    # a one-on-one is a meeting with exactly one other person; find_events sorts by start
    one_on_ones = [
        e
        for e in find_events()
        if week.start <= e.starts_at.date() <= week.end and len(e.attendees or []) == 1
    ]
    if not one_on_ones:
        raise RequiresUserInput("You have no one-on-ones next week.")
    wednesday = get_next_dow("Wednesday", after=week.start)
    cursor = combine(wednesday, time_by_hm(1, 0, "pm"))
    for event in one_on_ones:
        length = event.duration
        event.starts_at = cursor
        event.ends_at = modify(cursor, length, operator=DateTimeClauseOperators.add)
        add_event(event)
        cursor = event.ends_at


def setup_env_batch_one_on_ones_on_wednesday():
    """Five one-on-ones spread over next week, a group meeting, a focus block, and 1:1s outside
    next week.
    """
    simulate_org_structure(
        default_employee_names=["Aino", "Baraka", "Emil", "Carmen", "Dagny", "Florentyna"],
        user_name="Soraya",
    )
    # setup guideline #4
    aino, baraka, emil, carmen, dagny = (
        find_employee(name)[0] for name in ("Aino", "Baraka", "Emil", "Carmen", "Dagny")
    )
    # setup guideline #1
    monday = get_next_dow("Monday")
    tuesday, wednesday, thursday, friday = (
        get_next_dow(name, after=monday) for name in ("Tuesday", "Wednesday", "Thursday", "Friday")
    )
    this_thursday = get_next_dow("Thursday")
    following_monday = get_next_dow("Monday", after=monday)

    def meeting(day, start, end, people, subject):
        return Event(
            subject=subject,
            attendees=people,
            starts_at=combine(day, datetime.time(*start)),
            ends_at=combine(day, datetime.time(*end)),
        )

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            meeting(this_thursday, (10, 0), (10, 30), [aino], "1:1 Aino"),
            meeting(monday, (10, 0), (10, 30), [aino], "1:1 Aino"),
            meeting(tuesday, (14, 0), (14, 45), [baraka], "1:1 Baraka"),
            meeting(tuesday, (15, 0), (16, 0), [aino, baraka], "Planning"),
            meeting(wednesday, (9, 30), (9, 45), [], "Focus"),
            meeting(wednesday, (10, 0), (10, 30), [emil], "1:1 Emil"),
            meeting(thursday, (11, 0), (11, 20), [carmen], "1:1 Carmen"),
            meeting(friday, (9, 30), (10, 0), [dagny], "1:1 Dagny"),
            meeting(following_monday, (14, 0), (14, 45), [baraka], "1:1 Baraka"),
        ]
    )


def evaluate_batch_one_on_ones_on_wednesday(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """On Wednesday 3 July: Aino 13:00-13:30, Baraka 13:30-14:15, Emil 14:15-14:45, Carmen
    14:45-15:05, Dagny 15:05-15:35; everything else as it was.
    """
    from collections import Counter

    setup_function()
    before = snapshot_world()
    executable()
    if changes_since(before).tables() - {"user_calendar"}:
        raise SolutionError("Incorrect solution")

    def meetings(state):
        # (start, end, attendee ids) of every event, whether edited in place or re-created
        return Counter(
            (row.starts_at, row.ends_at, tuple(sorted(a.employee_id for a in row.attendees or [])))
            for row in state.user_calendar.values()
        )

    def at(month, day, hour, minute):
        return datetime.datetime(2024, month, day, hour, minute)

    def person(name):
        return (find_employee(name)[0].employee_id,)

    moved_from = [
        (at(7, 1, 10, 0), at(7, 1, 10, 30), person("Aino")),
        (at(7, 2, 14, 0), at(7, 2, 14, 45), person("Baraka")),
        (at(7, 3, 10, 0), at(7, 3, 10, 30), person("Emil")),
        (at(7, 4, 11, 0), at(7, 4, 11, 20), person("Carmen")),
        (at(7, 5, 9, 30), at(7, 5, 10, 0), person("Dagny")),
    ]
    moved_to = [
        (at(7, 3, 13, 0), at(7, 3, 13, 30), person("Aino")),
        (at(7, 3, 13, 30), at(7, 3, 14, 15), person("Baraka")),
        (at(7, 3, 14, 15), at(7, 3, 14, 45), person("Emil")),
        (at(7, 3, 14, 45), at(7, 3, 15, 5), person("Carmen")),
        (at(7, 3, 15, 5), at(7, 3, 15, 35), person("Dagny")),
    ]
    old, new = meetings(before), meetings(snapshot_world())
    if sorted((old - new).elements()) != sorted(moved_from):
        raise SolutionError("Incorrect solution")
    if sorted((new - old).elements()) != sorted(moved_to):
        raise SolutionError("Incorrect solution")
