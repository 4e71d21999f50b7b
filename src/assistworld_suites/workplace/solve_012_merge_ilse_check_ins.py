"""Assistant, I've got several short check-ins with Ilse this week. Replace them with a single meeting as long as all of them put together, at the earliest time this week when we're both free for that long."""  # noqa: E501

QUERY_ID = "solve_012_merge_ilse_check_ins"
CATEGORY = "problem-solving"
TAGS = [
    "find_events",
    "get_calendar",
    "find_available_slots",
    "delete_event",
    "add_event",
    "sum_time_units",
]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def merge_ilse_check_ins():
    """Swap this week's check-ins with Ilse for one meeting of their total length, earliest fit."""
    # by structure guideline #1
    ilse = find_employee("Ilse")[0]
    now = now_()
    sunday = this_week_dates()[-1]
    check_ins = [
        e for e in find_events(attendees=[ilse], subject="Check-in") if e.starts_at.date() <= sunday
    ]
    if not check_ins:
        raise RequiresUserInput("I couldn't find any check-ins with Ilse this week.")
    total = sum_time_units([e.duration for e in check_ins])
    length = datetime.timedelta(minutes=total.to_minutes())
    # the check-ins are going away, so their times count as free
    replaced = {e.event_id for e in check_ins}
    busy = [e for e in find_events() if e.event_id not in replaced] + get_calendar(ilse)
    day = now.date()
    while day <= sunday:
        if day.weekday() < 5:
            todays = [e for e in busy if e.starts_at.date() <= day <= e.ends_at.date()]
            for slot in find_available_slots(todays, date=day):
                start = max(slot.start, now)
                if start + length <= slot.end:
                    for check_in in check_ins:
                        delete_event(check_in)
                    add_event(
                        Event(
                            subject="Check-in",
                            attendees=[ilse],
                            starts_at=start,
                            ends_at=start + length,
                        )
                    )
                    return
        day = day + datetime.timedelta(days=1)
    raise RequiresUserInput("You and Ilse have no common free stretch that long this week.")


def setup_env_merge_ilse_check_ins():
    """Check-ins of 15, 20 and 25 minutes; Wednesday 9:30-10:30 is free once the first one goes."""
    simulate_org_structure(
        default_employee_names=[
            "Ilse",
            "Kagiso",
            "Alinta",
            "Bohdan",
            "Chiara",
            "Delwar",
            "Eowyn",
            "Faraji",
            "Gudrun",
            "Hyacinth",
            "Ishmael",
            "Jin",
        ],
        user_name="Taiwo",
    )
    # setup guideline #4
    ilse, kagiso, alinta, bohdan = (
        find_employee(name)[0] for name in ("Ilse", "Kagiso", "Alinta", "Bohdan")
    )
    # setup guideline #1
    today = parse_date_string(DateExpressions.Today)
    wednesday = get_next_dow("Wednesday")
    thursday = get_next_dow("Thursday")
    friday = get_next_dow("Friday")
    next_monday = get_next_dow("Monday")

    def block(subject, day, start, end, people=None):
        return Event(
            subject=subject,
            attendees=people,
            starts_at=combine(day, datetime.time(*start)),
            ends_at=combine(day, datetime.time(*end)),
        )

    check_ins = [
        block("Check-in", wednesday, (9, 30), (9, 45), [ilse]),
        block("Check-in", thursday, (11, 0), (11, 20), [ilse]),
        block("Check-in", friday, (15, 0), (15, 25), [ilse]),
    ]
    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            *check_ins,
            block("Roadmap", wednesday, (10, 30), (12, 0), [alinta]),
            block("Quarterly review", thursday, (9, 30), (10, 30), [ilse]),
            block("Planning", thursday, (14, 0), (15, 0), [ilse, kagiso]),
            block("Check-in", next_monday, (10, 0), (10, 15), [ilse]),
        ]
    )
    # Ilse's shared diary: her own commitments
    simulate_employee_calendar(
        ilse,
        [
            block("Offsite", today, (9, 6), (17, 10)),
            block("Standup", wednesday, (9, 6), (9, 30), [bohdan]),
            block("Audit prep", wednesday, (12, 0), (17, 10)),
        ],
    )


def evaluate_merge_ilse_check_ins(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """The three check-ins give way to one hour with Ilse on Wednesday 9:30-10:30; nothing else."""
    setup_function()

    def shape(event):
        # testing guideline #3: subjects are not compared; people are compared by id
        people = tuple(sorted(a.employee_id for a in event.attendees or []))
        return (event.starts_at, event.ends_at, people, event.location, event.event_importance)

    calendar_before = [shape(e) for e in find_past_events() + find_events()]
    before = snapshot_world()
    executable()
    if changes_since(before).tables() - {"user_calendar"}:
        raise SolutionError("Incorrect solution")
    ilse = (find_employee("Ilse")[0].employee_id,)
    wednesday, thursday, friday = (get_next_dow(d) for d in ("Wednesday", "Thursday", "Friday"))

    def at(day, hour, minute):
        return datetime.datetime.combine(day, datetime.time(hour, minute))

    replaced = {at(wednesday, 9, 30), at(thursday, 11, 0), at(friday, 15, 0)}
    expected = [s for s in calendar_before if not (s[0] in replaced and s[2] == ilse)]
    expected.append((at(wednesday, 9, 30), at(wednesday, 10, 30), ilse, None, "normal"))
    after = [shape(e) for e in find_past_events() + find_events()]
    if sorted(after, key=repr) != sorted(expected, key=repr):
        raise SolutionError("Incorrect solution")
