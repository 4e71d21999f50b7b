"""Assistant, which room should I book for my team meeting on Thursday?"""

QUERY_ID = "answer_014_room_for_team_meeting"
CATEGORY = "multi-answer-questions"
TAGS = ["information-seeking", "search_conference_room", "capacity", "any-valid-answer"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def room_for_team_meeting() -> str:
    """A room free for the whole of Thursday's team meeting that seats everyone invited and me."""
    thursday = get_next_dow("Thursday")
    meetings = [e for e in find_events(subject="Team meeting") if e.starts_at.date() == thursday]
    if not meetings:
        raise RequiresUserInput("I couldn't find a team meeting on Thursday.")
    if len(meetings) > 1:
        raise RequiresUserInput(f"There are {len(meetings)} team meetings on Thursday.")
    meeting = meetings[0]
    seats = len(meeting.attendees or []) + 1  # everyone invited, plus the user
    window = TimeInterval(meeting.starts_at, meeting.ends_at)
    for availability in search_conference_room([window], capacity=seats):
        if any(s.start <= window.start and window.end <= s.end for s in availability.free_slots):
            return availability.room.room_name
    raise RequiresUserInput(f"No room seating {seats} is free for the whole meeting.")


def setup_env_room_for_team_meeting():
    """Thursday 11:00-12:00 with four teammates: Cedar, Dune, Elm and Fjord are free for five."""
    simulate_org_structure(
        default_employee_names=[
            "Aditi",
            "Bertrand",
            "Cyprian",
            "Damla",
            "Eirik",
            "Fadumo",
            "Gabor",
            "Hoku",
            "Iskra",
            "Jaime",
            "Kalea",
            "Lamar",
            "Merindah",
            "Nestor",
            "Odile",
            "Pranav",
            "Qiu",
            "Romilly",
        ],
        user_name="Sefa",
    )
    team = find_team_of(get_current_user())  # Aditi, Cyprian, Eirik (manager) and Jaime
    fadumo = find_employee("Fadumo")[0]  # setup guideline #4
    # setup guideline #1
    wednesday = get_next_dow("Wednesday")
    thursday = get_next_dow("Thursday")

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Team meeting",
                attendees=team,
                starts_at=at(thursday, 11, 0),
                ends_at=at(thursday, 12, 0),
            ),
            Event(
                subject="Partner call",
                attendees=[fadumo],
                starts_at=at(thursday, 14, 0),
                ends_at=at(thursday, 14, 30),
            ),
        ]
    )
    # seats four: one short, once the user is counted
    simulate_conference_room("Aspen", 4)
    simulate_conference_room(
        "Birch", 6, {thursday: [TimeInterval(at(thursday, 11, 30), at(thursday, 12, 30))]}
    )
    simulate_conference_room("Cedar", 10)
    simulate_conference_room("Dune", 5)
    simulate_conference_room(
        "Elm", 12, {thursday: [TimeInterval(at(thursday, 9, 30), at(thursday, 11, 0))]}
    )
    simulate_conference_room(
        "Fjord", 8, {wednesday: [TimeInterval(at(wednesday, 11, 0), at(wednesday, 12, 0))]}
    )
    simulate_conference_room("Gorse", 3)


def evaluate_room_for_team_meeting(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Any one of Cedar, Dune, Elm and Fjord; or all four of them as a list."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    suitable = {"cedar", "dune", "elm", "fjord"}

    def room_name(answer):
        # testing guideline #2: a name, a ConferenceRoom or a RoomAvailability
        if isinstance(answer, RoomAvailability):
            answer = answer.room
        if isinstance(answer, ConferenceRoom):
            answer = answer.room_name
        return answer.strip().casefold() if isinstance(answer, str) else None

    if isinstance(result, list | tuple | set):
        # a list answers "which rooms would do": it must name every suitable room, and only those
        names = [room_name(item) for item in result]
        correct = len(set(names)) == len(names) and set(names) == suitable
    else:
        correct = room_name(result) in suitable
    if not correct:
        raise SolutionError("Incorrect solution")
