"""Assistant, add three more sessions to the end of my monthly board prep series."""

QUERY_ID = "extra_005_extend_board_prep_series"
CATEGORY = "recurring-events"
TAGS = [
    "find_past_events",
    "add_event",
    "RepetitionSpec",
    "max_repetitions",
    "RequiresUserInput",
    "contrast-set",
]

if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def extend_board_prep_series():
    """Raise the board prep series' number of sessions by three."""
    # the series started months ago: search past and upcoming events
    candidates = find_past_events(subject="board prep") + find_events(subject="board prep")
    series = [e for e in candidates if e.repeats is not None]
    if not series:
        raise RequiresUserInput("I could not find a recurring board prep in your calendar.")
    if len(series) > 1:
        raise RequiresUserInput(
            f"I found {len(series)} recurring board prep series; which one should I extend?"
        )
    prep = series[0]
    if prep.repeats.max_repetitions is None:
        raise RequiresUserInput("The board prep series has no set number of sessions to extend.")
    prep.repeats.max_repetitions = prep.repeats.max_repetitions + 3
    add_event(prep)


def setup_env_extend_board_prep_series():
    """Board prep with the CEO and their assistant, first Monday monthly from 6 May, 6 sessions."""
    simulate_org_structure(
        default_employee_names=["Giedre", "Olumide", "Haruki", "Bernadette", "Santiago", "Kalani"],
        user_name="Yusra",
        user_team=Team.Finance,
    )
    roles = {get_employee_profile(e).role: e for e in get_all_employees()}
    ceo = roles["CEO"]
    ceo_assistant = get_assistant(ceo)
    cfo = roles["CFO"]
    # setup guideline #1: the first Monday of May, the first Friday of June
    may_sixth = date_by_mdy(month=5, day=6)
    june_seventh = date_by_mdy(month=6, day=7)

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3: both series began in the past, within working hours
    simulate_user_calendar(
        [
            Event(
                subject="Board prep",
                attendees=[ceo, ceo_assistant],
                starts_at=at(may_sixth, 14, 0),
                ends_at=at(may_sixth, 15, 0),
                repeats=RepetitionSpec(
                    frequency=EventFrequency.MONTHLY,
                    which_weekday=[0],
                    bysetpos=[1],
                    max_repetitions=6,
                ),
            ),
            Event(
                subject="Investor update",
                attendees=[cfo],
                starts_at=at(june_seventh, 11, 0),
                ends_at=at(june_seventh, 11, 30),
                repeats=RepetitionSpec(
                    frequency=EventFrequency.MONTHLY,
                    which_weekday=[4],
                    bysetpos=[1],
                    max_repetitions=6,
                ),
            ),
        ]
    )


def evaluate_extend_board_prep_series(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Three more board preps (4 Nov, 2 Dec 2024, 6 Jan 2025, 14:00-15:00); nothing else moves."""
    from collections import Counter

    setup_function()
    before = snapshot_world()
    executable()
    if changes_since(before).tables() - {"user_calendar"}:
        raise SolutionError("Incorrect solution")

    def meetings(state):
        # every meeting instance: occurrence rows of series, and one-off events
        return Counter(
            (row.starts_at, row.ends_at, tuple(sorted(a.employee_id for a in row.attendees or [])))
            for row in state.user_calendar.values()
            if row.repeats is None
        )

    roles = {get_employee_profile(e).role: e for e in get_all_employees()}
    ceo = roles["CEO"]
    people = tuple(sorted([ceo.employee_id, get_assistant(ceo).employee_id]))
    expected = [
        (datetime.datetime(*day, 14, 0), datetime.datetime(*day, 15, 0), people)
        for day in ((2024, 11, 4), (2024, 12, 2), (2025, 1, 6))
    ]
    old, new = meetings(before), meetings(snapshot_world())
    if old - new or sorted((new - old).elements()) != expected:
        raise SolutionError("Incorrect solution")


def setup_env_extend_board_prep_series_two_series():
    """Two monthly series are called board prep (one with the CEO, one with the CFO)."""
    simulate_org_structure(
        default_employee_names=["Giedre", "Olumide", "Haruki", "Bernadette", "Santiago", "Kalani"],
        user_name="Yusra",
        user_team=Team.Finance,
    )
    roles = {get_employee_profile(e).role: e for e in get_all_employees()}
    ceo = roles["CEO"]
    cfo = roles["CFO"]
    # setup guideline #1
    may_sixth = date_by_mdy(month=5, day=6)
    may_fifteenth = date_by_mdy(month=5, day=15)

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Board prep: slides",
                attendees=[ceo, get_assistant(ceo)],
                starts_at=at(may_sixth, 14, 0),
                ends_at=at(may_sixth, 15, 0),
                repeats=RepetitionSpec(
                    frequency=EventFrequency.MONTHLY,
                    which_weekday=[0],
                    bysetpos=[1],
                    max_repetitions=6,
                ),
            ),
            Event(
                subject="Board prep: numbers",
                attendees=[cfo],
                starts_at=at(may_fifteenth, 10, 0),
                ends_at=at(may_fifteenth, 11, 0),
                repeats=RepetitionSpec(
                    frequency=EventFrequency.MONTHLY,
                    which_weekday=[2],
                    bysetpos=[3],
                    max_repetitions=6,
                ),
            ),
        ]
    )


def evaluate_extend_board_prep_series_two_series(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Two series match: the assistant must ask which one and change nothing."""
    setup_function()
    before = snapshot_world()
    try:
        executable()
    except RequiresUserInput:
        assert_no_changes_since(before)
        return
    raise SolutionError("Incorrect solution")
