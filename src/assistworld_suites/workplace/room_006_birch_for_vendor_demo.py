"""Assistant, if the Birch room is free for the whole of my vendor demo on Thursday, book it for the demo. If it isn't, don't change anything."""  # noqa: E501

QUERY_ID = "room_006_birch_for_vendor_demo"
CATEGORY = "room-booking"
TAGS = ["find_events", "find_available_time_slots", "update-event", "conditional", "contrast-set"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def book_birch_for_vendor_demo():
    """Put Birch in Thursday's vendor demo when the room is free for all of it."""
    thursday = get_next_dow("Thursday")
    demos = [e for e in find_events(subject="Vendor demo") if e.starts_at.date() == thursday]
    if not demos:
        raise RequiresUserInput("No vendor demo found on Thursday.")
    if len(demos) > 1:
        raise RequiresUserInput(f"{len(demos)} vendor demos found on Thursday, which one?")
    demo = demos[0]
    window = TimeInterval(demo.starts_at, demo.ends_at)
    free = find_available_time_slots("Birch", [window])
    # the user said what to do when the room is taken: nothing
    if any(s.start <= window.start and window.end <= s.end for s in free):
        demo.location = "Birch"
        add_event(demo)


def setup_env_book_birch_for_vendor_demo():
    """Thursday's demo is 13:00-14:00; Birch is booked right before and right after, not during."""
    simulate_org_structure(default_employee_names=["Mariam", "Lars", "Thandiwe", "Kenji"])
    mariam = find_employee("Mariam")[0]  # setup guideline #4
    lars = find_employee("Lars")[0]
    # setup guideline #1
    thursday = get_next_dow("Thursday")
    next_thursday = get_next_dow("Thursday", after=thursday)

    def at(day, hour, minute):
        return datetime.datetime.combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Vendor demo",
                attendees=[mariam, lars],
                starts_at=at(thursday, 13, 0),
                ends_at=at(thursday, 14, 0),
            ),
            Event(
                subject="Vendor demo",
                attendees=[mariam],
                starts_at=at(next_thursday, 13, 0),
                ends_at=at(next_thursday, 14, 0),
            ),
            Event(
                subject="Roadmap",
                attendees=[lars],
                starts_at=at(thursday, 10, 0),
                ends_at=at(thursday, 11, 0),
            ),
        ]
    )
    simulate_conference_room(
        "Birch",
        6,
        {
            thursday: [
                TimeInterval(at(thursday, 12, 0), at(thursday, 13, 0)),
                TimeInterval(at(thursday, 14, 0), at(thursday, 15, 0)),
            ]
        },
    )
    simulate_conference_room("Cedar", 8)


def evaluate_book_birch_for_vendor_demo(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Only Thursday's demo changed, and only its location, which is now Birch."""
    setup_function()
    thursday = get_next_dow("Thursday")
    target = next(e for e in find_events(subject="Vendor demo") if e.starts_at.date() == thursday)
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    changed = {c.key: c for c in changes.in_table("user_calendar", "changed")}
    removed = {c.key for c in changes.in_table("user_calendar", "removed")}
    added = added_user_events(changes)
    # updating in place, or deleting and re-creating, are both fine; nothing else may change
    if len(changes) != 1 + len(removed) or len(added) != len(removed):
        raise SolutionError("Incorrect solution")
    for original, room in ((target, "birch"),):
        if original.event_id in changed:
            updated = Event.model_validate(changed[original.event_id].after)
        elif original.event_id in removed:
            copies = [e for e in added if e.starts_at == original.starts_at]
            if len(copies) != 1:
                raise SolutionError("Incorrect solution")
            updated = copies[0]
        else:
            raise SolutionError("Incorrect solution")
        if (updated.location or "").strip().casefold() != room:
            raise SolutionError("Incorrect solution")
        # everything but the location is as it was
        same = updated.model_copy(
            update={"event_id": original.event_id, "location": original.location}
        )
        if same != original:
            raise SolutionError("Incorrect solution")


def setup_env_book_birch_for_vendor_demo_2():
    """Birch is booked 13:30-14:30 on Thursday, in the middle of the demo."""
    simulate_org_structure(default_employee_names=["Mariam", "Lars", "Thandiwe", "Kenji"])
    mariam = find_employee("Mariam")[0]  # setup guideline #4
    lars = find_employee("Lars")[0]
    # setup guideline #1
    thursday = get_next_dow("Thursday")
    next_thursday = get_next_dow("Thursday", after=thursday)

    def at(day, hour, minute):
        return datetime.datetime.combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Vendor demo",
                attendees=[mariam, lars],
                starts_at=at(thursday, 13, 0),
                ends_at=at(thursday, 14, 0),
            ),
            Event(
                subject="Vendor demo",
                attendees=[mariam],
                starts_at=at(next_thursday, 13, 0),
                ends_at=at(next_thursday, 14, 0),
            ),
            Event(
                subject="Roadmap",
                attendees=[lars],
                starts_at=at(thursday, 10, 0),
                ends_at=at(thursday, 11, 0),
            ),
        ]
    )
    simulate_conference_room(
        "Birch", 6, {thursday: [TimeInterval(at(thursday, 13, 30), at(thursday, 14, 30))]}
    )
    simulate_conference_room("Cedar", 8)


def evaluate_book_birch_for_vendor_demo_2(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Birch is taken during the demo: the program finishes normally and changes nothing."""
    setup_function()
    before = snapshot_world()
    executable()
    assert_no_changes_since(before)
