"""Assistant, the tender has to be in by end of day Thursday. Block the latest two free hours I have that day before the deadline, for final edits."""  # noqa: E501

QUERY_ID = "mixed_007_tender_edits_before_deadline"
CATEGORY = "constrained-scheduling"
TAGS = ["end-of-day", "find_available_slots", "latest-slot", "show-as-free", "add_event"]

if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def block_tender_edits():
    """Block the latest two-hour free stretch on Thursday ending by the end of the working day."""
    thursday = get_next_dow("Thursday")
    day_start = combine(thursday, parse_time_string(TimeExpressions.StartOfWorkDay))
    # "end of day" is the end of the working day, from time_utils (no time zone involved)
    deadline = combine(thursday, parse_time_string(TimeExpressions.EndOfWorkDay))
    two_hours = Duration(2, TimeUnits.Hours)
    on_thursday = [e for e in find_events() if e.starts_at.date() <= thursday <= e.ends_at.date()]
    fitting = []
    for slot in find_available_slots(on_thursday, date=thursday):
        start, end = max(slot.start, day_start), min(slot.end, deadline)
        if start < end and convert(TimeInterval(start, end), TimeUnits.Minutes) >= two_hours:
            fitting.append(TimeInterval(start, end))
    if not fitting:
        raise RequiresUserInput("You don't have two free hours in a row on Thursday.")
    latest_end = max(slot.end for slot in fitting)
    starts_at = modify(latest_end, two_hours, operator=DateTimeClauseOperators.subtract)
    add_event(Event(subject="Tender: final edits", starts_at=starts_at, ends_at=latest_end))


def setup_env_block_tender_edits():
    """Thursday has meetings in the morning and early afternoon; from 13:30 on it is free."""
    simulate_org_structure(
        default_employee_names=[
            "Ifeanyi",
            "Jurgita",
            "Kealoha",
            "Lavinia",
            "Matías",
            "Nilufar",
            "Oisin",
            "Paulina",
            "Quirin",
            "Rehana",
            "Stellan",
            "Taini",
        ]
    )
    # setup guideline #4
    ifeanyi, jurgita, kealoha = (find_employee(n)[0] for n in ("Ifeanyi", "Jurgita", "Kealoha"))
    # setup guideline #1
    thursday = get_next_dow("Thursday")
    friday = get_next_dow("Friday")

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Bid team sync",
                attendees=[ifeanyi, jurgita],
                starts_at=at(thursday, 10, 0),
                ends_at=at(thursday, 11, 0),
            ),
            Event(
                subject="Pricing check",
                attendees=[kealoha],
                starts_at=at(thursday, 13, 0),
                ends_at=at(thursday, 13, 30),
            ),
            Event(
                subject="Retro",
                attendees=[ifeanyi, kealoha],
                starts_at=at(friday, 15, 0),
                ends_at=at(friday, 16, 0),
            ),
        ]
    )


def evaluate_block_tender_edits(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """End of day is 17:10, so the block is Thursday 15:10-17:10, for the user alone."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    thursday = get_next_dow("Thursday")
    if event.starts_at != combine(thursday, datetime.time(15, 10)):
        raise SolutionError("Incorrect solution")
    if event.ends_at != combine(thursday, datetime.time(17, 10)):
        raise SolutionError("Incorrect solution")
    if event.attendees or event.repeats is not None:
        raise SolutionError("Incorrect solution")


def setup_env_block_tender_edits_afternoon_busy():
    """Busy 12:00-13:00 and 16:00-16:30; a focus slot 14:45-15:00 is shown as Free."""
    simulate_org_structure(
        default_employee_names=[
            "Ifeanyi",
            "Jurgita",
            "Kealoha",
            "Lavinia",
            "Matías",
            "Nilufar",
            "Oisin",
            "Paulina",
            "Quirin",
            "Rehana",
            "Stellan",
            "Taini",
        ]
    )
    # setup guideline #4
    lavinia, nilufar = (find_employee(n)[0] for n in ("Lavinia", "Nilufar"))
    # setup guideline #1
    wednesday = get_next_dow("Wednesday")
    thursday = get_next_dow("Thursday")

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Legal review",
                attendees=[lavinia],
                starts_at=at(wednesday, 15, 0),
                ends_at=at(wednesday, 17, 0),
            ),
            Event(
                subject="Lunch with Nilufar",
                attendees=[nilufar],
                starts_at=at(thursday, 12, 0),
                ends_at=at(thursday, 13, 0),
            ),
            Event(
                subject="Reading time",
                starts_at=at(thursday, 14, 45),
                ends_at=at(thursday, 15, 0),
                show_as_status=ShowAsStatus.Free,
            ),
            Event(
                subject="Sign-off call",
                attendees=[lavinia],
                starts_at=at(thursday, 16, 0),
                ends_at=at(thursday, 16, 30),
            ),
        ]
    )


def evaluate_block_tender_edits_afternoon_busy(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Free 13:00-16:00 (the Free entry blocks nothing) and only 40 min after: 14:00-16:00."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    thursday = get_next_dow("Thursday")
    if event.starts_at != combine(thursday, datetime.time(14, 0)):
        raise SolutionError("Incorrect solution")
    if event.ends_at != combine(thursday, datetime.time(16, 0)):
        raise SolutionError("Incorrect solution")
    if event.attendees or event.repeats is not None:
        raise SolutionError("Incorrect solution")
