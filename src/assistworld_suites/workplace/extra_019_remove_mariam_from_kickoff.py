"""Assistant, take Mariam off the invite for Monday's project kickoff."""

QUERY_ID = "extra_019_remove_mariam_from_kickoff"
CATEGORY = "simple-scheduling"
TAGS = [
    "find_events",
    "add_event",
    "remove-attendee",
    "duplicate-names",
    "RequiresUserInput",
    "contrast-set",
]

if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def take_mariam_off_monday_kickoff():
    """Remove the Mariam invited to Monday's kickoff from its attendees."""
    monday = get_next_dow("Monday")
    kickoffs = [e for e in find_events(subject="project kickoff") if e.starts_at.date() == monday]
    if not kickoffs:
        raise RequiresUserInput("I could not find a project kickoff on Monday.")
    if len(kickoffs) > 1:
        raise RequiresUserInput(f"There are {len(kickoffs)} project kickoffs on Monday.")
    kickoff = kickoffs[0]
    # several colleagues may be called Mariam: the invite tells which one is meant
    mariams = find_employee("Mariam")
    invited = [person for person in kickoff.attendees or [] if person in mariams]
    if not invited:
        raise RequiresUserInput("Nobody called Mariam is invited to Monday's kickoff.")
    if len(invited) > 1:
        raise RequiresUserInput(
            f"{len(invited)} people called Mariam are invited to the kickoff; which one?"
        )
    kickoff.attendees = [person for person in kickoff.attendees if person != invited[0]]
    add_event(kickoff)


def setup_env_take_mariam_off_monday_kickoff():
    """Two employees are called Mariam; only the one listed second in the directory (an
    assistant) is invited to Monday's kickoff.
    """
    simulate_org_structure(
        default_employee_names=[
            "Obinna",
            "Mariam",
            "Zhao",
            "Kasimir",
            "Teodora",
            "Wanjiku",
            "Ilyas",
            "Brigid",
            "Mariam",
            "Santino",
            "Yevgeni",
            "Halima",
            "Odalys",
        ],
        user_name="Leonie",
        user_team=Team.SalesMarketing,
    )
    engineering_mariam, assistant_mariam = find_employee("Mariam")
    # setup guideline #4
    yevgeni, wanjiku, kasimir = (
        find_employee(name)[0] for name in ("Yevgeni", "Wanjiku", "Kasimir")
    )
    # setup guideline #1
    monday = get_next_dow("Monday")
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
            meeting(
                monday,
                (10, 0),
                (11, 0),
                [assistant_mariam, yevgeni, wanjiku, kasimir],
                "Project kickoff",
            ),
            meeting(monday, (14, 0), (14, 30), [engineering_mariam, wanjiku], "Design sync"),
            meeting(
                following_monday, (10, 0), (11, 0), [engineering_mariam, yevgeni], "Project kickoff"
            ),
        ]
    )


def evaluate_take_mariam_off_monday_kickoff(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """The 1 July kickoff keeps Yevgeni, Wanjiku and Kasimir only; nothing else changes."""
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

    start, end = datetime.datetime(2024, 7, 1, 10, 0), datetime.datetime(2024, 7, 1, 11, 0)
    others = [find_employee(name)[0].employee_id for name in ("Yevgeni", "Wanjiku", "Kasimir")]
    assistant_mariam = find_employee("Mariam")[1].employee_id
    old, new = meetings(before), meetings(snapshot_world())
    if list((old - new).elements()) != [(start, end, tuple(sorted([*others, assistant_mariam])))]:
        raise SolutionError("Incorrect solution")
    if list((new - old).elements()) != [(start, end, tuple(sorted(others)))]:
        raise SolutionError("Incorrect solution")


def setup_env_take_mariam_off_monday_kickoff_both_invited():
    """Both Mariams are invited to Monday's kickoff: the request does not say which one."""
    simulate_org_structure(
        default_employee_names=[
            "Obinna",
            "Mariam",
            "Zhao",
            "Kasimir",
            "Teodora",
            "Wanjiku",
            "Ilyas",
            "Brigid",
            "Mariam",
            "Santino",
            "Yevgeni",
            "Halima",
            "Odalys",
        ],
        user_name="Leonie",
        user_team=Team.SalesMarketing,
    )
    engineering_mariam, assistant_mariam = find_employee("Mariam")
    # setup guideline #4
    yevgeni = find_employee("Yevgeni")[0]
    # setup guideline #1
    monday = get_next_dow("Monday")

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Project kickoff",
                attendees=[engineering_mariam, assistant_mariam, yevgeni],
                starts_at=combine(monday, datetime.time(10, 0)),
                ends_at=combine(monday, datetime.time(11, 0)),
            )
        ]
    )


def evaluate_take_mariam_off_monday_kickoff_both_invited(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Two invited Mariams: the assistant must ask which one and change nothing."""
    setup_function()
    before = snapshot_world()
    try:
        executable()
    except RequiresUserInput:
        assert_no_changes_since(before)
        return
    raise SolutionError("Incorrect solution")
