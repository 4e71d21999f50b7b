"""Assistant, grab the Pinnacle room for a two-hour onboarding session I'm running, at the first time this week it's free for two straight hours during the working day."""  # noqa: E501

QUERY_ID = "room_016_pinnacle_two_hours_this_week"
CATEGORY = "room-booking"
TAGS = [
    "room_booking_default_time_window",
    "find_available_time_slots",
    "working-hours",
    "location",
]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def pinnacle_onboarding_session():
    """The first two free working hours in Pinnacle from now to Friday, booked for the session."""
    window = room_booking_default_time_window()
    length = Duration(2, TimeUnits.Hours)
    opens = parse_time_string(TimeExpressions.StartOfWorkDay)
    closes = parse_time_string(TimeExpressions.EndOfWorkDay)
    day = window.start.date()
    while day <= window.end.date():
        if day.weekday() < 5:
            # one working day at a time, so no free slot runs overnight
            start = max(combine(day, opens), window.start)
            end = combine(day, closes)
            for slot in find_available_time_slots("Pinnacle", [TimeInterval(start, end)]):
                if compare_with_fixed_duration(slot, length) != ComparisonResult.SMALLER:
                    add_event(
                        Event(
                            subject="Onboarding session",
                            starts_at=slot.start,
                            ends_at=modify(
                                slot.start, length, operator=DateTimeClauseOperators.add
                            ),
                            location="Pinnacle",
                        )
                    )
                    return
        day = day + datetime.timedelta(days=1)
    raise RequiresUserInput("Pinnacle has no two free working hours in a row this week.")


def setup_env_pinnacle_onboarding_session():
    """Pinnacle's longest free working stretches: today 100 min, Wednesday 110, Thursday 120.

    Today's last gap runs on overnight if the search is not split by day.
    """
    simulate_org_structure(default_employee_names=["Akosua", "Benedikt", "Cyrus", "Delfina"])
    # setup guideline #1
    today = now_().date()
    wednesday = get_next_dow("Wednesday")
    thursday = get_next_dow("Thursday")
    friday = get_next_dow("Friday")

    def at(day, hour, minute):
        return datetime.datetime.combine(day, datetime.time(hour, minute))

    def slots(day, *spans):
        return [TimeInterval(at(day, *a), at(day, *b)) for a, b in spans]

    # setup guideline #2: bookings inside the working day
    simulate_conference_room(
        "Pinnacle",
        20,
        {
            today: slots(today, ((9, 6), (11, 0)), ((11, 45), (15, 30))),
            wednesday: slots(
                wednesday,
                ((9, 6), (9, 50)),
                ((10, 30), (12, 0)),
                ((12, 40), (14, 0)),
                ((15, 50), (17, 10)),
            ),
            thursday: slots(thursday, ((9, 6), (9, 30)), ((11, 30), (12, 0))),
            friday: slots(friday, ((9, 6), (17, 10))),
        },
    )
    simulate_conference_room("Plateau", 20)


def evaluate_pinnacle_onboarding_session(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """One session in Pinnacle on Thursday 9:30-11:30; nothing else changed."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    start = datetime.datetime.combine(get_next_dow("Thursday"), datetime.time(9, 30))
    if event.starts_at != start or event.ends_at != start + datetime.timedelta(hours=2):
        raise SolutionError("Incorrect solution")
    if (event.location or "").strip().casefold() != "pinnacle":
        raise SolutionError("Incorrect solution")
    if event.attendees:
        raise SolutionError("Incorrect solution")
