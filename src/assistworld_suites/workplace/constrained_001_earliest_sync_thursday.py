"""Assistant, get a 45-minute sync with Ines and Kofi into my calendar on Thursday, at the earliest time all three of us are free."""  # noqa: E501

QUERY_ID = "constrained_001_earliest_sync_thursday"
CATEGORY = "constrained-scheduling"
TAGS = ["find_available_slots", "get_calendar", "find_events", "ShowAsStatus", "earliest-slot"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def schedule_earliest_sync_thursday():
    """Book a 45-minute sync with Ines and Kofi at the earliest common free time on Thursday."""
    # resolve the attendees (by structure guideline #1)
    ines = find_employee("Ines")[0]
    kofi = find_employee("Kofi")[0]
    thursday = get_next_dow("Thursday")
    length = Duration(45, TimeUnits.Minutes)

    # everything that blocks time on Thursday: my events and both colleagues' shared calendars
    candidates = find_events() + get_calendar(ines) + get_calendar(kofi)
    busy = [e for e in candidates if e.starts_at.date() <= thursday <= e.ends_at.date()]

    # free gaps common to all three calendars (events shown as Free are ignored by the search)
    for slot in find_available_slots(busy, date=thursday):
        if compare_with_fixed_duration(slot, length) != ComparisonResult.SMALLER:
            ends_at = modify(slot.start, length, operator=DateTimeClauseOperators.add)
            add_event(
                Event(
                    subject="Sync",
                    attendees=[ines, kofi],
                    starts_at=slot.start,
                    ends_at=ends_at,
                )
            )
            return
    raise RequiresUserInput(
        "There is no 45-minute slot on Thursday when all three of you are free."
    )


def setup_env_schedule_earliest_sync_thursday():
    """Ines, Kofi and the user each have meetings on Thursday.

    The only common 45 minutes is 12:00.
    """
    simulate_org_structure(
        default_employee_names=["Ines", "Kofi", "Mateo", "Yuki", "Leilani", "Tariq"]
    )
    ines = find_employee("Ines")[0]  # setup guideline #4
    kofi = find_employee("Kofi")[0]
    mateo = find_employee("Mateo")[0]
    # setup guideline #1: dates relative to now
    wednesday = get_next_dow("Wednesday")
    thursday = get_next_dow("Thursday")
    friday = get_next_dow("Friday")

    def at(day, hour, minute):
        return datetime.datetime.combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3: future meetings inside the working day
    simulate_user_calendar(
        [
            Event(
                subject="Roadmap check", starts_at=at(thursday, 9, 30), ends_at=at(thursday, 10, 15)
            ),
            Event(
                subject="Vendor call",
                attendees=[mateo],
                starts_at=at(thursday, 11, 0),
                ends_at=at(thursday, 11, 30),
            ),
            Event(
                subject="Lunch talk", starts_at=at(wednesday, 12, 0), ends_at=at(wednesday, 13, 0)
            ),
            Event(subject="Hiring panel", starts_at=at(friday, 12, 0), ends_at=at(friday, 13, 30)),
        ]
    )
    simulate_employee_calendar(
        ines,
        [
            Event(
                subject="Budget prep", starts_at=at(thursday, 10, 15), ends_at=at(thursday, 10, 45)
            ),
            Event(
                subject="Customer visit",
                starts_at=at(thursday, 12, 45),
                ends_at=at(thursday, 14, 0),
            ),
            Event(subject="Design crit", starts_at=at(friday, 9, 30), ends_at=at(friday, 11, 0)),
        ],
    )
    simulate_employee_calendar(
        kofi,
        [
            Event(
                subject="On call handover",
                starts_at=at(thursday, 9, 6),
                ends_at=at(thursday, 9, 30),
            ),
            Event(subject="Interview", starts_at=at(thursday, 11, 30), ends_at=at(thursday, 12, 0)),
            # a lunch shown as Free does not block the slot
            Event(
                subject="Lunch",
                starts_at=at(thursday, 12, 0),
                ends_at=at(thursday, 12, 45),
                show_as_status=ShowAsStatus.Free,
            ),
            Event(
                subject="Team offsite", starts_at=at(wednesday, 9, 30), ends_at=at(wednesday, 16, 0)
            ),
        ],
    )
    # an unrelated colleague's busy Thursday must not matter
    simulate_employee_calendar(
        mateo,
        [Event(subject="Deep work", starts_at=at(thursday, 12, 0), ends_at=at(thursday, 15, 0))],
    )


def evaluate_schedule_earliest_sync_thursday(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """One 45-minute event on Thursday 12:00 with exactly Ines and Kofi; nothing else changed."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    thursday = get_next_dow("Thursday")
    expected_start = datetime.datetime.combine(thursday, datetime.time(12, 0))
    if event.starts_at != expected_start:
        raise SolutionError("Incorrect solution")
    if event.ends_at != expected_start + datetime.timedelta(minutes=45):
        raise SolutionError("Incorrect solution")
    # testing guideline #1: compare attendees by id, order-free
    expected = {find_employee("Ines")[0].employee_id, find_employee("Kofi")[0].employee_id}
    if {a.employee_id for a in event.attendees or []} != expected or len(event.attendees) != 2:
        raise SolutionError("Incorrect solution")
