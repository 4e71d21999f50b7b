"""Assistant, for each of my meetings next week that the CEO is in, add the CEO's assistant as an optional attendee so they can take notes."""  # noqa: E501

QUERY_ID = "solve_005_ceo_assistant_takes_notes"
CATEGORY = "problem-solving"
TAGS = ["get_assistant", "leadership", "optional_attendees", "update-event", "next-week"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def ceo_assistant_takes_notes():
    """Add the CEO's assistant as optional to next week's meetings the CEO attends."""
    # the CEO is the one leader without a manager
    leaders = [e for e in get_all_employees() if get_employee_profile(e).team == Team.Leadership]
    ceos = [e for e in leaders if find_manager_of(e) is None]
    if len(ceos) != 1:
        raise RequiresUserInput(f"I found {len(ceos)} possible CEOs in the directory.")
    ceo = ceos[0]
    assistant = get_assistant(ceo)
    if assistant is None:
        raise RequiresUserInput("The CEO has no assistant in the directory.")
    next_week = parse_durations_to_date_interval(DateRanges.NextWeek)
    for event in find_events():
        if not next_week.start <= event.starts_at.date() <= next_week.end:
            continue
        if ceo not in (event.attendees or []):
            continue
        optional = list(event.optional_attendees or [])
        if assistant not in optional:
            event.optional_attendees = [*optional, assistant]
            add_event(event)


def setup_env_ceo_assistant_takes_notes():
    """Three meetings with the CEO next week (one already has an optional guest); distractors."""
    simulate_org_structure(
        default_employee_names=[
            "Abebe",
            "Beatriu",
            "Caoimhe",
            "Deniz",
            "Eleni",
            "Folake",
            "Gunnar",
            "Hoang",
            "Ines",
            "Jomo",
            "Kirra",
            "Lucien",
        ],
        user_name="Marjan",
    )
    # setup guideline #4: Gunnar is the CEO (Ines assists him), Abebe the COO (Hoang assists)
    abebe, beatriu, caoimhe, gunnar, hoang, jomo, lucien = (
        find_employee(name)[0]
        for name in ("Abebe", "Beatriu", "Caoimhe", "Gunnar", "Hoang", "Jomo", "Lucien")
    )
    # setup guideline #1
    thursday = get_next_dow("Thursday")
    monday = get_next_dow("Monday")
    wednesday = get_next_dow("Wednesday", after=monday)
    thursday_next = get_next_dow("Thursday", after=monday)
    friday_next = get_next_dow("Friday", after=monday)
    following_monday = get_next_dow("Monday", after=monday)

    def meeting(subject, people, day, start, end, optional=None):
        return Event(
            subject=subject,
            attendees=people,
            optional_attendees=optional,
            starts_at=combine(day, datetime.time(*start)),
            ends_at=combine(day, datetime.time(*end)),
        )

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            meeting("Strategy preview", [gunnar], thursday, (15, 0), (15, 30)),
            meeting("Quarterly goals", [gunnar, lucien], monday, (10, 0), (11, 0)),
            meeting("Engineering update", [lucien, beatriu], monday, (14, 0), (14, 30)),
            meeting("Skip-level", [gunnar], wednesday, (14, 0), (14, 30)),
            meeting("Ops review", [abebe, caoimhe], thursday_next, (11, 0), (12, 0), [hoang]),
            meeting(
                "Customer escalation", [gunnar, jomo], friday_next, (9, 30), (10, 0), [caoimhe]
            ),
            meeting("Board prep", [gunnar], following_monday, (10, 0), (11, 0)),
        ]
    )


def evaluate_ceo_assistant_takes_notes(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Ines becomes optional on next Monday 10:00, Wednesday 14:00 and Friday 9:30; nothing else."""
    setup_function()
    ceo = next(e for e in get_all_employees() if get_employee_profile(e).role == "CEO")
    ines = get_assistant(ceo)  # Ines assists the CEO, Gunnar

    def shape(event):
        # testing guideline #3: subjects are not compared; people are compared by id
        def ids(people):
            return tuple(sorted(p.employee_id for p in people or []))

        return (
            event.starts_at,
            event.ends_at,
            ids(event.attendees),
            ids(event.optional_attendees),
            event.location,
            event.event_importance,
        )

    calendar_before = find_past_events() + find_events()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    if changes.tables() - {"user_calendar"}:
        raise SolutionError("Incorrect solution")
    monday = get_next_dow("Monday")

    def at(days_after_monday, hour, minute):
        day = monday + datetime.timedelta(days=days_after_monday)
        return datetime.datetime.combine(day, datetime.time(hour, minute))

    with_notes = {at(0, 10, 0), at(2, 14, 0), at(4, 9, 30)}
    expected = []
    for event in calendar_before:
        start, end, people, optional, location, importance = shape(event)
        if start in with_notes:
            optional = tuple(sorted([*optional, ines.employee_id]))
        expected.append((start, end, people, optional, location, importance))
    after = [shape(e) for e in find_past_events() + find_events()]
    if sorted(after, key=repr) != sorted(expected, key=repr):
        raise SolutionError("Incorrect solution")
