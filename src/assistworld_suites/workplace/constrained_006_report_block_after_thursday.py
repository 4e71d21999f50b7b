"""Assistant, I need three uninterrupted hours to write the quarterly report. Block them on the first working day after Thursday where I have that much free in one go."""  # noqa: E501

QUERY_ID = "constrained_006_report_block_after_thursday"
CATEGORY = "constrained-scheduling"
TAGS = ["find_available_slots", "weekend-policy", "loop-over-days", "focus-time"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def block_report_writing_time():
    """Three free hours on the first working day after Thursday that has them."""
    length = Duration(3, TimeUnits.Hours)
    upcoming = find_events()
    day = get_next_dow("Thursday")
    for _ in range(14):
        day = day + datetime.timedelta(days=1)
        # no work at the weekend unless the user says so
        if day.weekday() >= 5:
            continue
        day_events = [e for e in upcoming if e.starts_at.date() <= day <= e.ends_at.date()]
        for slot in find_available_slots(day_events, date=day):
            if compare_with_fixed_duration(slot, length) != ComparisonResult.SMALLER:
                ends_at = modify(slot.start, length, operator=DateTimeClauseOperators.add)
                add_event(
                    Event(subject="Quarterly report writing", starts_at=slot.start, ends_at=ends_at)
                )
                return
    raise RequiresUserInput("No working day in the next two weeks has three free hours in a row.")


def setup_env_block_report_writing_time():
    """Friday has at most 2h40 free in one go.

    The weekend is free; Monday has exactly 11:00-14:00.
    """
    simulate_org_structure(default_employee_names=["Ikaika", "Valentina", "Nour", "Bjorn"])
    valentina = find_employee("Valentina")[0]  # setup guideline #4
    # setup guideline #1
    thursday = get_next_dow("Thursday")
    friday = get_next_dow("Friday")
    monday = get_next_dow("Monday")
    tuesday = get_next_dow("Tuesday", after=monday)

    def at(day, hour, minute):
        return datetime.datetime.combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3 (Thursday itself is left free: it is not "after Thursday")
    simulate_user_calendar(
        [
            Event(subject="Ops review", starts_at=at(friday, 9, 6), ends_at=at(friday, 10, 0)),
            Event(
                subject="1:1 Valentina",
                attendees=[valentina],
                starts_at=at(friday, 11, 30),
                ends_at=at(friday, 12, 0),
            ),
            Event(subject="Demo", starts_at=at(friday, 14, 0), ends_at=at(friday, 14, 30)),
            Event(subject="Sprint planning", starts_at=at(monday, 9, 6), ends_at=at(monday, 10, 0)),
            Event(subject="Design sync", starts_at=at(monday, 10, 20), ends_at=at(monday, 11, 0)),
            Event(subject="Pricing call", starts_at=at(monday, 14, 0), ends_at=at(monday, 14, 45)),
            Event(subject="Workshop", starts_at=at(monday, 15, 0), ends_at=at(monday, 17, 10)),
            Event(
                subject="Interview loop", starts_at=at(tuesday, 13, 0), ends_at=at(tuesday, 15, 0)
            ),
            Event(subject="Planning", starts_at=at(thursday, 16, 0), ends_at=at(thursday, 16, 30)),
        ]
    )


def evaluate_block_report_writing_time(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """One block on Monday 11:00-14:00 and nothing else."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    monday = get_next_dow("Monday")
    if event.starts_at != datetime.datetime.combine(monday, datetime.time(11, 0)):
        raise SolutionError("Incorrect solution")
    if event.ends_at != datetime.datetime.combine(monday, datetime.time(14, 0)):
        raise SolutionError("Incorrect solution")
    if event.attendees:
        raise SolutionError("Incorrect solution")
