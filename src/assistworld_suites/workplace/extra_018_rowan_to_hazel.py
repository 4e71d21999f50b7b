"""Assistant, the Rowan room is being refurbished next week, and facilities have moved all my bookings there to the Hazel room. Update the location on those meetings."""  # noqa: E501

QUERY_ID = "extra_018_rowan_to_hazel"
CATEGORY = "simple-scheduling"
TAGS = ["find_events", "add_event", "location", "parse_durations_to_date_interval"]

if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def move_next_weeks_rowan_meetings_to_hazel():
    """Set the location of next week's meetings in Rowan to Hazel."""
    week = parse_durations_to_date_interval(DateRanges.NextWeek)
    in_rowan = [
        e
        for e in find_events()
        if week.start <= e.starts_at.date() <= week.end
        and (e.location or "").strip().lower() == "rowan"
    ]
    if not in_rowan:
        raise RequiresUserInput("You have no meetings in the Rowan room next week.")
    for event in in_rowan:
        event.location = "Hazel"
        add_event(event)


def setup_env_move_next_weeks_rowan_meetings_to_hazel():
    """Three meetings in Rowan next week; Rowan meetings this week and the week after; others."""
    simulate_org_structure(
        default_employee_names=["Cian", "Dumisani", "Eszter", "Farouk", "Gaia", "Hemi", "Irina"],
        user_name="Jacinta",
        user_team=Team.Finance,
    )
    # setup guideline #4
    cian, dumisani, eszter, farouk = (
        find_employee(name)[0] for name in ("Cian", "Dumisani", "Eszter", "Farouk")
    )
    simulate_conference_room("Rowan", 8)
    simulate_conference_room("Hazel", 8)
    simulate_conference_room("Oak", 6)
    # setup guideline #1
    thursday = get_next_dow("Thursday")
    monday = get_next_dow("Monday")
    tuesday, wednesday, friday = (
        get_next_dow(name, after=monday) for name in ("Tuesday", "Wednesday", "Friday")
    )
    following_monday = get_next_dow("Monday", after=monday)

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
            meeting(thursday, (10, 0), (11, 0), [cian, dumisani], "Audit prep", "Rowan"),
            meeting(monday, (10, 0), (11, 0), [cian, eszter], "Cash forecast", "Rowan"),
            meeting(tuesday, (14, 0), (14, 30), [farouk], "Expenses", "Oak"),
            meeting(wednesday, (11, 0), (12, 0), [dumisani, eszter, farouk], "Budget", "Rowan"),
            meeting(wednesday, (15, 0), (15, 30), [cian], "1:1 Cian", None),
            meeting(friday, (15, 0), (16, 0), [eszter], "Close review", "Rowan"),
            meeting(following_monday, (10, 0), (11, 0), [cian, eszter], "Cash forecast", "Rowan"),
        ]
    )


def evaluate_move_next_weeks_rowan_meetings_to_hazel(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """The 1, 3 and 5 July Rowan meetings are now in Hazel, otherwise unchanged."""
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

    old, new = meetings(before), meetings(snapshot_world())
    removed = sorted((old - new).elements())
    added = sorted((new - old).elements())
    moved = [
        row
        for row in old
        if row[3] == "rowan"
        and datetime.date(2024, 7, 1) <= row[0].date() <= datetime.date(2024, 7, 7)
    ]
    if len(moved) != 3 or removed != sorted(moved):
        raise SolutionError("Incorrect solution")
    if added != sorted((*row[:3], "hazel") for row in moved):
        raise SolutionError("Incorrect solution")
