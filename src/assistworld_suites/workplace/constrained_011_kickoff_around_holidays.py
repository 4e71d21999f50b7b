"""Assistant, schedule a 45-minute kickoff with Uma and Viktor at 10 AM on the first weekday next week when neither of them is on holiday."""  # noqa: E501

QUERY_ID = "constrained_011_kickoff_around_holidays"
CATEGORY = "constrained-scheduling"
TAGS = ["get_vacation_schedule", "parse_durations_to_date_interval", "multi-day-vacation"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def kickoff_when_both_back():
    """45 minutes at 10:00 on next week's first weekday when Uma and Viktor are both at work."""
    # by structure guideline #1
    people = [find_employee("Uma")[0], find_employee("Viktor")[0]]
    next_week = parse_durations_to_date_interval(DateRanges.NextWeek)

    def on_holiday(person, day) -> bool:
        # a vacation may span several days (and a weekend): check the whole span
        return any(
            leave.start.date() <= day <= leave.end.date()
            for leave in get_vacation_schedule(person) or []
        )

    day = next_week.start
    while day <= next_week.end:
        if day.weekday() < 5 and not any(on_holiday(p, day) for p in people):
            starts_at = combine(day, time_by_hm(10, 0, "am"))
            ends_at = modify(
                starts_at, Duration(45, TimeUnits.Minutes), operator=DateTimeClauseOperators.add
            )
            add_event(
                Event(subject="Kickoff", attendees=people, starts_at=starts_at, ends_at=ends_at)
            )
            return
        day = day + datetime.timedelta(days=1)
    raise RequiresUserInput("Uma or Viktor is on holiday every weekday next week.")


def setup_env_kickoff_when_both_back():
    """Uma is off from this Friday to next Tuesday, Viktor next Wednesday.

    Thursday is the first day.
    """
    simulate_org_structure(default_employee_names=["Uma", "Viktor", "Kaveh", "Nomvula", "Giulia"])
    # setup guideline #4
    uma = find_employee("Uma")[0]
    viktor = find_employee("Viktor")[0]
    kaveh = find_employee("Kaveh")[0]
    # setup guideline #1
    this_friday = get_next_dow("Friday")
    next_monday = get_next_dow("Monday")
    next_tuesday = get_next_dow("Tuesday", after=next_monday)
    next_wednesday = get_next_dow("Wednesday", after=next_monday)
    next_friday = get_next_dow("Friday", after=next_monday)

    def at(day, hour, minute):
        return datetime.datetime.combine(day, datetime.time(hour, minute))

    # one holiday spanning the weekend, one single day, and one later in the week
    simulate_vacation_schedule(uma, [TimeInterval(at(this_friday, 9, 0), at(next_tuesday, 17, 30))])
    simulate_vacation_schedule(
        viktor,
        [
            TimeInterval(at(next_wednesday, 9, 0), at(next_wednesday, 17, 30)),
            TimeInterval(at(next_friday, 9, 0), at(next_friday, 17, 30)),
        ],
    )
    # someone not invited is off on Thursday: irrelevant
    simulate_vacation_schedule(
        kaveh, [TimeInterval(at(next_monday, 9, 0), at(next_friday, 17, 30))]
    )


def evaluate_kickoff_when_both_back(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """One kickoff next Thursday 10:00-10:45 with Uma and Viktor; nothing else."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    next_thursday = get_next_dow("Thursday", after=get_next_dow("Monday"))
    start = datetime.datetime.combine(next_thursday, datetime.time(10, 0))
    if event.starts_at != start or event.ends_at != start + datetime.timedelta(minutes=45):
        raise SolutionError("Incorrect solution")
    # testing guideline #1
    expected = {find_employee("Uma")[0].employee_id, find_employee("Viktor")[0].employee_id}
    attendee_ids = [a.employee_id for a in event.attendees or []]
    if set(attendee_ids) != expected or len(attendee_ids) != 2:
        raise SolutionError("Incorrect solution")
