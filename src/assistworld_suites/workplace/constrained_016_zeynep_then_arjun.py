"""Assistant, tomorrow morning book a 15-minute chat with Zeynep at the earliest time we're both free, then a 15-minute one with Arjun at the earliest time after that when he and I are free."""  # noqa: E501

QUERY_ID = "constrained_016_zeynep_then_arjun"
CATEGORY = "constrained-scheduling"
TAGS = ["find_available_slots", "sequential-booking", "avoid-self-conflict", "get_calendar"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def chats_with_zeynep_then_arjun():
    """Zeynep's chat at the earliest common slot.

    Then Arjun's at the earliest common slot after it.
    """
    # by structure guideline #1
    zeynep = find_employee("Zeynep")[0]
    arjun = find_employee("Arjun")[0]
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    noon = combine(tomorrow, time_by_hm(12, 0, "pm"))
    length = Duration(15, TimeUnits.Minutes)

    def book_first_slot(person, not_before):
        # re-read the user's calendar, so the chat just booked counts as busy
        busy = [
            e
            for e in find_events() + get_calendar(person)
            if e.starts_at.date() <= tomorrow <= e.ends_at.date()
        ]
        for slot in find_available_slots(busy, date=tomorrow):
            start = max(slot.start, not_before)
            end = modify(start, length, operator=DateTimeClauseOperators.add)
            if end <= slot.end and end <= noon:
                add_event(Event(subject="Chat", attendees=[person], starts_at=start, ends_at=end))
                return end
        raise RequiresUserInput(f"No common 15 minutes with {person.name} tomorrow morning.")

    zeynep_end = book_first_slot(
        zeynep, combine(tomorrow, parse_time_string(TimeExpressions.StartOfWorkDay))
    )
    book_first_slot(arjun, zeynep_end)


def setup_env_chats_with_zeynep_then_arjun():
    """Zeynep's chat lands 9:30-9:45.

    After it, the first 15 minutes free for Arjun and the user is 10:35.
    """
    simulate_org_structure(
        default_employee_names=["Zeynep", "Arjun", "Bolat", "Chidinma", "Élodie"]
    )
    # setup guideline #4
    zeynep = find_employee("Zeynep")[0]
    arjun = find_employee("Arjun")[0]
    # setup guideline #1
    tomorrow = parse_date_string(DateExpressions.Tomorrow)

    def at(hour, minute):
        return datetime.datetime.combine(tomorrow, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(subject="Morning triage", starts_at=at(9, 6), ends_at=at(9, 30)),
            Event(subject="Recruiter call", starts_at=at(10, 20), ends_at=at(10, 35)),
        ]
    )
    simulate_employee_calendar(
        zeynep, [Event(subject="Sales huddle", starts_at=at(9, 45), ends_at=at(10, 30))]
    )
    simulate_employee_calendar(
        arjun,
        [
            Event(subject="Build review", starts_at=at(9, 50), ends_at=at(10, 15)),
            Event(subject="Deploy window", starts_at=at(10, 50), ends_at=at(11, 0)),
        ],
    )


def evaluate_chats_with_zeynep_then_arjun(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Zeynep 9:30-9:45 and Arjun 10:35-10:50 tomorrow, one attendee each; nothing else."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 2 or len(changes) != 2:
        raise SolutionError("Incorrect solution")
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    expected = [("Zeynep", (9, 30)), ("Arjun", (10, 35))]
    for event, (name, (hour, minute)) in zip(events, expected, strict=True):
        start = datetime.datetime.combine(tomorrow, datetime.time(hour, minute))
        if event.starts_at != start or event.ends_at != start + datetime.timedelta(minutes=15):
            raise SolutionError("Incorrect solution")
        # testing guideline #1
        if [a.employee_id for a in event.attendees or []] != [find_employee(name)[0].employee_id]:
            raise SolutionError("Incorrect solution")
