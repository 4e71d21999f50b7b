"""Assistant, swap this week's one-on-ones with Ruth and Dario: each should take the other's start time and keep its own length. If that would make either of them clash with something else, leave both alone and tell me."""  # noqa: E501

QUERY_ID = "solve_011_swap_one_on_ones"
CATEGORY = "problem-solving"
TAGS = [
    "find_events",
    "attendees-filter",
    "update-event",
    "intervals_overlap",
    "RequiresUserInput",
    "contrast-set",
]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def swap_one_on_ones():
    """Swap the start times of this week's one-on-ones with Ruth and Dario, unless that clashes."""
    sunday = this_week_dates()[-1]

    def one_on_one(name: str) -> Event:
        # by structure guideline #1
        person = find_employee(name)[0]
        found = [e for e in find_events(attendees=[person]) if e.starts_at.date() <= sunday]
        if not found:
            raise RequiresUserInput(f"I couldn't find a one-on-one with {name} this week.")
        if len(found) > 1:
            raise RequiresUserInput(f"You have {len(found)} one-on-ones with {name} this week.")
        return found[0]

    ruth_meeting = one_on_one("Ruth")
    dario_meeting = one_on_one("Dario")
    ruth_start, dario_start = ruth_meeting.starts_at, dario_meeting.starts_at
    ruth_new = TimeInterval(dario_start, dario_start + (ruth_meeting.ends_at - ruth_start))
    dario_new = TimeInterval(ruth_start, ruth_start + (dario_meeting.ends_at - dario_start))
    swapped = {ruth_meeting.event_id, dario_meeting.event_id}
    others = [e for e in find_events() if e.event_id not in swapped]
    for new_slot in (ruth_new, dario_new):
        clashes = [
            e for e in others if intervals_overlap(TimeInterval(e.starts_at, e.ends_at), new_slot)
        ]
        if clashes:
            raise RequiresUserInput(
                f"Swapping would clash with {len(clashes)} other meeting(s); nothing was changed."
            )
    ruth_meeting.starts_at, ruth_meeting.ends_at = ruth_new
    dario_meeting.starts_at, dario_meeting.ends_at = dario_new
    add_event(ruth_meeting)
    add_event(dario_meeting)


def setup_env_swap_one_on_ones():
    """Ruth: Wednesday 10:00-10:30; Dario: Friday 14:00-14:45. The swap fits around everything."""
    simulate_org_structure(
        default_employee_names=[
            "Ruth",
            "Dario",
            "Akua",
            "Benoit",
            "Czeslawa",
            "Dhruv",
            "Elke",
            "Farhan",
            "Grainne",
            "Hoku",
            "Ivar",
            "Juliana",
        ],
        user_name="Kateryna",
    )
    # setup guideline #4
    ruth, dario, akua, benoit = (
        find_employee(name)[0] for name in ("Ruth", "Dario", "Akua", "Benoit")
    )
    # setup guideline #1
    last_friday = get_prev_dow("Friday")
    wednesday = get_next_dow("Wednesday")
    thursday = get_next_dow("Thursday")
    friday = get_next_dow("Friday")
    next_wednesday = get_next_dow("Wednesday", after=wednesday)

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
            meeting("1:1 Dario", [dario], last_friday, (14, 0), (14, 45)),
            meeting("1:1 Ruth", [ruth], wednesday, (10, 0), (10, 30)),
            meeting("Design sync", [akua], wednesday, (10, 45), (11, 30)),
            meeting("Triad", [dario, ruth], thursday, (11, 0), (12, 0)),
            meeting("1:1 Dario", [dario], friday, (14, 0), (14, 45)),
            meeting("Tech talk", [benoit], friday, (15, 0), (16, 0)),
            meeting("1:1 Ruth", [ruth], next_wednesday, (10, 0), (10, 30)),
        ]
    )


def evaluate_swap_one_on_ones(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Ruth moves to Friday 14:00-14:30 and Dario to Wednesday 10:00-10:45; nothing else changes."""
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
    ruth, dario = (find_employee(n)[0].employee_id for n in ("Ruth", "Dario"))
    wednesday, friday = get_next_dow("Wednesday"), get_next_dow("Friday")

    def at(day, hour, minute):
        return datetime.datetime.combine(day, datetime.time(hour, minute))

    moves = {
        (at(wednesday, 10, 0), (ruth,)): (at(friday, 14, 0), at(friday, 14, 30)),
        (at(friday, 14, 0), (dario,)): (at(wednesday, 10, 0), at(wednesday, 10, 45)),
    }
    expected = []
    for start, end, people, location, importance in calendar_before:
        if (start, people) in moves:
            start, end = moves[(start, people)]
        expected.append((start, end, people, location, importance))
    after = [shape(e) for e in find_past_events() + find_events()]
    if sorted(after, key=repr) != sorted(expected, key=repr):
        raise SolutionError("Incorrect solution")


def setup_env_swap_one_on_ones_clash():
    """Dario's 45 minutes would run into a 10:30 meeting on Wednesday: nothing may change."""
    simulate_org_structure(
        default_employee_names=[
            "Ruth",
            "Dario",
            "Akua",
            "Benoit",
            "Czeslawa",
            "Dhruv",
            "Elke",
            "Farhan",
            "Grainne",
            "Hoku",
            "Ivar",
            "Juliana",
        ],
        user_name="Kateryna",
    )
    # setup guideline #4
    ruth, dario, akua, benoit = (
        find_employee(name)[0] for name in ("Ruth", "Dario", "Akua", "Benoit")
    )
    # setup guideline #1
    wednesday = get_next_dow("Wednesday")
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
            meeting("1:1 Ruth", [ruth], wednesday, (10, 0), (10, 30)),
            meeting("Design sync", [akua], wednesday, (10, 30), (11, 30)),
            meeting("1:1 Dario", [dario], friday, (14, 0), (14, 45)),
            meeting("Tech talk", [benoit], friday, (15, 0), (16, 0)),
        ]
    )


def evaluate_swap_one_on_ones_clash(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """The swap would clash: RequiresUserInput and no change at all."""
    setup_function()
    before = snapshot_world()
    try:
        executable()
    except RequiresUserInput:
        assert_no_changes_since(before)
        return
    raise SolutionError("Incorrect solution")
