"""Assistant, put a 30-minute call with Lucía in for Thursday at 11. If that clashes with anything in my calendar, don't double-book me, just tell me what's in the way."""  # noqa: E501

QUERY_ID = "policy_002_call_unless_clash"
CATEGORY = "policy-following"
TAGS = ["no-double-booking", "intervals_overlap", "find_events", "add_event", "conditional"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def call_lucia_unless_clash() -> list[Event] | None:
    """Book the call with Lucía on Thursday at 11:00, or return the events it would clash with."""
    # by structure guideline #1
    lucia = find_employee("Lucía")[0]
    thursday = get_next_dow("Thursday")
    starts_at = combine(thursday, time_by_hm(11, 0, "am"))
    ends_at = modify(
        starts_at, Duration(30, TimeUnits.Minutes), operator=DateTimeClauseOperators.add
    )
    wanted = TimeInterval(starts_at, ends_at)
    # events that only touch the slot (ending at 11 or starting at 11:30) are no clash
    clashes = [
        event
        for event in find_events()
        if intervals_overlap(TimeInterval(event.starts_at, event.ends_at), wanted)
    ]
    if clashes:
        # the user said how to handle a clash: report it instead of raising RequiresUserInput
        return clashes
    add_event(
        Event(subject="Call with Lucía", attendees=[lucia], starts_at=starts_at, ends_at=ends_at)
    )


def setup_env_call_lucia_unless_clash():
    """Thursday has meetings ending at 11 and starting at 11:30, but nothing in between."""
    simulate_org_structure(
        default_employee_names=[
            "Lucía",
            "Arjun",
            "Bogdan",
            "Nkechi",
            "Sione",
            "Hyun-woo",
            "Ingrid",
            "Mustafa",
            "Valentina",
            "Koa",
            "Zainab",
            "Pierre",
        ]
    )
    arjun = find_employee("Arjun")[0]  # setup guideline #4
    nkechi = find_employee("Nkechi")[0]
    lucia = find_employee("Lucía")[0]
    # setup guideline #1
    wednesday = get_next_dow("Wednesday")
    thursday = get_next_dow("Thursday")

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Design crit",
                attendees=[arjun],
                starts_at=at(thursday, 10, 0),
                ends_at=at(thursday, 11, 0),
            ),
            Event(
                subject="Hiring sync",
                attendees=[nkechi],
                starts_at=at(thursday, 11, 30),
                ends_at=at(thursday, 12, 15),
            ),
            Event(
                subject="Quarterly numbers",
                attendees=[lucia],
                starts_at=at(wednesday, 11, 0),
                ends_at=at(wednesday, 11, 45),
            ),
        ]
    )


def evaluate_call_lucia_unless_clash(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """No clash: one new event, Thursday 11:00-11:30 with Lucía only; nothing else changed."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    expected_start = combine(get_next_dow("Thursday"), datetime.time(11, 0))
    if event.starts_at != expected_start or event.ends_at != expected_start + datetime.timedelta(
        minutes=30
    ):
        raise SolutionError("Incorrect solution")
    lucia = find_employee("Lucía")[0]
    if [a.employee_id for a in event.attendees or []] != [lucia.employee_id]:
        raise SolutionError("Incorrect solution")


def setup_env_call_lucia_unless_clash_busy():
    """As the first setup, plus a supplier call on Thursday 10:45-11:15 overlapping the slot."""
    simulate_org_structure(
        default_employee_names=[
            "Lucía",
            "Arjun",
            "Bogdan",
            "Nkechi",
            "Sione",
            "Hyun-woo",
            "Ingrid",
            "Mustafa",
            "Valentina",
            "Koa",
            "Zainab",
            "Pierre",
        ]
    )
    arjun = find_employee("Arjun")[0]  # setup guideline #4
    nkechi = find_employee("Nkechi")[0]
    lucia = find_employee("Lucía")[0]
    bogdan = find_employee("Bogdan")[0]
    # setup guideline #1
    wednesday = get_next_dow("Wednesday")
    thursday = get_next_dow("Thursday")

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Design crit",
                attendees=[arjun],
                starts_at=at(thursday, 10, 0),
                ends_at=at(thursday, 11, 0),
            ),
            Event(
                subject="Supplier call",
                attendees=[bogdan],
                starts_at=at(thursday, 10, 45),
                ends_at=at(thursday, 11, 15),
            ),
            Event(
                subject="Hiring sync",
                attendees=[nkechi],
                starts_at=at(thursday, 11, 30),
                ends_at=at(thursday, 12, 15),
            ),
            Event(
                subject="Quarterly numbers",
                attendees=[lucia],
                starts_at=at(wednesday, 11, 0),
                ends_at=at(wednesday, 11, 45),
            ),
        ]
    )


def evaluate_call_lucia_unless_clash_busy(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Clash: nothing changes and the answer names the supplier call (and nothing else)."""
    setup_function()
    supplier_call = find_events(subject="Supplier call")[0]
    before = snapshot_world()
    result = executable()
    # not double-booked, nothing moved or deleted
    assert_no_changes_since(before)

    def names_supplier_call(item: Any) -> bool:
        if isinstance(item, Event):
            return item.event_id == supplier_call.event_id or (
                item.starts_at == supplier_call.starts_at and item.ends_at == supplier_call.ends_at
            )
        if isinstance(item, str):
            return "supplier call" in item.lower() or "10:45" in item
        return False

    # testing guideline #2: a list of the clashing events, the event itself, or a description
    items = list(result) if isinstance(result, list | tuple) else [result]
    if len(items) != 1 or not names_supplier_call(items[0]):
        raise SolutionError("Incorrect solution")
    # the neighbouring meetings only touch the slot: they must not be reported
    if isinstance(items[0], str) and any(
        other in items[0].lower() for other in ("design crit", "hiring sync")
    ):
        raise SolutionError("Incorrect solution")
