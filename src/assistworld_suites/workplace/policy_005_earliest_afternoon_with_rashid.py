"""Assistant, I need half an hour with Rashid on Wednesday or Thursday, after 1 PM. Take the earliest time we're both free."""  # noqa: E501

QUERY_ID = "policy_005_earliest_afternoon_with_rashid"
CATEGORY = "policy-following"
TAGS = ["earliest-slot", "CalendarSearchSettings", "find_available_slots", "get_calendar"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def earliest_afternoon_with_rashid():
    """Book 30 minutes with Rashid at the earliest common free time after 1 PM, Wed or Thu."""
    # by structure guideline #1
    rashid = find_employee("Rashid")[0]
    length = Duration(30, TimeUnits.Minutes)
    # after 1 PM, until the end of the working day
    afternoon = CalendarSearchSettings(
        time_by_hm(1, 0, "pm"), parse_time_string(TimeExpressions.EndOfWorkDay)
    )
    wednesday = get_next_dow("Wednesday")
    thursday = get_next_dow("Thursday")
    everything = find_events() + get_calendar(rashid)
    for day in [wednesday, thursday]:
        on_day = [e for e in everything if e.starts_at.date() <= day <= e.ends_at.date()]
        for slot in find_available_slots(on_day, search_settings=afternoon, date=day):
            if compare_with_fixed_duration(slot, length) != ComparisonResult.SMALLER:
                add_event(
                    Event(
                        subject="Catch-up with Rashid",
                        attendees=[rashid],
                        starts_at=slot.start,
                        ends_at=modify(slot.start, length, operator=DateTimeClauseOperators.add),
                    )
                )
                return
    raise RequiresUserInput(
        "You and Rashid have no common 30 minutes after 1 PM on Wednesday or Thursday."
    )


def setup_env_earliest_afternoon_with_rashid():
    """Wednesday afternoon: the first common gap of 30 minutes is 14:30-15:00; Thursday is free."""
    simulate_org_structure(
        default_employee_names=[
            "Rashid",
            "Saoirse",
            "Thabo",
            "Uzma",
            "Viktor",
            "Wiremu",
            "Xiu",
            "Yaw",
            "Zofia",
            "Anahera",
            "Benedikt",
            "Chidera",
        ]
    )
    rashid = find_employee("Rashid")[0]  # setup guideline #4
    saoirse = find_employee("Saoirse")[0]
    thabo = find_employee("Thabo")[0]
    # setup guideline #1
    wednesday = get_next_dow("Wednesday")
    thursday = get_next_dow("Thursday")

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3; the mornings are free but the user wants the afternoon
    simulate_user_calendar(
        [
            Event(subject="Lunch", starts_at=at(wednesday, 12, 15), ends_at=at(wednesday, 13, 0)),
            Event(
                subject="Roadmap",
                attendees=[saoirse],
                starts_at=at(wednesday, 13, 0),
                ends_at=at(wednesday, 13, 45),
            ),
            Event(
                subject="Interview",
                attendees=[thabo],
                starts_at=at(wednesday, 16, 0),
                ends_at=at(wednesday, 17, 0),
            ),
            Event(
                subject="Offsite prep", starts_at=at(thursday, 9, 30), ends_at=at(thursday, 12, 0)
            ),
        ]
    )
    simulate_employee_calendar(
        rashid,
        [
            Event(
                subject="Vendor call",
                starts_at=at(wednesday, 13, 50),
                ends_at=at(wednesday, 14, 30),
            ),
            Event(
                subject="Forecasting", starts_at=at(wednesday, 15, 0), ends_at=at(wednesday, 15, 45)
            ),
            Event(subject="Team lunch", starts_at=at(thursday, 12, 0), ends_at=at(thursday, 13, 0)),
        ],
    )


def evaluate_earliest_afternoon_with_rashid(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """One event, Wednesday 14:30-15:00 with Rashid only; nothing else changed."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    expected_start = combine(get_next_dow("Wednesday"), datetime.time(14, 30))
    if event.starts_at != expected_start:
        raise SolutionError("Incorrect solution")
    if event.ends_at != expected_start + datetime.timedelta(minutes=30):
        raise SolutionError("Incorrect solution")
    rashid = find_employee("Rashid")[0]
    if [a.employee_id for a in event.attendees or []] != [rashid.employee_id]:
        raise SolutionError("Incorrect solution")
