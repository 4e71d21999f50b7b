"""Assistant, between now and Friday, which day has the longest uninterrupted free stretch in my calendar?"""  # noqa: E501

QUERY_ID = "constrained_014_longest_free_stretch"
CATEGORY = "constrained-scheduling"
TAGS = ["find_available_slots", "information-seeking", "max-by", "ShowAsStatus"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def day_with_longest_free_stretch() -> datetime.date:
    """The day from today to Friday whose longest free gap (working hours) is the longest."""
    now = now_()
    friday = get_next_dow("Friday")
    upcoming = find_events()
    best_day, best_minutes = None, -1.0
    day = now.date()
    while day <= friday:
        day_events = [e for e in upcoming if e.starts_at.date() <= day <= e.ends_at.date()]
        for slot in find_available_slots(day_events, date=day):
            # today only counts from now on
            start = max(slot.start, now)
            if start < slot.end:
                minutes = convert(TimeInterval(start, slot.end), TimeUnits.Minutes).number
                if minutes > best_minutes:
                    best_day, best_minutes = day, minutes
        day = day + datetime.timedelta(days=1)
    return best_day


def setup_env_day_with_longest_free_stretch():
    """The longest gap each day: today 70, Wednesday 150, Thursday 160, Friday 200 minutes.

    Friday's long gap contains an event shown as Free, which does not interrupt it.
    """
    simulate_org_structure(default_employee_names=["Hinemoa", "Aurelio", "Sakura", "Bogdan"])
    sakura = find_employee("Sakura")[0]  # setup guideline #4
    # setup guideline #1
    today = now_().date()
    wednesday = get_next_dow("Wednesday")
    thursday = get_next_dow("Thursday")
    friday = get_next_dow("Friday")
    saturday = get_next_dow("Saturday")

    def at(day, hour, minute):
        return datetime.datetime.combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(subject="Workshop", starts_at=at(today, 10, 0), ends_at=at(today, 16, 0)),
            Event(subject="Standup", starts_at=at(wednesday, 9, 30), ends_at=at(wednesday, 10, 0)),
            Event(
                subject="Lunch with Sakura",
                attendees=[sakura],
                starts_at=at(wednesday, 12, 0),
                ends_at=at(wednesday, 13, 0),
            ),
            Event(subject="Review", starts_at=at(wednesday, 15, 30), ends_at=at(wednesday, 16, 0)),
            Event(subject="Planning", starts_at=at(thursday, 11, 0), ends_at=at(thursday, 11, 30)),
            Event(subject="Interview", starts_at=at(thursday, 14, 0), ends_at=at(thursday, 14, 30)),
            Event(subject="Standup", starts_at=at(friday, 9, 6), ends_at=at(friday, 9, 30)),
            # shown as Free: it does not interrupt the stretch
            Event(
                subject="Optional reading",
                starts_at=at(friday, 10, 0),
                ends_at=at(friday, 12, 0),
                show_as_status=ShowAsStatus.Free,
            ),
            Event(subject="Vendor call", starts_at=at(friday, 12, 50), ends_at=at(friday, 13, 0)),
            Event(
                subject="Quarterly review", starts_at=at(friday, 14, 0), ends_at=at(friday, 17, 10)
            ),
            Event(subject="Hike", starts_at=at(saturday, 10, 0), ends_at=at(saturday, 11, 0)),
        ]
    )


def evaluate_day_with_longest_free_stretch(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Friday (a date, a datetime on that date, or the weekday name); nothing changes."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    friday = get_next_dow("Friday")
    # testing guideline #2
    if isinstance(result, datetime.datetime):
        ok = result.date() == friday
    elif isinstance(result, datetime.date):
        ok = result == friday
    elif isinstance(result, str):
        ok = result.strip().casefold() in {"friday", friday.isoformat()}
    else:
        ok = False
    if not ok:
        raise SolutionError("Incorrect solution")
