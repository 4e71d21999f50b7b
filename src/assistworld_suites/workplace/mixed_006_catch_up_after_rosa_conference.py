"""Assistant, Rosa's away at a conference at the moment. Book an hour's catch-up with her at the first time we're both free."""  # noqa: E501

QUERY_ID = "mixed_006_catch_up_after_rosa_conference"
CATEGORY = "constrained-scheduling"
TAGS = ["get_calendar", "find_available_slots", "multi-day-event", "earliest-slot", "add_event"]

if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def catch_up_with_rosa_asap():
    """Book one hour with Rosa at the earliest working-hours time from now when both are free."""
    # by structure guideline #1
    rosa = find_employee("Rosa")[0]
    now = now_()
    hour = Duration(1, TimeUnits.Hours)
    mine, hers = find_events(), get_calendar(rosa)
    day = now.date()
    for _ in range(28):
        # weekends are out unless the user says otherwise
        if day.weekday() < 5:
            day_start = combine(day, parse_time_string(TimeExpressions.StartOfWorkDay))
            day_end = combine(day, parse_time_string(TimeExpressions.EndOfWorkDay))
            # an event counts on every day it spans (the conference covers several days)
            busy = [e for e in mine + hers if e.starts_at.date() <= day <= e.ends_at.date()]
            for slot in find_available_slots(busy, date=day):
                start, end = max(slot.start, day_start, now), min(slot.end, day_end)
                if start < end and convert(TimeInterval(start, end), TimeUnits.Minutes) >= hour:
                    ends_at = modify(start, hour, operator=DateTimeClauseOperators.add)
                    add_event(
                        Event(
                            subject="Catch-up with Rosa",
                            attendees=[rosa],
                            starts_at=start,
                            ends_at=ends_at,
                        )
                    )
                    return
        day = day + datetime.timedelta(days=1)
    raise RequiresUserInput("You and Rosa have no free hour in common in the next four weeks.")


def setup_env_catch_up_with_rosa_asap():
    """Rosa's conference runs from Tuesday 8:00 to Thursday 12:30, as one event in her diary.

    On Thursday I am busy 12:30-13:30 and 14:00-14:30, so the first shared hour is 14:30-15:30.
    """
    simulate_org_structure(
        default_employee_names=[
            "Rosa",
            "Kirra",
            "Lautaro",
            "Mahlet",
            "Nandor",
            "Orla",
            "Pallavi",
            "Quimby",
            "Rangi",
            "Sigrid",
            "Temitope",
            "Ugne",
        ]
    )
    # setup guideline #4
    rosa, kirra, lautaro, mahlet = (
        find_employee(n)[0] for n in ("Rosa", "Kirra", "Lautaro", "Mahlet")
    )
    # setup guideline #1
    today = parse_date_string(DateExpressions.Today)
    wednesday = get_next_dow("Wednesday")
    thursday = get_next_dow("Thursday")
    friday = get_next_dow("Friday")

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Design sync",
                attendees=[kirra],
                starts_at=at(wednesday, 9, 30),
                ends_at=at(wednesday, 10, 0),
            ),
            Event(
                subject="Team lunch",
                attendees=[kirra, lautaro],
                starts_at=at(thursday, 12, 30),
                ends_at=at(thursday, 13, 30),
            ),
            Event(
                subject="Interview",
                attendees=[mahlet],
                starts_at=at(thursday, 14, 0),
                ends_at=at(thursday, 14, 30),
            ),
        ]
    )
    simulate_employee_calendar(
        rosa,
        [
            Event(
                subject="Partner conference",
                starts_at=at(today, 8, 0),
                ends_at=at(thursday, 12, 30),
                show_as_status=ShowAsStatus.OutOfOffice,
            ),
            Event(
                subject="Expenses",
                starts_at=at(thursday, 15, 30),
                ends_at=at(thursday, 16, 0),
            ),
            Event(
                subject="Retro",
                attendees=[lautaro],
                starts_at=at(friday, 9, 30),
                ends_at=at(friday, 10, 30),
            ),
        ],
    )


def evaluate_catch_up_with_rosa_asap(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """One new event: Thursday 14:30-15:30 with Rosa only; nothing else changed."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    thursday = get_next_dow("Thursday")
    if event.starts_at != combine(thursday, datetime.time(14, 30)):
        raise SolutionError("Incorrect solution")
    if event.ends_at != combine(thursday, datetime.time(15, 30)):
        raise SolutionError("Incorrect solution")
    rosa = find_employee("Rosa")[0]
    if [a.employee_id for a in event.attendees or []] != [rosa.employee_id]:
        raise SolutionError("Incorrect solution")
    if event.repeats is not None:
        raise SolutionError("Incorrect solution")
