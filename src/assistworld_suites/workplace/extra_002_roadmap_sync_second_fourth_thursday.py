"""Assistant, from July until the end of the year I want a 45-minute roadmap sync with Ayumi and Kofi at 3 PM on the second and fourth Thursday of every month."""  # noqa: E501

QUERY_ID = "extra_002_roadmap_sync_second_fourth_thursday"
CATEGORY = "recurring-events"
TAGS = ["add_event", "RepetitionSpec", "bysetpos", "recurs_until", "nth-weekday"]

if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def roadmap_sync_second_and_fourth_thursdays():
    """A 45-minute sync at 15:00 on the 2nd and 4th Thursday of each month, July to December."""
    # by structure guideline #1
    ayumi = find_employee("Ayumi")[0]
    kofi = find_employee("Kofi")[0]
    # the series starts on the second Thursday of July
    july_first = date_by_mdy(month=7, day=1)
    if july_first.weekday() == 3:
        first_thursday = july_first
    else:
        first_thursday = get_next_dow("Thursday", after=july_first)
    second_thursday = get_next_dow("Thursday", after=first_thursday)
    starts_at = combine(second_thursday, time_by_hm(3, 0, "pm"))
    ends_at = modify(
        starts_at, Duration(45, TimeUnits.Minutes), operator=DateTimeClauseOperators.add
    )
    add_event(
        Event(
            subject="Roadmap sync",
            attendees=[ayumi, kofi],
            starts_at=starts_at,
            ends_at=ends_at,
            repeats=RepetitionSpec(
                frequency=EventFrequency.MONTHLY,
                which_weekday=[3],
                bysetpos=[2, 4],
                recurs_until=date_by_mdy(month=12, day=31),
            ),
        )
    )


def setup_env_roadmap_sync_second_and_fourth_thursdays():
    """Ayumi (the COO) and Kofi exist; a one-off roadmap chat with them this Thursday."""
    simulate_org_structure(
        default_employee_names=["Ayumi", "Kofi", "Mirela", "Sakchai", "Nadia", "Hendrik"],
        user_name="Lucinda",
    )
    # setup guideline #4
    ayumi = find_employee("Ayumi")[0]
    kofi = find_employee("Kofi")[0]
    mirela = find_employee("Mirela")[0]
    # setup guideline #1
    thursday = get_next_dow("Thursday")
    july_eleventh = date_by_mdy(month=7, day=11)

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Roadmap chat",
                attendees=[ayumi, kofi],
                starts_at=at(thursday, 15, 0),
                ends_at=at(thursday, 15, 45),
            ),
            Event(
                subject="Launch checklist",
                attendees=[mirela],
                starts_at=at(july_eleventh, 10, 0),
                ends_at=at(july_eleventh, 10, 30),
            ),
        ]
    )


def evaluate_roadmap_sync_second_and_fourth_thursdays(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Twelve syncs, 15:00-15:45 with Ayumi and Kofi, on 11 and 25 July ... 12 and 26 December."""
    from collections import Counter

    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    # only new rows in the user's calendar (one series, two series or one-offs are all fine)
    if changes.tables() != {"user_calendar"} or any(c.kind != "added" for c in changes):
        raise SolutionError("Incorrect solution")

    def meetings(state):
        # every meeting instance: occurrence rows of series, and one-off events
        return [
            (row.starts_at, row.ends_at, tuple(sorted(a.employee_id for a in row.attendees or [])))
            for row in state.user_calendar.values()
            if row.repeats is None
        ]

    people = tuple(sorted(find_employee(name)[0].employee_id for name in ("Ayumi", "Kofi")))
    days = [
        (7, 11), (7, 25), (8, 8), (8, 22), (9, 12), (9, 26),
        (10, 10), (10, 24), (11, 14), (11, 28), (12, 12), (12, 26),
    ]  # fmt: skip
    expected = [
        (datetime.datetime(2024, m, d, 15, 0), datetime.datetime(2024, m, d, 15, 45), people)
        for m, d in days
    ]
    old, new = Counter(meetings(before)), Counter(meetings(snapshot_world()))
    if old - new or sorted((new - old).elements()) != expected:
        raise SolutionError("Incorrect solution")
    # a series must start on its first sync (the calendar shows it from that start)
    for event in added_user_events(changes):
        people_of_event = tuple(sorted(a.employee_id for a in event.attendees or []))
        if (event.starts_at, event.ends_at, people_of_event) not in expected:
            raise SolutionError("Incorrect solution")
