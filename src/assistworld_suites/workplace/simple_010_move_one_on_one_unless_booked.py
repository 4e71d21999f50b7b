"""Assistant, move my Friday one-on-one with Chioma to Thursday at the same time, unless I already have something on then; if so, just leave it."""  # noqa: E501

QUERY_ID = "simple_010_move_one_on_one_unless_booked"
CATEGORY = "simple-scheduling"
TAGS = ["find_events", "add_event", "intervals_overlap", "conditional", "contrast-set"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def move_chioma_one_on_one_to_thursday():
    """Move Friday's one-on-one with Chioma to the same time on Thursday if that slot is free."""
    # by structure guideline #1
    chioma = find_employee("Chioma")[0]
    friday = get_next_dow("Friday")
    thursday = get_next_dow("Thursday")
    one_on_ones = [e for e in find_events(attendees=[chioma]) if e.starts_at.date() == friday]
    if not one_on_ones:
        raise RequiresUserInput("There is no one-on-one with Chioma on Friday.")
    if len(one_on_ones) > 1:
        raise RequiresUserInput(
            f"There are {len(one_on_ones)} one-on-ones with Chioma on Friday; which one?"
        )
    meeting = one_on_ones[0]
    new_start = combine(thursday, meeting.starts_at.time())
    new_end = modify(new_start, meeting.duration, operator=DateTimeClauseOperators.add)
    new_slot = TimeInterval(start=new_start, end=new_end)
    clashes = [
        e
        for e in find_events()
        if intervals_overlap(TimeInterval(start=e.starts_at, end=e.ends_at), new_slot)
    ]
    # the user said what to do on a clash: leave the meeting where it is (no hand-back)
    if clashes:
        return
    meeting.starts_at = new_start
    meeting.ends_at = new_end
    add_event(meeting)


def setup_env_move_chioma_one_on_one_to_thursday():
    """Friday 13:00-13:45 one-on-one with Chioma; Thursday 13:00-13:45 is free (others touch it)."""
    simulate_org_structure(default_employee_names=["Chioma", "Arjun", "Freya", "Paulo"])
    chioma = find_employee("Chioma")[0]  # setup guideline #4
    arjun = find_employee("Arjun")[0]
    freya = find_employee("Freya")[0]
    # setup guideline #1
    thursday = get_next_dow("Thursday")
    friday = get_next_dow("Friday")

    def meeting(subject, people, day, hour, minute, length):
        start = datetime.datetime.combine(day, datetime.time(hour, minute))
        return Event(
            subject=subject,
            attendees=people,
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=length),
        )

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            meeting("Lunch and learn", [arjun, freya], thursday, 12, 0, 60),
            meeting("Interview", [freya], thursday, 13, 45, 45),
            meeting("1:1 Chioma", [chioma], friday, 13, 0, 45),
            meeting("Quarter close", [arjun, chioma], friday, 15, 0, 60),
        ]
    )


def setup_env_move_chioma_one_on_one_to_thursday_2():
    """As the first setup, but a customer call now overlaps Thursday 13:00-13:45."""
    simulate_org_structure(default_employee_names=["Chioma", "Arjun", "Freya", "Paulo"])
    chioma = find_employee("Chioma")[0]  # setup guideline #4
    arjun = find_employee("Arjun")[0]
    freya = find_employee("Freya")[0]
    # setup guideline #1
    thursday = get_next_dow("Thursday")
    friday = get_next_dow("Friday")

    def meeting(subject, people, day, hour, minute, length):
        start = datetime.datetime.combine(day, datetime.time(hour, minute))
        return Event(
            subject=subject,
            attendees=people,
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=length),
        )

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            meeting("Lunch and learn", [arjun, freya], thursday, 12, 0, 60),
            meeting("Customer call", [], thursday, 13, 30, 45),
            meeting("1:1 Chioma", [chioma], friday, 13, 0, 45),
            meeting("Quarter close", [arjun, chioma], friday, 15, 0, 60),
        ]
    )


def evaluate_move_chioma_one_on_one_to_thursday(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Thursday is free: the one-on-one now runs Thursday 13:00-13:45; nothing else differs."""
    setup_function()

    def calendar_signatures():
        # testing guideline #3: compare start, end and attendees, never the subject
        rows = snapshot_world().user_calendar.values()
        return sorted(
            (e.starts_at, e.ends_at, tuple(sorted(a.employee_id for a in e.attendees or [])))
            for e in rows
        )

    people = (find_employee("Chioma")[0].employee_id,)
    old_start = datetime.datetime.combine(get_next_dow("Friday"), datetime.time(13, 0))
    new_start = datetime.datetime.combine(get_next_dow("Thursday"), datetime.time(13, 0))
    length = datetime.timedelta(minutes=45)
    expected = calendar_signatures()
    expected.remove((old_start, old_start + length, people))
    expected.append((new_start, new_start + length, people))
    before = snapshot_world()
    executable()
    # moved in place or re-created: only the user's calendar may differ
    if changes_since(before).tables() - {"user_calendar"}:
        raise SolutionError("Incorrect solution")
    if calendar_signatures() != sorted(expected):
        raise SolutionError("Incorrect solution")


def evaluate_move_chioma_one_on_one_to_thursday_2(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Thursday clashes: the user asked to leave the meeting alone, so nothing may change."""
    setup_function()
    before = snapshot_world()
    executable()
    assert_no_changes_since(before)
