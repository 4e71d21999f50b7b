"""Assistant, the Aurora room is closed for maintenance on Thursday. Move each of my Thursday meetings that are booked there into another room that's free at that time and big enough for everyone, me included."""  # noqa: E501

QUERY_ID = "extra_013_aurora_room_closed"
CATEGORY = "problem-solving"
TAGS = ["search_conference_room", "add_event", "capacity", "rebook-room", "several-valid-rooms"]

if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def move_thursday_meetings_out_of_aurora():
    """Give each Thursday meeting located in Aurora a free room that seats everyone."""
    thursday = get_next_dow("Thursday")
    in_aurora = [
        e
        for e in find_events()
        if e.starts_at.date() == thursday and (e.location or "").strip().lower() == "aurora"
    ]
    if not in_aurora:
        raise RequiresUserInput("You have no meetings in the Aurora room on Thursday.")
    # choose every room first, so nothing changes if one meeting cannot be moved
    plan = []
    for event in in_aurora:
        seats = len(event.attendees or []) + 1  # the attendees plus me
        window = TimeInterval(event.starts_at, event.ends_at)
        choice = None
        for availability in search_conference_room([window], capacity=seats):
            if availability.room.room_name.strip().lower() == "aurora":
                continue
            if any(
                s.start <= event.starts_at and event.ends_at <= s.end
                for s in availability.free_slots
            ):
                choice = availability.room.room_name
                break
        if choice is None:
            raise RequiresUserInput(
                f"No other room for {seats} is free for the {event.starts_at:%H:%M} meeting."
            )
        plan.append((event, choice))
    for event, room in plan:
        event.location = room
        add_event(event)


def setup_env_move_thursday_meetings_out_of_aurora():
    """Two Thursday meetings in Aurora (6 and 3 people); five rooms with bookings around them."""
    simulate_org_structure(
        default_employee_names=[
            "Henrike",
            "Jomo",
            "Kaveh",
            "Lusine",
            "Mpho",
            "Noelani",
            "Oren",
            "Pilar",
            "Qiu",
        ],
        user_name="Rasmus",
    )
    # setup guideline #4
    henrike, jomo, kaveh, lusine, mpho, noelani = (
        find_employee(name)[0] for name in ("Henrike", "Jomo", "Kaveh", "Lusine", "Mpho", "Noelani")
    )
    # setup guideline #1
    thursday = get_next_dow("Thursday")
    friday = get_next_dow("Friday")

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guideline #2: bookings inside the working day
    simulate_conference_room(
        "Aurora", 10, {thursday: [TimeInterval(at(thursday, 9, 6), at(thursday, 17, 10))]}
    )
    simulate_conference_room(
        "Borealis", 4, {thursday: [TimeInterval(at(thursday, 14, 0), at(thursday, 15, 0))]}
    )
    simulate_conference_room(
        "Cirrus", 8, {thursday: [TimeInterval(at(thursday, 10, 30), at(thursday, 11, 30))]}
    )
    simulate_conference_room(
        "Dune", 12, {thursday: [TimeInterval(at(thursday, 13, 30), at(thursday, 14, 15))]}
    )
    simulate_conference_room(
        "Ember", 3, {thursday: [TimeInterval(at(thursday, 13, 0), at(thursday, 14, 0))]}
    )
    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Quarterly planning",
                attendees=[henrike, jomo, kaveh, lusine, mpho],
                starts_at=at(thursday, 10, 0),
                ends_at=at(thursday, 11, 0),
                location="Aurora",
            ),
            Event(
                subject="Hiring sync",
                attendees=[noelani, kaveh],
                starts_at=at(thursday, 14, 0),
                ends_at=at(thursday, 14, 30),
                location="Aurora",
            ),
            Event(
                subject="Design review",
                attendees=[henrike, jomo],
                starts_at=at(thursday, 16, 0),
                ends_at=at(thursday, 16, 45),
                location="Cirrus",
            ),
            Event(
                subject="Retro",
                attendees=[lusine, mpho, noelani],
                starts_at=at(friday, 10, 0),
                ends_at=at(friday, 11, 0),
                location="Aurora",
            ),
        ]
    )


def evaluate_move_thursday_meetings_out_of_aurora(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """The 10:00 planning moves to Dune (the only free room for 6); the 14:00 sync to Cirrus or
    Ember; nothing else changes.
    """
    from collections import Counter

    setup_function()
    before = snapshot_world()
    executable()
    if changes_since(before).tables() - {"user_calendar"}:
        raise SolutionError("Incorrect solution")

    def meetings(state):
        # (start, end, attendee ids, room) of every event, edited in place or re-created
        return Counter(
            (
                row.starts_at,
                row.ends_at,
                tuple(sorted(a.employee_id for a in row.attendees or [])),
                (row.location or "").strip().casefold(),
            )
            for row in state.user_calendar.values()
        )

    def people(*names):
        return tuple(sorted(find_employee(name)[0].employee_id for name in names))

    thursday = datetime.date(2024, 6, 27)

    def at(hour, minute):
        return datetime.datetime.combine(thursday, datetime.time(hour, minute))

    planning = (at(10, 0), at(11, 0), people("Henrike", "Jomo", "Kaveh", "Lusine", "Mpho"))
    sync = (at(14, 0), at(14, 30), people("Noelani", "Kaveh"))
    old, new = meetings(before), meetings(snapshot_world())
    if sorted((old - new).elements()) != sorted([(*planning, "aurora"), (*sync, "aurora")]):
        raise SolutionError("Incorrect solution")
    added = sorted((new - old).elements())
    if len(added) != 2 or added[0] != (*planning, "dune"):
        raise SolutionError("Incorrect solution")
    if added[1] not in ((*sync, "cirrus"), (*sync, "ember")):
        raise SolutionError("Incorrect solution")
