"""Assistant, tomorrow's 10 o'clock with Kenji is going to be a video call now, so give up the room it's booked in."""  # noqa: E501

QUERY_ID = "extra_021_release_room_for_video_call"
CATEGORY = "room-booking"
TAGS = ["find_events", "add_event", "location", "release-room"]

if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def release_room_of_kenji_meeting():
    """Clear the location of tomorrow's 10:00 meeting with Kenji."""
    # by structure guideline #1
    kenji = find_employee("Kenji")[0]
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    ten = combine(tomorrow, time_by_hm(10, 0, "am"))
    meetings = [e for e in find_events() if e.starts_at == ten and kenji in (e.attendees or [])]
    if not meetings:
        raise RequiresUserInput("I could not find a meeting with Kenji tomorrow at 10.")
    if len(meetings) > 1:
        raise RequiresUserInput(f"There are {len(meetings)} meetings with Kenji tomorrow at 10.")
    meeting = meetings[0]
    if not meeting.location:
        raise RequiresUserInput("Tomorrow's 10:00 with Kenji has no room booked.")
    meeting.location = None
    add_event(meeting)


def setup_env_release_room_of_kenji_meeting():
    """Tomorrow 10:00-10:45 with Kenji in Larch; other Larch meetings with Kenji around it."""
    simulate_org_structure(
        default_employee_names=["Kenji", "Anselma", "Bayo", "Chayton", "Drifa"],
        user_name="Eulalia",
        user_team=Team.SalesMarketing,
    )
    # setup guideline #4
    kenji, anselma, bayo = (find_employee(name)[0] for name in ("Kenji", "Anselma", "Bayo"))
    simulate_conference_room("Larch", 6)
    simulate_conference_room("Spruce", 10)
    # setup guideline #1
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    thursday = get_next_dow("Thursday")

    def meeting(day, start, end, people, subject, room):
        return Event(
            subject=subject,
            attendees=people,
            starts_at=combine(day, datetime.time(*start)),
            ends_at=combine(day, datetime.time(*end)),
            location=room,
        )

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            meeting(tomorrow, (10, 0), (10, 45), [kenji], "Supplier check-in", "Larch"),
            meeting(tomorrow, (11, 0), (12, 0), [anselma, kenji], "Contract review", "Larch"),
            meeting(tomorrow, (15, 0), (15, 30), [bayo], "Forecast", "Spruce"),
            meeting(thursday, (10, 0), (10, 45), [kenji], "Supplier check-in", "Larch"),
        ]
    )


def evaluate_release_room_of_kenji_meeting(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Only tomorrow's 10:00 meeting loses its room (its location names no room any more); times
    and people stay the same.
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

    kenji = (find_employee("Kenji")[0].employee_id,)
    start, end = datetime.datetime(2024, 6, 26, 10, 0), datetime.datetime(2024, 6, 26, 10, 45)
    old, new = meetings(before), meetings(snapshot_world())
    if list((old - new).elements()) != [(start, end, kenji, "larch")]:
        raise SolutionError("Incorrect solution")
    added = list((new - old).elements())
    if len(added) != 1 or added[0][:3] != (start, end, kenji):
        raise SolutionError("Incorrect solution")
    # no location, or one that names no room (e.g. "Video call")
    if any(room.casefold() in added[0][3] for room in before.rooms):
        raise SolutionError("Incorrect solution")
