"""Assistant, Jonas, Kamala, Lior and Mei are joining my 10 AM project sync in the Fir room on Thursday. Add them to the invite, and if Fir can't seat everyone, move it to a free room that can."""  # noqa: E501

QUERY_ID = "room_015_bigger_room_for_sync"
CATEGORY = "room-booking"
TAGS = ["update-event", "capacity", "search_conference_room", "conditional", "contrast-set"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def grow_project_sync():
    """Add four people to Thursday's 10 AM sync; move it to a free room that fits if Fir can't."""
    # by structure guideline #1
    newcomers = [find_employee(name)[0] for name in ("Jonas", "Kamala", "Lior", "Mei")]
    start = combine(get_next_dow("Thursday"), time_by_hm(10, 0, "am"))
    syncs = [e for e in find_events() if e.starts_at == start]
    if not syncs:
        raise RequiresUserInput("No meeting found on Thursday at 10 AM.")
    if len(syncs) > 1:
        raise RequiresUserInput(f"{len(syncs)} meetings start on Thursday at 10 AM, which one?")
    sync = syncs[0]
    attendees = list(sync.attendees or [])
    attendees += [p for p in newcomers if p not in attendees]
    sync.attendees = attendees
    seats = len(attendees) + 1
    window = TimeInterval(sync.starts_at, sync.ends_at)
    rooms = search_conference_room([window], capacity=seats)
    if not any(r.room.room_name.casefold() == "fir" for r in rooms):
        free = [
            r.room.room_name
            for r in rooms
            if any(s.start <= window.start and window.end <= s.end for s in r.free_slots)
        ]
        if not free:
            raise RequiresUserInput(f"Fir is too small and no room for {seats} is free then.")
        sync.location = free[0]
    add_event(sync)


def setup_env_grow_project_sync():
    """The sync (with Ana and Bruno) is in Fir, which seats 4.

    With 7 people only Hemlock fits and is free.
    """
    simulate_org_structure(
        default_employee_names=["Ana", "Bruno", "Jonas", "Kamala", "Lior", "Mei", "Nadia", "Oskar"]
    )
    ana, bruno = find_employee("Ana")[0], find_employee("Bruno")[0]  # setup guideline #4
    # setup guideline #1
    thursday = get_next_dow("Thursday")

    def at(hour, minute):
        return datetime.datetime.combine(thursday, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Project sync",
                attendees=[ana, bruno],
                starts_at=at(10, 0),
                ends_at=at(11, 0),
                location="Fir",
            ),
            Event(subject="Lunch", attendees=[ana], starts_at=at(12, 0), ends_at=at(13, 0)),
        ]
    )
    simulate_conference_room("Fir", 4, {thursday: [TimeInterval(at(10, 0), at(11, 0))]})
    simulate_conference_room("Spruce", 5)
    simulate_conference_room("Larch", 8, {thursday: [TimeInterval(at(10, 30), at(11, 0))]})
    simulate_conference_room("Redwood", 12, {thursday: [TimeInterval(at(9, 30), at(10, 15))]})
    simulate_conference_room("Hemlock", 7, {thursday: [TimeInterval(at(9, 6), at(10, 0))]})


def evaluate_grow_project_sync(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """The sync keeps its time, has the six colleagues, and is now in Hemlock.

    Nothing else changed.
    """
    setup_function()
    start = datetime.datetime.combine(get_next_dow("Thursday"), datetime.time(10, 0))
    original = next(e for e in find_events() if e.starts_at == start)
    names = ("Ana", "Bruno", "Jonas", "Kamala", "Lior", "Mei")
    expected_ids = sorted(find_employee(n)[0].employee_id for n in names)
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    # updating in place or deleting and re-creating are both fine
    changed = changes.in_table("user_calendar", "changed")
    if len(changes) == 1 and len(changed) == 1 and changed[0].key == original.event_id:
        sync = Event.model_validate(changed[0].after)
    else:
        added = added_user_events(changes)
        removed = changes.in_table("user_calendar", "removed")
        if len(changes) != 2 or len(added) != 1 or len(removed) != 1:
            raise SolutionError("Incorrect solution")
        if removed[0].key != original.event_id:
            raise SolutionError("Incorrect solution")
        sync = added[0]
    if sync.starts_at != original.starts_at or sync.ends_at != original.ends_at:
        raise SolutionError("Incorrect solution")
    # testing guideline #1
    if sorted(a.employee_id for a in sync.attendees or []) != expected_ids:
        raise SolutionError("Incorrect solution")
    if (sync.location or "").strip().casefold() != "hemlock":
        raise SolutionError("Incorrect solution")


def setup_env_grow_project_sync_2():
    """Fir seats 10 here, so the sync just gains the four attendees and stays in Fir."""
    simulate_org_structure(
        default_employee_names=["Ana", "Bruno", "Jonas", "Kamala", "Lior", "Mei", "Nadia", "Oskar"]
    )
    ana, bruno = find_employee("Ana")[0], find_employee("Bruno")[0]  # setup guideline #4
    # setup guideline #1
    thursday = get_next_dow("Thursday")

    def at(hour, minute):
        return datetime.datetime.combine(thursday, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Project sync",
                attendees=[ana, bruno],
                starts_at=at(10, 0),
                ends_at=at(11, 0),
                location="Fir",
            ),
            Event(subject="Lunch", attendees=[ana], starts_at=at(12, 0), ends_at=at(13, 0)),
        ]
    )
    simulate_conference_room("Fir", 10, {thursday: [TimeInterval(at(10, 0), at(11, 0))]})
    simulate_conference_room("Spruce", 5)
    simulate_conference_room("Hemlock", 7, {thursday: [TimeInterval(at(9, 6), at(10, 0))]})


def evaluate_grow_project_sync_2(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """The sync keeps its time and Fir, and has the six colleagues; nothing else changed."""
    setup_function()
    start = datetime.datetime.combine(get_next_dow("Thursday"), datetime.time(10, 0))
    original = next(e for e in find_events() if e.starts_at == start)
    names = ("Ana", "Bruno", "Jonas", "Kamala", "Lior", "Mei")
    expected_ids = sorted(find_employee(n)[0].employee_id for n in names)
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    changed = changes.in_table("user_calendar", "changed")
    if len(changes) == 1 and len(changed) == 1 and changed[0].key == original.event_id:
        sync = Event.model_validate(changed[0].after)
    else:
        added = added_user_events(changes)
        removed = changes.in_table("user_calendar", "removed")
        if len(changes) != 2 or len(added) != 1 or len(removed) != 1:
            raise SolutionError("Incorrect solution")
        if removed[0].key != original.event_id:
            raise SolutionError("Incorrect solution")
        sync = added[0]
    if sync.starts_at != original.starts_at or sync.ends_at != original.ends_at:
        raise SolutionError("Incorrect solution")
    if sorted(a.employee_id for a in sync.attendees or []) != expected_ids:
        raise SolutionError("Incorrect solution")
    if (sync.location or "").strip().casefold() != "fir":
        raise SolutionError("Incorrect solution")
