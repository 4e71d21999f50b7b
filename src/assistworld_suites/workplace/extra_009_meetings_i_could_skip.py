"""Assistant, I'm swamped tomorrow. Which of my meetings could I skip? I only really need the ones flagged as important and anything with my manager."""  # noqa: E501

QUERY_ID = "extra_009_meetings_i_could_skip"
CATEGORY = "multi-answer-questions"
TAGS = [
    "information-seeking",
    "find_events",
    "find_manager_of",
    "event_importance",
    "list-answer",
]

if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def meetings_i_could_skip_tomorrow() -> list[Event]:
    """Tomorrow's meetings that are neither important nor attended by my manager."""
    manager = find_manager_of(get_current_user())
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    skippable = []
    for event in find_events():
        if event.starts_at.date() != tomorrow:
            continue
        if event.event_importance == "high":
            continue
        if manager is not None and manager in (event.attendees or []):
            continue
        skippable.append(event)
    return skippable


def setup_env_meetings_i_could_skip_tomorrow():
    """Six meetings tomorrow: one important, two with my manager, three I could skip."""
    simulate_org_structure(
        default_employee_names=[
            "Wairimu",
            "Benedek",
            "Sahana",
            "Iolana",
            "Fyodor",
            "Chinedu",
            "Mathilde",
            "Arnav",
        ],
        user_name="Rhiannon",
    )
    manager = find_manager_of(get_current_user())
    # setup guideline #4
    benedek, sahana, wairimu, chinedu = (
        find_employee(name)[0] for name in ("Benedek", "Sahana", "Wairimu", "Chinedu")
    )
    # setup guideline #1
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    thursday = get_next_dow("Thursday")

    def meeting(day, start, end, people, subject, importance="normal"):
        return Event(
            subject=subject,
            attendees=people,
            starts_at=combine(day, datetime.time(*start)),
            ends_at=combine(day, datetime.time(*end)),
            event_importance=importance,
        )

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            meeting(tomorrow, (9, 30), (10, 0), [benedek, manager], "Standup"),
            meeting(tomorrow, (10, 30), (11, 30), [sahana, benedek], "Incident review", "high"),
            meeting(tomorrow, (12, 0), (12, 45), [sahana, wairimu], "Vendor demo"),
            meeting(tomorrow, (14, 0), (14, 30), [manager], "One-on-one"),
            meeting(tomorrow, (15, 0), (16, 0), [chinedu], "Finance Q&A"),
            meeting(tomorrow, (16, 15), (16, 45), [benedek], "Coffee chat"),
            meeting(thursday, (11, 0), (12, 0), [sahana], "Vendor follow-up"),
        ]
    )


def evaluate_meetings_i_could_skip_tomorrow(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Exactly the 12:00 vendor demo, the 15:00 finance Q&A and the 16:15 coffee chat."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    expected = {
        datetime.datetime.combine(tomorrow, datetime.time(*start))
        for start in ((12, 0), (15, 0), (16, 15))
    }
    starts_by_id = {e.event_id: e.starts_at for e in find_events()}
    # testing guideline #2: Events, their ids or their start times, in any order
    if not isinstance(result, list | tuple | set):
        raise SolutionError("Incorrect solution")
    starts = []
    for item in result:
        if isinstance(item, Event):
            item = item.event_id if item.event_id in starts_by_id else item.starts_at
        if isinstance(item, str):
            item = starts_by_id.get(item)
        if not isinstance(item, datetime.datetime):
            raise SolutionError("Incorrect solution")
        starts.append(item)
    if len(starts) != len(expected) or set(starts) != expected:
        raise SolutionError("Incorrect solution")
