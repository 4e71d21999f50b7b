"""Assistant, book an hour with everyone on my team on Thursday morning, as late as possible but finished by noon."""  # noqa: E501

QUERY_ID = "constrained_010_team_hour_before_noon"
CATEGORY = "constrained-scheduling"
TAGS = ["find_team_of", "CalendarSearchSettings", "find_available_slots", "latest-slot"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def team_hour_thursday_morning():
    """The latest common free hour ending by 12:00 on Thursday, for the user and their team."""
    team = find_team_of(get_current_user())
    thursday = get_next_dow("Thursday")
    noon = combine(thursday, time_by_hm(12, 0, "pm"))
    length = Duration(1, TimeUnits.Hours)
    events = find_events()
    for person in team:
        events += get_calendar(person)
    busy = [e for e in events if e.starts_at.date() <= thursday <= e.ends_at.date()]
    morning = CalendarSearchSettings(
        earliest_free_slot_start=parse_time_string(TimeExpressions.StartOfWorkDay),
        latest_free_slot_finish=noon.time(),
    )
    best_start = None
    for slot in find_available_slots(busy, search_settings=morning, date=thursday):
        # a gap may run past the window's end: clip it to noon
        usable_end = min(slot.end, noon)
        start = modify(usable_end, length, operator=DateTimeClauseOperators.subtract)
        if start >= slot.start and (best_start is None or start > best_start):
            best_start = start
    if best_start is None:
        raise RequiresUserInput("The team has no common free hour on Thursday morning.")
    add_event(
        Event(
            subject="Team session",
            attendees=team,
            starts_at=best_start,
            ends_at=modify(best_start, length, operator=DateTimeClauseOperators.add),
        )
    )


def setup_env_team_hour_thursday_morning():
    """Common free hours before noon on Thursday: 9:06-10:10 and exactly 10:20-11:20."""
    simulate_org_structure(
        default_employee_names=[
            "Wanjiru",
            "Xavier",
            "Yerlan",
            "Zofia",
            "Amaru",
            "Brigid",
            "Cheng",
            "Dagny",
            "Efrat",
            "Hoku",
            "Ifeoma",
            "Jarrah",
        ],
        teams_to_extend={Team.Engineering: ["Nasrin", "Pedro", "Ludmila"]},
    )
    # setup guideline #4 (the user's team: Jarrah, Ludmila, Nasrin, Pedro, Xavier)
    jarrah = find_employee("Jarrah")[0]
    ludmila = find_employee("Ludmila")[0]
    nasrin = find_employee("Nasrin")[0]
    pedro = find_employee("Pedro")[0]
    xavier = find_employee("Xavier")[0]
    hoku = find_employee("Hoku")[0]
    # setup guideline #1
    wednesday = get_next_dow("Wednesday")
    thursday = get_next_dow("Thursday")

    def at(day, hour, minute):
        return datetime.datetime.combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Customer escalation",
                starts_at=at(thursday, 14, 0),
                ends_at=at(thursday, 15, 0),
            ),
            Event(subject="Hack day", starts_at=at(wednesday, 9, 6), ends_at=at(wednesday, 17, 10)),
        ]
    )
    simulate_employee_calendar(
        ludmila,
        [
            Event(
                subject="Vendor call", starts_at=at(thursday, 10, 10), ends_at=at(thursday, 10, 20)
            )
        ],
    )
    simulate_employee_calendar(
        nasrin,
        [Event(subject="Interview", starts_at=at(thursday, 11, 20), ends_at=at(thursday, 11, 30))],
    )
    simulate_employee_calendar(
        xavier, [Event(subject="Gym", starts_at=at(thursday, 12, 45), ends_at=at(thursday, 13, 30))]
    )
    simulate_employee_calendar(
        jarrah,
        [
            Event(
                subject="Office hours",
                starts_at=at(thursday, 10, 30),
                ends_at=at(thursday, 11, 0),
                show_as_status=ShowAsStatus.Free,
            )
        ],
    )
    simulate_employee_calendar(
        pedro,
        [Event(subject="Dentist", starts_at=at(wednesday, 10, 0), ends_at=at(wednesday, 12, 0))],
    )
    # someone outside the team is busy in the answer slot: irrelevant
    simulate_employee_calendar(
        hoku,
        [
            Event(
                subject="Pipeline review",
                starts_at=at(thursday, 10, 20),
                ends_at=at(thursday, 11, 20),
            )
        ],
    )


def evaluate_team_hour_thursday_morning(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """One event Thursday 10:20-11:20 with exactly the user's team; nothing else."""
    setup_function()
    team_ids = {e.employee_id for e in find_team_of(get_current_user())}
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    start = datetime.datetime.combine(get_next_dow("Thursday"), datetime.time(10, 20))
    if event.starts_at != start or event.ends_at != start + datetime.timedelta(hours=1):
        raise SolutionError("Incorrect solution")
    # testing guideline #1
    attendee_ids = [a.employee_id for a in event.attendees or []]
    if set(attendee_ids) != team_ids or len(attendee_ids) != len(team_ids):
        raise SolutionError("Incorrect solution")
