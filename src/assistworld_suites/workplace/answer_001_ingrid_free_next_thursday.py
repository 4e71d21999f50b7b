"""Assistant, what free time does Ingrid have next Thursday?"""

QUERY_ID = "answer_001_ingrid_free_next_thursday"
CATEGORY = "multi-answer-questions"
TAGS = [
    "information-seeking",
    "get_calendar",
    "find_available_slots",
    "ambiguous-date",
    "duplicate-names",
    "RequiresUserInput",
    "contrast-set",
]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def ingrid_free_next_thursday() -> list[TimeInterval]:
    """Ingrid's free working-day slots on the coming Thursday."""
    matches = find_employee("Ingrid")
    if not matches:
        raise RequiresUserInput("I couldn't find anyone called Ingrid.")
    if len(matches) > 1:
        raise RequiresUserInput(
            f"There are {len(matches)} people called Ingrid; which one do you mean?"
        )
    ingrid = matches[0]
    # "next Thursday" read as the coming Thursday (the one a week later is also acceptable)
    thursday = get_next_dow("Thursday")
    events = [e for e in get_calendar(ingrid) if e.starts_at.date() <= thursday <= e.ends_at.date()]
    return find_available_slots(events, date=thursday)


def setup_env_ingrid_free_next_thursday():
    """One Ingrid, with meetings on both Thursdays (one shown as Free) and on the days around."""
    simulate_org_structure(
        default_employee_names=[
            "Ingrid",
            "Mateus",
            "Noor",
            "Oskar",
            "Pita",
            "Quilla",
            "Rasmus",
            "Shreya",
            "Tendai",
            "Ulla",
            "Vikram",
            "Yeon-woo",
        ],
        user_name="Wanjiru",
    )
    # setup guideline #4
    ingrid, mateus, pita, tendai = (
        find_employee(name)[0] for name in ("Ingrid", "Mateus", "Pita", "Tendai")
    )
    # setup guideline #1
    this_thursday = get_next_dow("Thursday")
    following_thursday = get_next_dow("Thursday", after=this_thursday)
    wednesday = get_next_dow("Wednesday")
    friday = get_next_dow("Friday")

    def block(subject, day, start, end, people=None, status=ShowAsStatus.Busy):
        return Event(
            subject=subject,
            attendees=people,
            starts_at=combine(day, datetime.time(*start)),
            ends_at=combine(day, datetime.time(*end)),
            show_as_status=status,
        )

    # setup guidelines #2 and #3
    simulate_employee_calendar(
        ingrid,
        [
            block("Ops review", wednesday, (14, 0), (15, 0), [pita]),
            block("Vendor sync", this_thursday, (9, 30), (10, 30), [mateus]),
            block("Hiring panel", this_thursday, (13, 0), (14, 0), [tendai, pita]),
            block("Reading time", this_thursday, (15, 0), (16, 0), None, ShowAsStatus.Free),
            block("Offsite planning", following_thursday, (11, 0), (12, 30), [mateus]),
            block("Weekly wrap-up", friday, (16, 0), (16, 45), [tendai]),
        ],
    )
    # the user's own Thursday is busy at other times: it must not be mixed in
    simulate_user_calendar([block("Dentist", this_thursday, (15, 30), (16, 30))])


def evaluate_ingrid_free_next_thursday(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Ingrid's free slots on this Thursday or on the following one (either reading is fine)."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    this_thursday = get_next_dow("Thursday")
    following_thursday = get_next_dow("Thursday", after=this_thursday)

    def on(day, spans):
        def at(hour_minute):
            return datetime.datetime.combine(day, datetime.time(*hour_minute))

        return sorted((at(a), at(b)) for a, b in spans)

    acceptable = [
        # the Free-shown reading time does not block her
        on(this_thursday, [((9, 6), (9, 30)), ((10, 30), (13, 0)), ((14, 0), (17, 10))]),
        on(following_thursday, [((9, 6), (11, 0)), ((12, 30), (17, 10))]),
    ]
    # testing guideline #2: TimeIntervals or (start, end) pairs, in any order
    if not isinstance(result, list | tuple):
        raise SolutionError("Incorrect solution")
    slots = []
    for item in result:
        if not (isinstance(item, tuple | list) and len(item) == 2):
            raise SolutionError("Incorrect solution")
        start, end = item
        if not (isinstance(start, datetime.datetime) and isinstance(end, datetime.datetime)):
            raise SolutionError("Incorrect solution")
        slots.append((start, end))
    if sorted(slots) not in acceptable:
        raise SolutionError("Incorrect solution")


def setup_env_ingrid_free_next_thursday_two_ingrids():
    """Two people are called Ingrid, both with Thursday meetings: the question is ambiguous."""
    simulate_org_structure(
        default_employee_names=[
            "Ingrid",
            "Ingrid",
            "Mateus",
            "Noor",
            "Oskar",
            "Pita",
            "Quilla",
            "Rasmus",
            "Shreya",
            "Tendai",
            "Ulla",
            "Vikram",
        ],
        user_name="Wanjiru",
    )
    first, second = find_employee("Ingrid")[:2]
    mateus = find_employee("Mateus")[0]  # setup guideline #4
    # setup guideline #1
    thursday = get_next_dow("Thursday")

    def block(subject, start, end, people=None):
        return Event(
            subject=subject,
            attendees=people,
            starts_at=combine(thursday, datetime.time(*start)),
            ends_at=combine(thursday, datetime.time(*end)),
        )

    # setup guidelines #2 and #3
    simulate_employee_calendar(first, [block("Vendor sync", (9, 30), (10, 30), [mateus])])
    simulate_employee_calendar(second, [block("Board prep", (13, 0), (15, 0))])


def evaluate_ingrid_free_next_thursday_two_ingrids(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """With two Ingrids the assistant must ask which one (RequiresUserInput) and change nothing."""
    setup_function()
    before = snapshot_world()
    try:
        executable()
    except RequiresUserInput:
        assert_no_changes_since(before)
        return
    raise SolutionError("Incorrect solution")
