"""Assistant, move all my meetings on Friday afternoon to the same time on Monday. Anything that would clash with what's already on Monday stays where it is; just tell me which ones."""  # noqa: E501

QUERY_ID = "policy_012_push_friday_afternoon_to_monday"
CATEGORY = "policy-following"
TAGS = ["no-double-booking", "bulk-reschedule", "intervals_overlap", "report-conflicts"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def push_friday_afternoon_to_monday() -> list[Event]:
    """Move Friday-afternoon meetings to the same time on Monday; return those that would clash."""
    friday = get_next_dow("Friday")
    monday = get_next_dow("Monday", after=friday)
    noon = combine(friday, time_by_hm(12, 0, "pm"))
    upcoming = find_events()
    afternoon = [e for e in upcoming if e.starts_at.date() == friday and e.starts_at >= noon]
    on_monday = [e for e in upcoming if e.starts_at.date() == monday]
    kept = []
    for event in afternoon:
        new_start = combine(monday, event.starts_at.time())
        new_end = combine(monday, event.ends_at.time())
        wanted = TimeInterval(new_start, new_end)
        if any(intervals_overlap(TimeInterval(m.starts_at, m.ends_at), wanted) for m in on_monday):
            # the user said what to do on a clash: keep it and report it
            kept.append(event)
            continue
        event.starts_at, event.ends_at = new_start, new_end
        add_event(event)
        on_monday.append(event)
    return kept


def setup_env_push_friday_afternoon_to_monday():
    """Three Friday-afternoon meetings; Monday 16:00-16:30 clashes with the 15:30 one only."""
    simulate_org_structure(
        default_employee_names=[
            "Agnieszka",
            "Babajide",
            "Chaska",
            "Delphine",
            "Eyota",
            "Filipe",
            "Gökhan",
            "Hollis",
            "Ivet",
            "Jaroslav",
            "Kanoa",
            "Leota",
        ]
    )
    # setup guideline #4
    agnieszka = find_employee("Agnieszka")[0]
    babajide = find_employee("Babajide")[0]
    delphine = find_employee("Delphine")[0]
    filipe = find_employee("Filipe")[0]
    # setup guideline #1
    friday = get_next_dow("Friday")
    monday = get_next_dow("Monday")

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Standup",
                attendees=[agnieszka],
                starts_at=at(friday, 9, 30),
                ends_at=at(friday, 9, 45),
            ),
            Event(
                subject="Design review",
                attendees=[babajide],
                starts_at=at(friday, 10, 45),
                ends_at=at(friday, 11, 45),
            ),
            Event(
                subject="Vendor call",
                attendees=[delphine],
                starts_at=at(friday, 14, 30),
                ends_at=at(friday, 15, 0),
            ),
            Event(
                subject="Roadmap",
                attendees=[babajide, filipe],
                starts_at=at(friday, 15, 30),
                ends_at=at(friday, 16, 15),
            ),
            Event(
                subject="Weekly wrap-up", starts_at=at(friday, 16, 30), ends_at=at(friday, 17, 0)
            ),
            Event(
                subject="Planning",
                attendees=[agnieszka],
                starts_at=at(monday, 10, 0),
                ends_at=at(monday, 11, 0),
            ),
            Event(
                subject="Interview",
                attendees=[filipe],
                starts_at=at(monday, 16, 0),
                ends_at=at(monday, 16, 30),
            ),
        ]
    )


def evaluate_push_friday_afternoon_to_monday(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Vendor call and wrap-up move to Monday; the roadmap stays and is the one reported."""
    setup_function()
    friday = get_next_dow("Friday")
    monday = get_next_dow("Monday")
    shift = monday - friday
    calendar_before = find_events()
    roadmap = next(e for e in calendar_before if e.subject == "Roadmap")
    before = snapshot_world()
    result = executable()
    changes = changes_since(before)
    if changes.tables() - {"user_calendar"}:
        raise SolutionError("Incorrect solution")

    def normalised(event: Event) -> tuple[Any, ...]:
        people = tuple(sorted(a.employee_id for a in event.attendees or []))
        rest = event.model_dump(exclude={"event_id", "attendees", "starts_at", "ends_at"})
        return (event.starts_at, event.ends_at, people, sorted(rest.items(), key=str))

    # the calendar afterwards, ids aside: the two movable meetings three days later
    expected = []
    for event in calendar_before:
        if event.subject in ("Vendor call", "Weekly wrap-up"):
            event = event.model_copy(
                update={"starts_at": event.starts_at + shift, "ends_at": event.ends_at + shift}
            )
        expected.append(normalised(event))
    after = [normalised(e) for e in find_events()]
    if sorted(after, key=str) != sorted(expected, key=str) or len(changes) == 0:
        raise SolutionError("Incorrect solution")
    # the moved meetings keep their ids when updated in place; otherwise two rows are replaced
    if len(changes) not in (2, 4):
        raise SolutionError("Incorrect solution")

    # testing guideline #2: the kept meetings as events, subjects, or one description
    items = list(result) if isinstance(result, list | tuple) else [result]
    if len(items) != 1:
        raise SolutionError("Incorrect solution")
    item = items[0]
    if isinstance(item, Event):
        if item.event_id != roadmap.event_id and item.starts_at != roadmap.starts_at:
            raise SolutionError("Incorrect solution")
    elif isinstance(item, str):
        if "roadmap" not in item.lower() or "vendor" in item.lower() or "wrap-up" in item.lower():
            raise SolutionError("Incorrect solution")
    else:
        raise SolutionError("Incorrect solution")
