"""Assistant, swap the slots of my Thursday one-on-ones with Anahera and Bartek: each should start when the other one does now."""  # noqa: E501

QUERY_ID = "extra_015_swap_one_on_ones"
CATEGORY = "problem-solving"
TAGS = ["find_events", "add_event", "swap", "RequiresUserInput", "contrast-set"]

if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def swap_thursday_one_on_ones():
    """Swap the start times of Thursday's one-on-ones with Anahera and Bartek (lengths kept)."""
    thursday = get_next_dow("Thursday")

    def one_on_one(name: str) -> Event:
        # by structure guideline #1
        person = find_employee(name)[0]
        found = [e for e in find_events(attendees=[person]) if e.starts_at.date() == thursday]
        if not found:
            raise RequiresUserInput(f"I could not find a one-on-one with {name} on Thursday.")
        if len(found) > 1:
            raise RequiresUserInput(
                f"There are {len(found)} one-on-ones with {name} on Thursday; which one?"
            )
        return found[0]

    first = one_on_one("Anahera")
    second = one_on_one("Bartek")
    first_start, first_length = first.starts_at, first.duration
    second_start, second_length = second.starts_at, second.duration
    first.starts_at = second_start
    first.ends_at = modify(second_start, first_length, operator=DateTimeClauseOperators.add)
    second.starts_at = first_start
    second.ends_at = modify(first_start, second_length, operator=DateTimeClauseOperators.add)
    add_event(first)
    add_event(second)


def setup_env_swap_thursday_one_on_ones():
    """Thursday: Anahera 10:00-10:30, Bartek 14:00-14:45, a meeting with both at 11."""
    simulate_org_structure(
        default_employee_names=[
            "Anahera",
            "Bartek",
            "Chiamaka",
            "Desmond",
            "Elif",
            "Florian",
            "Gulshan",
        ],
        user_name="Hallvard",
        user_team=Team.Finance,
    )
    # setup guideline #4
    anahera, bartek, chiamaka = (
        find_employee(name)[0] for name in ("Anahera", "Bartek", "Chiamaka")
    )
    # setup guideline #1
    thursday = get_next_dow("Thursday")
    next_thursday = get_next_dow("Thursday", after=thursday)

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
            meeting(thursday, (10, 0), (10, 30), [anahera], "1:1 Anahera"),
            meeting(thursday, (11, 0), (12, 0), [anahera, bartek], "Close plan"),
            meeting(thursday, (14, 0), (14, 45), [bartek], "1:1 Bartek"),
            meeting(thursday, (15, 0), (15, 30), [chiamaka], "1:1 Chiamaka"),
            meeting(next_thursday, (10, 0), (10, 30), [anahera], "1:1 Anahera"),
        ]
    )


def evaluate_swap_thursday_one_on_ones(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Anahera now 14:00-14:30 and Bartek 10:00-10:45 on Thursday 27 June; nothing else changes."""
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

    def at(hour, minute):
        return datetime.datetime(2024, 6, 27, hour, minute)

    anahera = (find_employee("Anahera")[0].employee_id,)
    bartek = (find_employee("Bartek")[0].employee_id,)
    old, new = meetings(before), meetings(snapshot_world())
    was = [(at(10, 0), at(10, 30), anahera), (at(14, 0), at(14, 45), bartek)]
    now = [(at(10, 0), at(10, 45), bartek), (at(14, 0), at(14, 30), anahera)]
    if sorted((old - new).elements()) != sorted(was):
        raise SolutionError("Incorrect solution")
    if sorted((new - old).elements()) != sorted(now):
        raise SolutionError("Incorrect solution")


def setup_env_swap_thursday_one_on_ones_bartek_on_friday():
    """Bartek's one-on-one is on Friday, not Thursday: there is nothing to swap with."""
    simulate_org_structure(
        default_employee_names=[
            "Anahera",
            "Bartek",
            "Chiamaka",
            "Desmond",
            "Elif",
            "Florian",
            "Gulshan",
        ],
        user_name="Hallvard",
        user_team=Team.Finance,
    )
    # setup guideline #4
    anahera, bartek = (find_employee(name)[0] for name in ("Anahera", "Bartek"))
    # setup guideline #1
    thursday = get_next_dow("Thursday")
    friday = get_next_dow("Friday")

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
            meeting(thursday, (10, 0), (10, 30), [anahera], "1:1 Anahera"),
            meeting(thursday, (11, 0), (12, 0), [anahera, bartek], "Close plan"),
            meeting(friday, (14, 0), (14, 45), [bartek], "1:1 Bartek"),
        ]
    )


def evaluate_swap_thursday_one_on_ones_bartek_on_friday(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """No Thursday one-on-one with Bartek: hand back to the user and change nothing."""
    setup_function()
    before = snapshot_world()
    try:
        executable()
    except RequiresUserInput:
        assert_no_changes_since(before)
        return
    raise SolutionError("Incorrect solution")


def setup_env_swap_thursday_one_on_ones_two_with_anahera():
    """Two Thursday one-on-ones with Anahera: which one to swap is unclear."""
    simulate_org_structure(
        default_employee_names=[
            "Anahera",
            "Bartek",
            "Chiamaka",
            "Desmond",
            "Elif",
            "Florian",
            "Gulshan",
        ],
        user_name="Hallvard",
        user_team=Team.Finance,
    )
    # setup guideline #4
    anahera, bartek = (find_employee(name)[0] for name in ("Anahera", "Bartek"))
    # setup guideline #1
    thursday = get_next_dow("Thursday")

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
            meeting(thursday, (10, 0), (10, 30), [anahera], "1:1 Anahera"),
            meeting(thursday, (14, 0), (14, 45), [bartek], "1:1 Bartek"),
            meeting(thursday, (16, 0), (16, 30), [anahera], "Anahera follow-up"),
        ]
    )


def evaluate_swap_thursday_one_on_ones_two_with_anahera(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Two candidate one-on-ones with Anahera: hand back to the user and change nothing."""
    setup_function()
    before = snapshot_world()
    try:
        executable()
    except RequiresUserInput:
        assert_no_changes_since(before)
        return
    raise SolutionError("Incorrect solution")
