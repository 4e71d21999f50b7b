"""Assistant, tidy up the rest of this week for me: cancel any meeting where everyone I invited has declined."""  # noqa: E501

QUERY_ID = "solve_007_cancel_fully_declined"
CATEGORY = "problem-solving"
TAGS = ["find_events", "declined_by", "delete_event", "this_week_dates", "filter"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def cancel_fully_declined():
    """Delete this week's upcoming meetings whose invitees have all declined."""
    sunday = this_week_dates()[-1]
    for event in find_events():
        if event.starts_at.date() > sunday:
            continue
        # everyone invited: those who accepted, the optional and tentative ones, and the decliners
        invited = (
            (event.attendees or [])
            + (event.optional_attendees or [])
            + (event.tentative_attendees or [])
            + (event.declined_by or [])
        )
        declined = event.declined_by or []
        # an event without invitees (a focus block) has nobody who could decline it
        if invited and all(person in declined for person in invited):
            delete_event(event)


def setup_env_cancel_fully_declined():
    """Three fully declined meetings this week; partly declined, empty, past and later ones."""
    simulate_org_structure(
        default_employee_names=[
            "Afa",
            "Berit",
            "Chukwudi",
            "Dalia",
            "Evander",
            "Fotima",
            "Gaspard",
            "Hrafn",
            "Itai",
            "Jamila",
            "Kobus",
            "Ludovica",
        ],
        user_name="Nasrin",
    )
    # setup guideline #4
    afa, berit, chukwudi, dalia, evander = (
        find_employee(name)[0] for name in ("Afa", "Berit", "Chukwudi", "Dalia", "Evander")
    )
    # setup guideline #1
    yesterday = parse_date_string(DateExpressions.Yesterday)
    today = parse_date_string(DateExpressions.Today)
    wednesday = get_next_dow("Wednesday")
    thursday = get_next_dow("Thursday")
    friday = get_next_dow("Friday")
    next_monday = get_next_dow("Monday")

    def meeting(people, day, start, end, declined=None, tentative=None):
        return Event(
            subject="Sync",
            attendees=people,
            declined_by=declined,
            tentative_attendees=tentative,
            starts_at=combine(day, datetime.time(*start)),
            ends_at=combine(day, datetime.time(*end)),
        )

    # Event.attendees holds the people who accepted; decliners are only in declined_by
    # setup guidelines #2 and #3: yesterday's meeting is past, the others upcoming
    simulate_user_calendar(
        [
            meeting(None, yesterday, (10, 0), (10, 30), declined=[afa]),
            meeting(None, today, (14, 0), (14, 30), declined=[afa, berit]),
            meeting(None, wednesday, (10, 0), (11, 0), declined=[chukwudi]),
            meeting([dalia], wednesday, (15, 0), (15, 30), declined=[afa]),
            meeting(None, thursday, (11, 0), (12, 0)),
            meeting(None, thursday, (14, 0), (14, 45), [berit], [chukwudi]),
            meeting([evander], thursday, (16, 0), (16, 30), tentative=[dalia]),
            meeting(None, friday, (9, 30), (10, 0), declined=[evander, dalia]),
            meeting(None, next_monday, (11, 0), (11, 30), declined=[evander]),
        ]
    )


def evaluate_cancel_fully_declined(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Today 14:00, Wednesday 10:00 and Friday 9:30 are deleted; nothing else changes."""
    setup_function()
    today = parse_date_string(DateExpressions.Today)
    doomed_starts = {
        datetime.datetime.combine(today, datetime.time(14, 0)),
        datetime.datetime.combine(get_next_dow("Wednesday"), datetime.time(10, 0)),
        datetime.datetime.combine(get_next_dow("Friday"), datetime.time(9, 30)),
    }
    doomed = {e.event_id for e in find_events() if e.starts_at in doomed_starts}
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    removed = {c.key for c in changes.in_table("user_calendar", "removed")}
    if removed != doomed or len(changes) != len(doomed):
        raise SolutionError("Incorrect solution")
