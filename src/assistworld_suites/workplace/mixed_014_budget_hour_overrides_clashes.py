"""Assistant, Folasade wants an hour with me at 4 PM on Thursday to go through the budget. Book it, and if anything of mine clashes with it, cancel that: this takes priority."""  # noqa: E501

QUERY_ID = "mixed_014_budget_hour_overrides_clashes"
CATEGORY = "policy-following"
TAGS = ["intervals_overlap", "delete_event", "add_event", "user-says-how", "contrast-set"]

if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def budget_hour_with_folasade():
    """Book Thursday 16:00-17:00 with Folasade and cancel whatever overlaps it."""
    # by structure guideline #1
    folasade = find_employee("Folasade")[0]
    thursday = get_next_dow("Thursday")
    starts_at = combine(thursday, time_by_hm(4, 0, "pm"))
    ends_at = modify(starts_at, Duration(1, TimeUnits.Hours), operator=DateTimeClauseOperators.add)
    wanted = TimeInterval(starts_at, ends_at)
    # the user said how to handle clashes, so no RequiresUserInput, however many there are;
    # meetings that only touch the hour (ending at 4 or starting at 5) do not clash
    for event in find_events():
        if intervals_overlap(TimeInterval(event.starts_at, event.ends_at), wanted):
            delete_event(event)
    add_event(
        Event(
            subject="Budget walkthrough",
            attendees=[folasade],
            starts_at=starts_at,
            ends_at=ends_at,
        )
    )


def setup_env_budget_hour_with_folasade():
    """Thursday: meetings end at 16:00 and start at 17:00; nothing overlaps the hour."""
    simulate_org_structure(
        default_employee_names=[
            "Folasade",
            "Gaspard",
            "Hedda",
            "Ivo",
            "Jacinta",
            "Kamau",
            "Leontine",
            "Mikael",
            "Noelani",
            "Ozan",
            "Perpetua",
            "Quillon",
        ]
    )
    # setup guideline #4
    gaspard, hedda, ivo = (find_employee(n)[0] for n in ("Gaspard", "Hedda", "Ivo"))
    # setup guideline #1
    thursday = get_next_dow("Thursday")
    friday = get_next_dow("Friday")

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Design review",
                attendees=[gaspard, hedda],
                starts_at=at(thursday, 15, 0),
                ends_at=at(thursday, 16, 0),
            ),
            Event(
                subject="Wrap-up",
                attendees=[ivo],
                starts_at=at(thursday, 17, 0),
                ends_at=at(thursday, 17, 10),
            ),
            Event(
                subject="Vendor call",
                attendees=[ivo],
                starts_at=at(friday, 16, 0),
                ends_at=at(friday, 16, 30),
            ),
        ]
    )


def evaluate_budget_hour_with_folasade(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Only one change: the new Thursday 16:00-17:00 meeting with Folasade."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    thursday = get_next_dow("Thursday")
    if (event.starts_at, event.ends_at) != (
        combine(thursday, datetime.time(16, 0)),
        combine(thursday, datetime.time(17, 0)),
    ):
        raise SolutionError("Incorrect solution")
    folasade = find_employee("Folasade")[0]
    if [a.employee_id for a in event.attendees or []] != [folasade.employee_id]:
        raise SolutionError("Incorrect solution")


def setup_env_budget_hour_with_folasade_one_clash():
    """A 15:30-16:15 call overlaps the hour; a 17:00 meeting only touches it."""
    simulate_org_structure(
        default_employee_names=[
            "Folasade",
            "Gaspard",
            "Hedda",
            "Ivo",
            "Jacinta",
            "Kamau",
            "Leontine",
            "Mikael",
            "Noelani",
            "Ozan",
            "Perpetua",
            "Quillon",
        ]
    )
    # setup guideline #4
    jacinta, kamau = (find_employee(n)[0] for n in ("Jacinta", "Kamau"))
    # setup guideline #1
    thursday = get_next_dow("Thursday")

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Recruiter call",
                attendees=[jacinta],
                starts_at=at(thursday, 15, 30),
                ends_at=at(thursday, 16, 15),
            ),
            Event(
                subject="Ops handover",
                attendees=[kamau],
                starts_at=at(thursday, 17, 0),
                ends_at=at(thursday, 17, 10),
            ),
        ]
    )


def evaluate_budget_hour_with_folasade_one_clash(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """The recruiter call is cancelled, the handover stays, and the hour is booked."""
    setup_function()
    thursday = get_next_dow("Thursday")
    clash = next(
        e for e in find_events() if e.starts_at == combine(thursday, datetime.time(15, 30))
    )
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    removed = [c.key for c in changes.in_table("user_calendar", "removed")]
    if len(events) != 1 or removed != [clash.event_id] or len(changes) != 2:
        raise SolutionError("Incorrect solution")
    event = events[0]
    if (event.starts_at, event.ends_at) != (
        combine(thursday, datetime.time(16, 0)),
        combine(thursday, datetime.time(17, 0)),
    ):
        raise SolutionError("Incorrect solution")
    folasade = find_employee("Folasade")[0]
    if [a.employee_id for a in event.attendees or []] != [folasade.employee_id]:
        raise SolutionError("Incorrect solution")


def setup_env_budget_hour_with_folasade_two_clashes():
    """Two meetings (16:00-16:30 and 16:45-17:10) fall inside the hour; 15:00-16:00 touches it."""
    simulate_org_structure(
        default_employee_names=[
            "Folasade",
            "Gaspard",
            "Hedda",
            "Ivo",
            "Jacinta",
            "Kamau",
            "Leontine",
            "Mikael",
            "Noelani",
            "Ozan",
            "Perpetua",
            "Quillon",
        ]
    )
    # setup guideline #4
    leontine, mikael, noelani = (find_employee(n)[0] for n in ("Leontine", "Mikael", "Noelani"))
    # setup guideline #1
    thursday = get_next_dow("Thursday")

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Customer demo",
                attendees=[leontine, mikael],
                starts_at=at(thursday, 15, 0),
                ends_at=at(thursday, 16, 0),
            ),
            Event(
                subject="Coaching",
                attendees=[noelani],
                starts_at=at(thursday, 16, 0),
                ends_at=at(thursday, 16, 30),
            ),
            Event(
                subject="Status check",
                attendees=[mikael],
                starts_at=at(thursday, 16, 45),
                ends_at=at(thursday, 17, 10),
            ),
        ]
    )


def evaluate_budget_hour_with_folasade_two_clashes(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Both overlapping meetings are cancelled (no hand-back: the user said what to do)."""
    setup_function()
    thursday = get_next_dow("Thursday")
    starts = {combine(thursday, datetime.time(16, 0)), combine(thursday, datetime.time(16, 45))}
    clashes = sorted(e.event_id for e in find_events() if e.starts_at in starts)
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    removed = sorted(c.key for c in changes.in_table("user_calendar", "removed"))
    if len(events) != 1 or removed != clashes or len(changes) != 3:
        raise SolutionError("Incorrect solution")
    event = events[0]
    if (event.starts_at, event.ends_at) != (
        combine(thursday, datetime.time(16, 0)),
        combine(thursday, datetime.time(17, 0)),
    ):
        raise SolutionError("Incorrect solution")
    folasade = find_employee("Folasade")[0]
    if [a.employee_id for a in event.attendees or []] != [folasade.employee_id]:
        raise SolutionError("Incorrect solution")
