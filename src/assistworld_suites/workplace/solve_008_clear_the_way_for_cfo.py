"""Assistant, I need two hours with the CFO on Thursday from 1 PM. Push anything of mine that's in the way to the first free time later that day where it fits. But if something marked important is in the way, don't change anything and let me know."""  # noqa: E501

QUERY_ID = "solve_008_clear_the_way_for_cfo"
CATEGORY = "problem-solving"
TAGS = [
    "leadership",
    "event_importance",
    "find_available_slots",
    "reschedule",
    "RequiresUserInput",
    "contrast-set",
]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def clear_the_way_for_cfo():
    """Book Thursday 13:00-15:00 with the CFO and move normal meetings in the way later that day."""
    cfos = [e for e in get_all_employees() if get_employee_profile(e).role == "CFO"]
    if len(cfos) != 1:
        raise RequiresUserInput(f"I found {len(cfos)} CFOs in the directory.")
    cfo = cfos[0]
    thursday = get_next_dow("Thursday")
    start = combine(thursday, time_by_hm(1, 0, "pm"))
    end = modify(start, Duration(2, TimeUnits.Hours), operator=DateTimeClauseOperators.add)
    review = TimeInterval(start, end)
    in_the_way = [
        e for e in find_events() if intervals_overlap(TimeInterval(e.starts_at, e.ends_at), review)
    ]
    important = [e for e in in_the_way if e.event_importance == "high"]
    if important:
        raise RequiresUserInput(
            f"{len(important)} important meeting(s) clash with Thursday 1-3 PM; nothing changed."
        )
    day_end = combine(thursday, parse_time_string(TimeExpressions.EndOfWorkDay))
    moving = {e.event_id for e in in_the_way}
    # what stays put, plus the review and every meeting already moved
    busy = [e for e in find_events() if e.event_id not in moving]
    busy.append(Event(starts_at=start, ends_at=end))
    plan = []
    for event in in_the_way:
        length = event.ends_at - event.starts_at
        slots = find_available_slots(busy, date=thursday)
        new_start = None
        for slot in slots:
            candidate = max(slot.start, end)
            if candidate + length <= min(slot.end, day_end):
                new_start = candidate
                break
        if new_start is None:
            raise RequiresUserInput("There is no room later on Thursday for everything in the way.")
        plan.append((event, new_start, new_start + length))
        busy.append(Event(starts_at=new_start, ends_at=new_start + length))
    add_event(Event(subject="Review with the CFO", attendees=[cfo], starts_at=start, ends_at=end))
    for event, new_start, new_end in plan:
        event.starts_at, event.ends_at = new_start, new_end
        add_event(event)


def setup_env_clear_the_way_for_cfo():
    """Thursday: 13:30-14:00 and 14:00-15:00 are in the way; free 15:00-15:40 and 16:00-17:10."""
    simulate_org_structure(
        default_employee_names=[
            "Ahanu",
            "Birgit",
            "Cesar",
            "Dumisani",
            "Edda",
            "Fikri",
            "Greta",
            "Hedda",
            "Idris",
            "Jia",
            "Kofi",
            "Lorcan",
        ],
        user_name="Mairead",
    )
    # setup guideline #4: Edda is the CFO
    birgit, cesar, fikri, jia, lorcan = (
        find_employee(name)[0] for name in ("Birgit", "Cesar", "Fikri", "Jia", "Lorcan")
    )
    # setup guideline #1
    thursday = get_next_dow("Thursday")
    friday = get_next_dow("Friday")

    def meeting(subject, people, day, start, end, importance="normal"):
        return Event(
            subject=subject,
            attendees=people,
            starts_at=combine(day, datetime.time(*start)),
            ends_at=combine(day, datetime.time(*end)),
            event_importance=importance,
        )

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            meeting("Standup", [lorcan, birgit], thursday, (10, 0), (11, 0)),
            meeting("Pairing", [birgit], thursday, (13, 30), (14, 0)),
            meeting("Partner sync", [cesar, jia], thursday, (14, 0), (15, 0)),
            meeting("Quick check", [fikri], thursday, (15, 40), (16, 0)),
            meeting("Planning", [lorcan], friday, (13, 0), (14, 0)),
        ]
    )


def evaluate_clear_the_way_for_cfo(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """CFO review 13:00-15:00; pairing to 15:00-15:30; partner sync to 16:00-17:00; nothing else."""
    setup_function()

    def shape(event):
        # testing guideline #3: subjects are not compared; people are compared by id
        people = tuple(sorted(a.employee_id for a in event.attendees or []))
        return (event.starts_at, event.ends_at, people, event.location, event.event_importance)

    calendar_before = [shape(e) for e in find_past_events() + find_events()]
    before = snapshot_world()
    executable()
    if changes_since(before).tables() - {"user_calendar"}:
        raise SolutionError("Incorrect solution")
    thursday = get_next_dow("Thursday")

    def at(hour, minute):
        return datetime.datetime.combine(thursday, datetime.time(hour, minute))

    cfo = next(e for e in get_all_employees() if get_employee_profile(e).role == "CFO")
    moves = {at(13, 30): (at(15, 0), at(15, 30)), at(14, 0): (at(16, 0), at(17, 0))}
    expected = [(at(13, 0), at(15, 0), (cfo.employee_id,), None, "normal")]
    for start, end, people, location, importance in calendar_before:
        if start in moves:
            start, end = moves[start]
        expected.append((start, end, people, location, importance))
    after = [shape(e) for e in find_past_events() + find_events()]
    if sorted(after, key=repr) != sorted(expected, key=repr):
        raise SolutionError("Incorrect solution")


def setup_env_clear_the_way_for_cfo_important():
    """The same Thursday, but the partner sync in the way is marked important."""
    simulate_org_structure(
        default_employee_names=[
            "Ahanu",
            "Birgit",
            "Cesar",
            "Dumisani",
            "Edda",
            "Fikri",
            "Greta",
            "Hedda",
            "Idris",
            "Jia",
            "Kofi",
            "Lorcan",
        ],
        user_name="Mairead",
    )
    # setup guideline #4
    birgit, cesar, fikri, jia, lorcan = (
        find_employee(name)[0] for name in ("Birgit", "Cesar", "Fikri", "Jia", "Lorcan")
    )
    # setup guideline #1
    thursday = get_next_dow("Thursday")
    friday = get_next_dow("Friday")

    def meeting(subject, people, day, start, end, importance="normal"):
        return Event(
            subject=subject,
            attendees=people,
            starts_at=combine(day, datetime.time(*start)),
            ends_at=combine(day, datetime.time(*end)),
            event_importance=importance,
        )

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            meeting("Standup", [lorcan, birgit], thursday, (10, 0), (11, 0)),
            meeting("Pairing", [birgit], thursday, (13, 30), (14, 0)),
            meeting("Partner sync", [cesar, jia], thursday, (14, 0), (15, 0), "high"),
            meeting("Quick check", [fikri], thursday, (15, 40), (16, 0)),
            meeting("Planning", [lorcan], friday, (13, 0), (14, 0), "high"),
        ]
    )


def evaluate_clear_the_way_for_cfo_important(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """An important meeting is in the way: RequiresUserInput and no change at all."""
    setup_function()
    before = snapshot_world()
    try:
        executable()
    except RequiresUserInput:
        assert_no_changes_since(before)
        return
    raise SolutionError("Incorrect solution")
