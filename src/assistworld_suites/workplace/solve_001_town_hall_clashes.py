"""Assistant, the town hall has landed on top of some of my meetings. Move every meeting that overlaps it to the same time on the next working day."""  # noqa: E501

QUERY_ID = "solve_001_town_hall_clashes"
CATEGORY = "problem-solving"
TAGS = ["find_events", "intervals_overlap", "next-working-day", "update-event", "contrast-set"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def move_town_hall_clashes():
    """Move each upcoming meeting overlapping the town hall to the same time, next working day."""
    town_halls = find_events(subject="Town hall")
    if not town_halls:
        raise RequiresUserInput("I couldn't find an upcoming town hall in your calendar.")
    if len(town_halls) > 1:
        raise RequiresUserInput(
            f"There are {len(town_halls)} upcoming town halls in your calendar; which one?"
        )
    town_hall = town_halls[0]
    blocked = TimeInterval(town_hall.starts_at, town_hall.ends_at)
    one_day = Duration(1, TimeUnits.Days)
    for event in find_events():
        if event.event_id == town_hall.event_id:
            continue
        # meetings that only touch the town hall (end as it starts) do not overlap it
        if not intervals_overlap(TimeInterval(event.starts_at, event.ends_at), blocked):
            continue
        new_start = modify(event.starts_at, one_day, operator=DateTimeClauseOperators.add)
        while new_start.weekday() >= 5:  # Saturday or Sunday: not a working day
            new_start = modify(new_start, one_day, operator=DateTimeClauseOperators.add)
        shift = new_start - event.starts_at
        event.starts_at = new_start
        event.ends_at = event.ends_at + shift
        add_event(event)


def setup_env_move_town_hall_clashes():
    """Thursday's town hall (14:00-15:30) overlaps two meetings; others touch it or are apart."""
    simulate_org_structure(
        default_employee_names=[
            "Ayumi",
            "Bastien",
            "Chiamaka",
            "Dmitri",
            "Elif",
            "Fergus",
            "Gaurav",
            "Hine",
            "Ivana",
            "Jorge",
            "Kalani",
            "Lowri",
        ],
        user_name="Marguerite",
    )
    # setup guideline #4
    ayumi, bastien, chiamaka, elif_, fergus, gaurav, hine, jorge, kalani, lowri = (
        find_employee(name)[0]
        for name in (
            "Ayumi",
            "Bastien",
            "Chiamaka",
            "Elif",
            "Fergus",
            "Gaurav",
            "Hine",
            "Jorge",
            "Kalani",
            "Lowri",
        )
    )
    # setup guideline #1
    last_thursday = get_prev_dow("Thursday")
    wednesday = get_next_dow("Wednesday")
    thursday = get_next_dow("Thursday")
    friday = get_next_dow("Friday")

    def meeting(subject, people, day, start, end):
        return Event(
            subject=subject,
            attendees=people,
            starts_at=combine(day, datetime.time(*start)),
            ends_at=combine(day, datetime.time(*end)),
        )

    # setup guidelines #2 and #3: last week's events are past, the rest upcoming
    simulate_user_calendar(
        [
            meeting("Town hall", [ayumi, elif_, gaurav], last_thursday, (14, 0), (15, 30)),
            meeting("Code review", [bastien], last_thursday, (14, 30), (15, 0)),
            meeting("Hiring debrief", [jorge], wednesday, (14, 0), (15, 0)),
            meeting("Roadmap review", [bastien, lowri], thursday, (11, 0), (12, 0)),
            meeting("Lunch and learn", [fergus, hine], thursday, (13, 0), (14, 0)),
            meeting("Town hall", [ayumi, elif_, gaurav], thursday, (14, 0), (15, 30)),
            meeting("Pairing", [bastien], thursday, (14, 0), (14, 45)),
            meeting("Vendor call", [chiamaka, jorge], thursday, (15, 0), (16, 0)),
            meeting("Budget check", [kalani], thursday, (16, 30), (17, 0)),
            meeting("Sprint sync", [lowri], friday, (10, 0), (10, 30)),
        ]
    )


def evaluate_move_town_hall_clashes(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Pairing and the vendor call move to Friday at the same times; nothing else changes."""
    setup_function()

    def shape(event):
        # testing guideline #3: subjects are not compared; people are compared by id
        people = tuple(sorted(a.employee_id for a in event.attendees or []))
        return (event.starts_at, event.ends_at, people, event.location, event.event_importance)

    calendar_before = find_past_events() + find_events()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    if changes.tables() - {"user_calendar"}:
        raise SolutionError("Incorrect solution")
    bastien = find_employee("Bastien")[0]
    chiamaka, jorge = find_employee("Chiamaka")[0], find_employee("Jorge")[0]
    thursday, friday = get_next_dow("Thursday"), get_next_dow("Friday")
    moves = {
        (datetime.datetime.combine(thursday, datetime.time(14, 0)), (bastien.employee_id,)),
        (
            datetime.datetime.combine(thursday, datetime.time(15, 0)),
            tuple(sorted([chiamaka.employee_id, jorge.employee_id])),
        ),
    }
    expected = []
    for event in calendar_before:
        start, end, people, location, importance = shape(event)
        if (start, people) in moves:
            shift = datetime.timedelta(days=(friday - thursday).days)
            start, end = start + shift, end + shift
        expected.append((start, end, people, location, importance))
    after = [shape(e) for e in find_past_events() + find_events()]
    if sorted(after, key=repr) != sorted(expected, key=repr):
        raise SolutionError("Incorrect solution")


def setup_env_move_town_hall_clashes_friday():
    """Friday's town hall (10:00-11:00) overlaps two meetings: they go to Monday, not Saturday."""
    simulate_org_structure(
        default_employee_names=[
            "Ayumi",
            "Bastien",
            "Chiamaka",
            "Dmitri",
            "Elif",
            "Fergus",
            "Gaurav",
            "Hine",
            "Ivana",
            "Jorge",
            "Kalani",
            "Lowri",
        ],
        user_name="Marguerite",
    )
    # setup guideline #4
    ayumi, bastien, chiamaka, elif_, fergus, gaurav, jorge, kalani, lowri = (
        find_employee(name)[0]
        for name in (
            "Ayumi",
            "Bastien",
            "Chiamaka",
            "Elif",
            "Fergus",
            "Gaurav",
            "Jorge",
            "Kalani",
            "Lowri",
        )
    )
    # setup guideline #1
    thursday = get_next_dow("Thursday")
    friday = get_next_dow("Friday")
    monday = get_next_dow("Monday")

    def meeting(subject, people, day, start, end):
        return Event(
            subject=subject,
            attendees=people,
            starts_at=combine(day, datetime.time(*start)),
            ends_at=combine(day, datetime.time(*end)),
        )

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            meeting("Design crit", [jorge], thursday, (10, 0), (11, 0)),
            meeting("Coffee chat", [bastien], friday, (9, 30), (10, 0)),
            meeting("Town hall", [ayumi, elif_, gaurav], friday, (10, 0), (11, 0)),
            meeting("Release planning", [kalani, lowri], friday, (10, 0), (10, 30)),
            meeting("Partner update", [chiamaka], friday, (10, 30), (11, 15)),
            meeting("Expenses review", [fergus], monday, (14, 0), (14, 30)),
        ]
    )


def evaluate_move_town_hall_clashes_friday(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """The two Friday clashes move to next Monday at the same times; nothing else changes."""
    setup_function()

    def shape(event):
        # testing guideline #3: subjects are not compared; people are compared by id
        people = tuple(sorted(a.employee_id for a in event.attendees or []))
        return (event.starts_at, event.ends_at, people, event.location, event.event_importance)

    calendar_before = find_past_events() + find_events()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    if changes.tables() - {"user_calendar"}:
        raise SolutionError("Incorrect solution")
    chiamaka = find_employee("Chiamaka")[0]
    kalani, lowri = find_employee("Kalani")[0], find_employee("Lowri")[0]
    friday, monday = get_next_dow("Friday"), get_next_dow("Monday")
    moves = {
        (
            datetime.datetime.combine(friday, datetime.time(10, 0)),
            tuple(sorted([kalani.employee_id, lowri.employee_id])),
        ),
        (datetime.datetime.combine(friday, datetime.time(10, 30)), (chiamaka.employee_id,)),
    }
    expected = []
    for event in calendar_before:
        start, end, people, location, importance = shape(event)
        if (start, people) in moves:
            shift = datetime.timedelta(days=(monday - friday).days)
            start, end = start + shift, end + shift
        expected.append((start, end, people, location, importance))
    after = [shape(e) for e in find_past_events() + find_events()]
    if sorted(after, key=repr) != sorted(expected, key=repr):
        raise SolutionError("Incorrect solution")
