"""Assistant, have I got meetings tomorrow that overlap each other? Which ones?"""

QUERY_ID = "answer_012_overlapping_meetings_tomorrow"
CATEGORY = "multi-answer-questions"
TAGS = ["information-seeking", "find_events", "intervals_overlap", "pairs-or-list"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def double_booked_tomorrow() -> list[Event]:
    """Tomorrow's meetings that overlap at least one other meeting, in start order."""
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    meetings = [e for e in find_events() if e.starts_at.date() == tomorrow]

    def span(event: Event) -> TimeInterval:
        return TimeInterval(event.starts_at, event.ends_at)

    return [
        e
        for e in meetings
        if any(o.event_id != e.event_id and intervals_overlap(span(e), span(o)) for o in meetings)
    ]


def setup_env_double_booked_tomorrow():
    """Tomorrow: 9:30 and 10:00 overlap; 13:00 overlaps 13:30 and 13:50; back-to-back ones don't."""
    simulate_org_structure(
        default_employee_names=[
            "Ama",
            "Bodhi",
            "Cerys",
            "Djamila",
            "Enzo",
            "Freja",
            "Gaurika",
            "Hugo",
            "Ilona",
            "Jabari",
            "Keren",
            "Lauri",
        ],
        user_name="Mansur",
    )
    # setup guideline #4
    ama, bodhi, cerys, djamila, enzo, freja = (
        find_employee(name)[0] for name in ("Ama", "Bodhi", "Cerys", "Djamila", "Enzo", "Freja")
    )
    # setup guideline #1
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    thursday = get_next_dow("Thursday")

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
            meeting("Architecture review", [ama, bodhi], tomorrow, (9, 30), (10, 30)),
            meeting("Recruiter call", [cerys], tomorrow, (10, 0), (10, 45)),
            meeting("Backlog grooming", [djamila], tomorrow, (10, 45), (11, 15)),
            meeting("Quarterly planning", [ama, enzo, freja], tomorrow, (13, 0), (14, 0)),
            meeting("Quick sync", [bodhi], tomorrow, (13, 30), (13, 45)),
            meeting("Customer demo", [cerys, djamila], tomorrow, (13, 50), (14, 30)),
            meeting("Mentoring", [enzo], tomorrow, (15, 0), (15, 30)),
            meeting("Retro", [freja, ama], tomorrow, (15, 30), (16, 0)),
            meeting("Budget call", [bodhi], thursday, (10, 0), (11, 0)),
            meeting("Offsite prep", [cerys], thursday, (10, 30), (11, 30)),
        ]
    )


def evaluate_double_booked_tomorrow(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """The five clashing meetings, as a flat list, as clashing pairs, or as groups of clashes."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    meetings = [e for e in find_events() if e.starts_at.date() == tomorrow]

    def at(hour, minute):
        return datetime.datetime.combine(tomorrow, datetime.time(hour, minute))

    by_start = {e.starts_at: e.event_id for e in meetings}
    a, b, d, e, f = (by_start[at(*t)] for t in ((9, 30), (10, 0), (13, 0), (13, 30), (13, 50)))
    clashing = {a, b, d, e, f}
    pairs = {frozenset({a, b}), frozenset({d, e}), frozenset({d, f})}
    groups = {frozenset({a, b}), frozenset({d, e, f})}

    def meeting_id(item):
        # testing guideline #2: an Event, its start, or its stored subject (unique here)
        if isinstance(item, Event):
            return item.event_id
        if isinstance(item, datetime.datetime):
            return by_start.get(item)
        if isinstance(item, str):
            named = [
                m.event_id for m in meetings if m.subject.casefold() == item.strip().casefold()
            ]
            return named[0] if len(named) == 1 else None
        return None

    if isinstance(result, str):
        # the library's own description of the clashing meetings
        details = provide_event_details([m for m in meetings if m.event_id in clashing])
        if result.strip() != details.strip():
            raise SolutionError("Incorrect solution")
        return
    if not isinstance(result, list | tuple | set) or not result:
        raise SolutionError("Incorrect solution")
    items = list(result)
    if all(isinstance(item, list | tuple | set | frozenset) for item in items):
        # pairs (or groups) of meetings that clash with each other
        bundles = [frozenset(meeting_id(m) for m in item) for item in items]
        correct = len(set(bundles)) == len(bundles) and set(bundles) in (pairs, groups)
    else:
        found = [meeting_id(item) for item in items]
        correct = len(set(found)) == len(found) and set(found) == clashing
    if not correct:
        raise SolutionError("Incorrect solution")
