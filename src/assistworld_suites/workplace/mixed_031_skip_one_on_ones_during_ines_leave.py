"""Assistant, Ines has booked some holidays. Drop the sessions of my weekly one-on-one with her that fall while she's away, but keep the rest of the series."""  # noqa: E501

QUERY_ID = "mixed_031_skip_one_on_ones_during_ines_leave"
CATEGORY = "vacations-availability"
TAGS = [
    "get_vacation_schedule",
    "find_past_events",
    "recurring-started-in-past",
    "exclude_occurrence",
    "add_event",
]

if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def skip_one_on_ones_during_ines_leave():
    """Exclude the upcoming occurrences of the weekly 1:1 with Ines that overlap her holidays."""
    # by structure guideline #1
    ines = find_employee("Ines")[0]
    # the series started weeks ago, so look among past events as well
    series = [
        e
        for e in find_past_events(attendees=[ines]) + find_events(attendees=[ines])
        if e.repeats is not None
    ]
    if not series:
        raise RequiresUserInput("I couldn't find a recurring one-on-one with Ines.")
    if len(series) > 1:
        raise RequiresUserInput(f"I found {len(series)} recurring one-on-ones with Ines.")
    one_on_one = series[0]
    spec = one_on_one.repeats
    if spec.frequency != EventFrequency.WEEKLY or spec.which_weekday:
        raise RequiresUserInput("The one-on-one does not repeat on a simple weekly pattern.")
    holidays = get_vacation_schedule(ines) or []
    now = now_()
    step = Duration(7 * spec.period, TimeUnits.Days)
    last_day = spec.recurs_until
    if isinstance(last_day, datetime.datetime):
        last_day = last_day.date()
    excluded = list(spec.exclude_occurrence or [])
    occurrence, index = one_on_one.starts_at, 0
    while (last_day is None or occurrence.date() <= last_day) and (
        spec.max_repetitions is None or index < spec.max_repetitions
    ):
        meeting = TimeInterval(
            occurrence,
            modify(occurrence, one_on_one.duration, operator=DateTimeClauseOperators.add),
        )
        if occurrence >= now and any(intervals_overlap(meeting, h) for h in holidays):
            excluded.append(occurrence)
        occurrence = modify(occurrence, step, operator=DateTimeClauseOperators.add)
        index += 1
        if last_day is None and spec.max_repetitions is None and index >= 23:
            break
    one_on_one.repeats = RepetitionSpec(
        frequency=spec.frequency,
        period=spec.period,
        recurs_until=spec.recurs_until,
        max_repetitions=spec.max_repetitions,
        exclude_occurrence=excluded,
    )
    add_event(one_on_one)


def setup_env_skip_one_on_ones_during_ines_leave():
    """A weekly Wednesday 15:00-15:30 1:1 with Ines since seven weeks ago, until 25 September.

    Ines is away 8-19 July (two Wednesdays), on Wednesday 14 August, and over the weekend of
    7-8 September (no session then). Rehema's holiday in August does not matter.
    """
    simulate_org_structure(
        default_employee_names=[
            "Ines",
            "Rehema",
            "Sigvard",
            "Tallulah",
            "Umberto",
            "Vilja",
            "Wahid",
            "Xiomara",
            "Yusra",
            "Zdenek",
            "Adaora",
            "Brannagh",
        ]
    )
    # setup guideline #4
    ines, rehema, sigvard = (find_employee(n)[0] for n in ("Ines", "Rehema", "Sigvard"))
    # setup guideline #1: the series began seven Wednesdays ago
    first = get_next_dow("Wednesday") - datetime.timedelta(weeks=7)

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    def away(first_month, first_day, last_month, last_day):
        return TimeInterval(
            combine(date_by_mdy(month=first_month, day=first_day), time_by_hm(12, 0, "am")),
            combine(date_by_mdy(month=last_month, day=last_day), time_by_hm(11, 59, "pm")),
        )

    simulate_vacation_schedule(ines, [away(7, 8, 7, 19), away(8, 14, 8, 14), away(9, 7, 9, 8)])
    simulate_vacation_schedule(rehema, [away(8, 5, 8, 9)])
    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="1:1 Ines",
                attendees=[ines],
                starts_at=at(first, 15, 0),
                ends_at=at(first, 15, 30),
                repeats=RepetitionSpec(
                    frequency=EventFrequency.WEEKLY, recurs_until=date_by_mdy(month=9, day=25)
                ),
            ),
            Event(
                subject="1:1 Rehema",
                attendees=[rehema],
                starts_at=at(first, 16, 0),
                ends_at=at(first, 16, 30),
                repeats=RepetitionSpec(
                    frequency=EventFrequency.WEEKLY, recurs_until=date_by_mdy(month=9, day=25)
                ),
            ),
            Event(
                subject="Quarterly planning",
                attendees=[ines, sigvard],
                starts_at=at(date_by_mdy(month=7, day=10), 10, 0),
                ends_at=at(date_by_mdy(month=7, day=10), 11, 0),
            ),
        ]
    )


def evaluate_skip_one_on_ones_during_ines_leave(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """The 1:1s on 10 July, 17 July and 14 August are gone; every other meeting is unchanged.

    Meetings are compared as held (occurrences and one-offs), so adding exclusions to the series
    and rebuilding it some other way are both fine.
    """
    setup_function()
    before = snapshot_world()

    def meetings(state):
        held = []
        for row in state.user_calendar.values():
            if row.repeats is not None:
                continue  # a series is represented by its occurrence rows
            people = tuple(sorted(p.employee_id for p in row.attendees or []))
            held.append((row.starts_at, row.ends_at, people, row.location, row.show_as_status))
        return sorted(held, key=lambda m: (m[0], m[1], m[2]))

    ines = find_employee("Ines")[0].employee_id
    dropped = {
        datetime.datetime(2024, 7, 10, 15, 0),
        datetime.datetime(2024, 7, 17, 15, 0),
        datetime.datetime(2024, 8, 14, 15, 0),
    }
    expected = [m for m in meetings(before) if not (m[0] in dropped and m[2] == (ines,))]
    if len(expected) != len(meetings(before)) - 3:
        raise SolutionError("Incorrect solution")
    executable()
    if changes_since(before).tables() - {"user_calendar"}:
        raise SolutionError("Incorrect solution")
    if meetings(snapshot_world()) != expected:
        raise SolutionError("Incorrect solution")
