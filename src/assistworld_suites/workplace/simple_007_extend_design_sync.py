"""Assistant, tomorrow's design sync with Haruto and Leila needs more time: make it 30 minutes longer."""  # noqa: E501

QUERY_ID = "simple_007_extend_design_sync"
CATEGORY = "simple-scheduling"
TAGS = ["find_events", "add_event", "modify", "change-event"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def extend_design_sync_tomorrow():
    """Make tomorrow's design sync with Haruto and Leila 30 minutes longer."""
    # by structure guideline #1
    haruto = find_employee("Haruto")[0]
    leila = find_employee("Leila")[0]
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    syncs = [
        e
        for e in find_events(attendees=[haruto, leila], subject="design sync")
        if e.starts_at.date() == tomorrow
    ]
    if not syncs:
        raise RequiresUserInput("There is no design sync with Haruto and Leila tomorrow.")
    if len(syncs) > 1:
        raise RequiresUserInput(
            f"There are {len(syncs)} design syncs with Haruto and Leila tomorrow; which one?"
        )
    sync = syncs[0]
    # keep the start, push the end back by 30 minutes, and save the change under the same id
    sync.ends_at = modify(
        sync.ends_at, Duration(30, TimeUnits.Minutes), operator=DateTimeClauseOperators.add
    )
    add_event(sync)


def setup_env_extend_design_sync_tomorrow():
    """Tomorrow 10:00-11:00 design sync with Haruto and Leila; similar events around it."""
    simulate_org_structure(default_employee_names=["Haruto", "Leila", "Bogdan", "Fatima"])
    haruto = find_employee("Haruto")[0]  # setup guideline #4
    leila = find_employee("Leila")[0]
    bogdan = find_employee("Bogdan")[0]
    # setup guideline #1
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    thursday = get_next_dow("Thursday")

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
            meeting("Design sync", [haruto, leila], tomorrow, 10, 0, 60),
            meeting("Design sync prep", [haruto], tomorrow, 9, 15, 30),
            meeting("Hiring loop", [bogdan], tomorrow, 11, 30, 45),
            meeting("Design sync", [haruto, leila], thursday, 10, 0, 60),
        ]
    )


def evaluate_extend_design_sync_tomorrow(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Tomorrow's sync now runs 10:00-11:30 with the same people; nothing else is different."""
    setup_function()

    def calendar_signatures():
        # testing guideline #3: compare start, end and attendees, never the subject
        rows = snapshot_world().user_calendar.values()
        return sorted(
            (e.starts_at, e.ends_at, tuple(sorted(a.employee_id for a in e.attendees or [])))
            for e in rows
        )

    start = datetime.datetime.combine(
        parse_date_string(DateExpressions.Tomorrow), datetime.time(10, 0)
    )
    haruto, leila = find_employee("Haruto")[0], find_employee("Leila")[0]
    people = tuple(sorted([haruto.employee_id, leila.employee_id]))
    expected = calendar_signatures()
    expected.remove((start, start + datetime.timedelta(minutes=60), people))
    expected.append((start, start + datetime.timedelta(minutes=90), people))
    before = snapshot_world()
    executable()
    # the event may be updated in place or replaced: only the calendar table may differ
    if changes_since(before).tables() - {"user_calendar"}:
        raise SolutionError("Incorrect solution")
    if calendar_signatures() != sorted(expected):
        raise SolutionError("Incorrect solution")
