"""Assistant, tomorrow's 2 PM meeting with Ana has moved to the Cedar room. Update it."""

QUERY_ID = "mixed_002_cedar_for_two_pm_with_ana"
CATEGORY = "simple-scheduling"
TAGS = ["find_events", "add_event", "exact-attendees-trap", "location", "edit-in-place"]

if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def move_two_pm_with_ana_to_cedar():
    """Set the location of tomorrow's 2 PM meeting that Ana attends to the Cedar room."""
    # by structure guideline #1
    ana = find_employee("Ana")[0]
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    two_pm = combine(tomorrow, time_by_hm(2, 0, "pm"))
    # find_events(attendees=[ana]) would only match meetings with Ana alone: filter instead
    meetings = [e for e in find_events() if e.starts_at == two_pm and ana in (e.attendees or [])]
    if not meetings:
        raise RequiresUserInput("I couldn't find a meeting with Ana tomorrow at 2 PM.")
    if len(meetings) > 1:
        raise RequiresUserInput(f"{len(meetings)} meetings with Ana start tomorrow at 2 PM.")
    meeting = meetings[0]
    meeting.location = "Cedar"
    add_event(meeting)


def setup_env_move_two_pm_with_ana_to_cedar():
    """Tomorrow 14:00 Ana and Joaquim (in Maple); one-on-ones with Ana at other times."""
    simulate_org_structure(
        default_employee_names=[
            "Ana",
            "Joaquim",
            "Teodor",
            "Ngozi",
            "Priscila",
            "Lemuel",
            "Shirin",
            "Quoc",
            "Birgit",
            "Mosese",
            "Ilkka",
            "Eero",
        ]
    )
    # setup guideline #4
    ana, joaquim, teodor = (find_employee(n)[0] for n in ("Ana", "Joaquim", "Teodor"))
    # setup guideline #1
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    thursday = get_next_dow("Thursday")

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    simulate_conference_room("Maple", 6)
    simulate_conference_room("Cedar", 8)
    simulate_conference_room("Cedarwood Lounge", 20)
    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="1:1 Ana",
                attendees=[ana],
                starts_at=at(tomorrow, 11, 0),
                ends_at=at(tomorrow, 11, 30),
            ),
            Event(
                subject="Vendor shortlist",
                attendees=[ana, joaquim],
                starts_at=at(tomorrow, 14, 0),
                ends_at=at(tomorrow, 15, 0),
                location="Maple",
            ),
            Event(
                subject="Budget check",
                attendees=[teodor],
                starts_at=at(tomorrow, 15, 0),
                ends_at=at(tomorrow, 15, 30),
                location="Maple",
            ),
            Event(
                subject="1:1 Ana",
                attendees=[ana],
                starts_at=at(thursday, 14, 0),
                ends_at=at(thursday, 14, 30),
            ),
        ]
    )


def evaluate_move_two_pm_with_ana_to_cedar(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Only the 14:00 meeting changed, and only its location, which is now Cedar."""
    setup_function()
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    target = next(e for e in find_events() if e.starts_at == combine(tomorrow, datetime.time(14)))
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    if len(changes) != 1:
        raise SolutionError("Incorrect solution")
    change = next(iter(changes))
    if (change.table, change.key, change.kind) != ("user_calendar", target.event_id, "changed"):
        raise SolutionError("Incorrect solution")
    old, new = Event.model_validate(change.before), Event.model_validate(change.after)
    # "Cedar", in any case; not the similarly named lounge
    if (new.location or "").strip().casefold() not in ("cedar", "cedar room"):
        raise SolutionError("Incorrect solution")
    if new.model_dump(exclude={"location"}) != old.model_dump(exclude={"location"}):
        raise SolutionError("Incorrect solution")
