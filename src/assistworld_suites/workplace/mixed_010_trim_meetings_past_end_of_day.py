"""Assistant, nothing in my calendar today should run past the end of the working day. Cut anything that does so it finishes then."""  # noqa: E501

QUERY_ID = "mixed_010_trim_meetings_past_end_of_day"
CATEGORY = "time-expressions"
TAGS = ["end-of-day", "parse_time_string", "find_events", "add_event", "edit-in-place"]

if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def trim_today_to_end_of_day():
    """Make every meeting today that is still going at 17:10 end at 17:10."""
    today = parse_date_string(DateExpressions.Today)
    # the end of the working day comes from time_utils: no clock time or time zone is assumed
    end_of_day = combine(today, parse_time_string(TimeExpressions.EndOfWorkDay))
    for event in find_events():
        if event.starts_at.date() == today and event.starts_at < end_of_day < event.ends_at:
            event.ends_at = end_of_day
            add_event(event)


def setup_env_trim_today_to_end_of_day():
    """Today: a partner call 16:30-17:45 overruns; meetings ending at or before 17:10 do not."""
    simulate_org_structure(
        default_employee_names=[
            "Ximena",
            "Yosef",
            "Zaila",
            "Aputi",
            "Bashir",
            "Ceinwen",
            "Dorotea",
            "Eyota",
            "Filipo",
            "Grete",
            "Hassan",
            "Inti",
        ]
    )
    # setup guideline #4
    ximena, yosef, zaila, aputi = (
        find_employee(n)[0] for n in ("Ximena", "Yosef", "Zaila", "Aputi")
    )
    # setup guideline #1
    today = parse_date_string(DateExpressions.Today)
    tomorrow = parse_date_string(DateExpressions.Tomorrow)

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guideline #3: every meeting is later than now
    simulate_user_calendar(
        [
            Event(
                subject="Planning",
                attendees=[ximena, yosef],
                starts_at=at(today, 15, 0),
                ends_at=at(today, 16, 0),
            ),
            Event(
                subject="Partner call",
                attendees=[zaila],
                starts_at=at(today, 16, 30),
                ends_at=at(today, 17, 45),
                location="Orchard",
            ),
            Event(
                subject="Wrap-up",
                attendees=[aputi],
                starts_at=at(today, 16, 50),
                ends_at=at(today, 17, 10),
            ),
            Event(
                subject="Partner call",
                attendees=[zaila],
                starts_at=at(tomorrow, 16, 45),
                ends_at=at(tomorrow, 17, 30),
            ),
        ]
    )


def evaluate_trim_today_to_end_of_day(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Only today's partner call changes, and only its end: 17:45 becomes 17:10."""
    setup_function()
    today = parse_date_string(DateExpressions.Today)
    call = next(e for e in find_events() if e.starts_at == combine(today, datetime.time(16, 30)))
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    if len(changes) != 1:
        raise SolutionError("Incorrect solution")
    change = next(iter(changes))
    if (change.table, change.key, change.kind) != ("user_calendar", call.event_id, "changed"):
        raise SolutionError("Incorrect solution")
    old, new = Event.model_validate(change.before), Event.model_validate(change.after)
    if new.ends_at != combine(today, datetime.time(17, 10)):
        raise SolutionError("Incorrect solution")
    if new.model_dump(exclude={"ends_at"}) != old.model_dump(exclude={"ends_at"}):
        raise SolutionError("Incorrect solution")


def setup_env_trim_today_to_end_of_day_two():
    """Two of today's meetings overrun (16:00-17:30 and 17:00-18:00); one ends exactly at 17:10."""
    simulate_org_structure(
        default_employee_names=[
            "Ximena",
            "Yosef",
            "Zaila",
            "Aputi",
            "Bashir",
            "Ceinwen",
            "Dorotea",
            "Eyota",
            "Filipo",
            "Grete",
            "Hassan",
            "Inti",
        ]
    )
    # setup guideline #4
    bashir, ceinwen, dorotea = (find_employee(n)[0] for n in ("Bashir", "Ceinwen", "Dorotea"))
    # setup guideline #1
    today = parse_date_string(DateExpressions.Today)
    thursday = get_next_dow("Thursday")

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guideline #3: every meeting is later than now
    simulate_user_calendar(
        [
            Event(
                subject="Incident review",
                attendees=[bashir, ceinwen],
                starts_at=at(today, 16, 0),
                ends_at=at(today, 17, 30),
            ),
            Event(
                subject="Quick sync",
                attendees=[dorotea],
                starts_at=at(today, 16, 40),
                ends_at=at(today, 17, 10),
            ),
            Event(
                subject="Board prep",
                starts_at=at(today, 17, 0),
                ends_at=at(today, 18, 0),
                event_importance="high",
            ),
            Event(
                subject="Board prep",
                starts_at=at(thursday, 16, 30),
                ends_at=at(thursday, 18, 0),
            ),
        ]
    )


def evaluate_trim_today_to_end_of_day_two(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """The 16:00 and 17:00 meetings now both end at 17:10; nothing else about them changed."""
    setup_function()
    today = parse_date_string(DateExpressions.Today)
    starts = {combine(today, datetime.time(16, 0)), combine(today, datetime.time(17, 0))}
    wanted = {e.event_id for e in find_events() if e.starts_at in starts}
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    if len(changes) != 2:
        raise SolutionError("Incorrect solution")
    if {c.key for c in changes} != wanted or any(
        c.table != "user_calendar" or c.kind != "changed" for c in changes
    ):
        raise SolutionError("Incorrect solution")
    for change in changes:
        old, new = Event.model_validate(change.before), Event.model_validate(change.after)
        if new.ends_at != combine(today, datetime.time(17, 10)):
            raise SolutionError("Incorrect solution")
        if new.model_dump(exclude={"ends_at"}) != old.model_dump(exclude={"ends_at"}):
            raise SolutionError("Incorrect solution")
