"""Assistant, I need a 90-minute design workshop with Kasia and Tariq next week, starting no earlier than 1 PM. Take the earliest time when all three of us are free and there's a room for the three of us free too, and book that room for it."""  # noqa: E501

QUERY_ID = "solve_002_workshop_people_and_room"
CATEGORY = "problem-solving"
TAGS = [
    "get_calendar",
    "find_available_slots",
    "search_conference_room",
    "capacity",
    "parse_durations_to_date_interval",
    "add_event",
]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def book_design_workshop():
    """Earliest 90 minutes next week from 13:00 with Kasia, Tariq, me and a 3-seat room free."""
    # by structure guideline #1
    kasia = find_employee("Kasia")[0]
    tariq = find_employee("Tariq")[0]
    length = Duration(90, TimeUnits.Minutes)
    next_week = parse_durations_to_date_interval(DateRanges.NextWeek)
    calendars = find_events() + get_calendar(kasia) + get_calendar(tariq)
    day = next_week.start
    while day <= next_week.end:
        if day.weekday() < 5:  # no meetings at the weekend
            earliest = combine(day, time_by_hm(1, 0, "pm"))
            busy = [e for e in calendars if e.starts_at.date() <= day <= e.ends_at.date()]
            for slot in find_available_slots(busy, date=day):
                start = max(slot.start, earliest)
                if modify(start, length, operator=DateTimeClauseOperators.add) > slot.end:
                    continue
                # the room must seat the user as well as Kasia and Tariq
                best = None
                window = TimeInterval(start, slot.end)
                for availability in search_conference_room([window], capacity=3):
                    for free in availability.free_slots:
                        room_start = max(free.start, start)
                        room_end = modify(room_start, length, operator=DateTimeClauseOperators.add)
                        fits = room_end <= min(free.end, slot.end)
                        if fits and (best is None or room_start < best[0]):
                            best = (room_start, availability.room.room_name)
                if best is not None:
                    starts_at, room_name = best
                    add_event(
                        Event(
                            subject="Design workshop",
                            attendees=[kasia, tariq],
                            starts_at=starts_at,
                            ends_at=modify(starts_at, length, operator=DateTimeClauseOperators.add),
                            location=room_name,
                        )
                    )
                    return
        day = day + datetime.timedelta(days=1)
    raise RequiresUserInput("There is no 90-minute slot after 1 PM next week with a free room.")


def setup_env_book_design_workshop():
    """Monday: Kasia is busy; Tuesday: no 3-seat room free long enough; Wednesday 14:30, Juniper."""
    simulate_org_structure(
        default_employee_names=[
            "Kasia",
            "Tariq",
            "Nnamdi",
            "Solveig",
            "Rangi",
            "Paloma",
            "Yusuf",
            "Ottilie",
            "Wiremu",
            "Xiadani",
            "Zuzana",
            "Anouk",
        ],
        user_name="Bertrand",
    )
    # setup guideline #4
    kasia, tariq, nnamdi, paloma, anouk = (
        find_employee(name)[0] for name in ("Kasia", "Tariq", "Nnamdi", "Paloma", "Anouk")
    )
    # setup guideline #1
    thursday = get_next_dow("Thursday")
    monday = get_next_dow("Monday")
    tuesday = get_next_dow("Tuesday", after=monday)
    wednesday = get_next_dow("Wednesday", after=monday)

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    def block(subject, day, start, end, people=None):
        return Event(
            subject=subject,
            attendees=people,
            starts_at=at(day, *start),
            ends_at=at(day, *end),
        )

    # setup guidelines #2 and #3: everything is upcoming and within working hours
    simulate_user_calendar(
        [
            block("Sprint review", thursday, (9, 30), (10, 30), [anouk]),
            block("Supplier call", tuesday, (15, 0), (16, 0), [nnamdi]),
            block("One-on-one", wednesday, (13, 0), (13, 45), [anouk]),
        ]
    )
    simulate_employee_calendar(
        kasia,
        [
            block("Board prep", monday, (13, 0), (16, 30)),
            block("Quarterly numbers", wednesday, (14, 0), (14, 30), [paloma]),
        ],
    )
    simulate_employee_calendar(
        tariq,
        [
            block("Interview loop", tuesday, (16, 0), (17, 10)),
            block("Deep work", wednesday, (9, 30), (12, 0)),
        ],
    )
    simulate_conference_room(
        "Juniper",
        4,
        {tuesday: [TimeInterval(at(tuesday, 13, 30), at(tuesday, 14, 30))]},
    )
    simulate_conference_room(
        "Larch",
        8,
        {
            tuesday: [TimeInterval(at(tuesday, 12, 0), at(tuesday, 15, 30))],
            wednesday: [TimeInterval(at(wednesday, 15, 0), at(wednesday, 17, 0))],
        },
    )
    # seats two: the user plus one guest, too small for the workshop
    simulate_conference_room("Moss", 2)


def evaluate_book_design_workshop(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """One event next Wednesday 14:30-16:00 with Kasia and Tariq in Juniper; nothing else."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    wednesday = get_next_dow("Wednesday", after=get_next_dow("Monday"))
    start = datetime.datetime.combine(wednesday, datetime.time(14, 30))
    if event.starts_at != start or event.ends_at != start + datetime.timedelta(minutes=90):
        raise SolutionError("Incorrect solution")
    # testing guideline #1: compare people by id
    expected_people = sorted(find_employee(n)[0].employee_id for n in ("Kasia", "Tariq"))
    if sorted(a.employee_id for a in event.attendees or []) != expected_people:
        raise SolutionError("Incorrect solution")
    # Larch is busy from 15:00 and Moss seats two: only Juniper works
    if (event.location or "").strip().casefold() != "juniper":
        raise SolutionError("Incorrect solution")
