"""Assistant, does Thursday's all-hands clash with my weekly one-on-one with Gideon?"""

QUERY_ID = "mixed_018_all_hands_vs_gideon_one_on_one"
CATEGORY = "problem-solving"
TAGS = [
    "information-seeking",
    "find_past_events",
    "recurring-started-in-past",
    "exclude_occurrence",
    "intervals_overlap",
    "contrast-set",
]

if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def all_hands_clashes_with_gideon_one_on_one() -> bool:
    """True if this Thursday's occurrence of the weekly 1:1 with Gideon overlaps the all-hands."""
    # by structure guideline #1
    gideon = find_employee("Gideon")[0]
    thursday = get_next_dow("Thursday")
    all_hands = [e for e in find_events(subject="All-hands") if e.starts_at.date() == thursday]
    if not all_hands:
        raise RequiresUserInput("I couldn't find an all-hands on Thursday.")
    if len(all_hands) > 1:
        raise RequiresUserInput(f"There are {len(all_hands)} all-hands meetings on Thursday.")
    # the series began weeks ago, so its parent event is among the past events
    series = [
        e
        for e in find_past_events(attendees=[gideon]) + find_events(attendees=[gideon])
        if e.repeats is not None
    ]
    if not series:
        raise RequiresUserInput("I couldn't find a recurring one-on-one with Gideon.")
    if len(series) > 1:
        raise RequiresUserInput(f"There are {len(series)} recurring one-on-ones with Gideon.")
    one_on_one, spec = series[0], series[0].repeats
    if spec.frequency != EventFrequency.WEEKLY or spec.which_weekday:
        raise RequiresUserInput("The one-on-one does not repeat on a simple weekly pattern.")
    occurrence = combine(thursday, one_on_one.starts_at.time())
    days = (thursday - one_on_one.starts_at.date()).days
    index, remainder = divmod(days, 7 * spec.period)
    if days < 0 or remainder != 0:
        return False
    if spec.max_repetitions is not None and index >= spec.max_repetitions:
        return False
    if spec.recurs_until is not None:
        last = spec.recurs_until
        if isinstance(last, datetime.datetime):
            last = last.date()
        if thursday > last:
            return False
    if occurrence in (spec.exclude_occurrence or []):
        return False
    meeting = TimeInterval(
        occurrence, modify(occurrence, one_on_one.duration, operator=DateTimeClauseOperators.add)
    )
    return intervals_overlap(meeting, TimeInterval(all_hands[0].starts_at, all_hands[0].ends_at))


def setup_env_all_hands_clashes_with_gideon_one_on_one():
    """A weekly Thursday 10:00-10:30 1:1 with Gideon since five weeks ago; the all-hands on
    Thursday runs 10:15-11:00.
    """
    simulate_org_structure(
        default_employee_names=[
            "Gideon",
            "Aliya",
            "Bronislav",
            "Cressida",
            "Dembe",
            "Eulalia",
            "Fyodor",
            "Gráinne",
            "Hinto",
            "Ingeborg",
            "Jelani",
            "Kalea",
        ]
    )
    gideon, aliya = (find_employee(n)[0] for n in ("Gideon", "Aliya"))  # setup guideline #4
    # setup guideline #1: the series started five Thursdays ago
    thursday = get_next_dow("Thursday")
    first = thursday - datetime.timedelta(weeks=5)

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="1:1 Gideon",
                attendees=[gideon],
                starts_at=at(first, 10, 0),
                ends_at=at(first, 10, 30),
                repeats=RepetitionSpec(
                    frequency=EventFrequency.WEEKLY, recurs_until=date_by_mdy(month=12, day=19)
                ),
            ),
            Event(
                subject="All-hands",
                attendees=[gideon, aliya],
                starts_at=at(thursday, 10, 15),
                ends_at=at(thursday, 11, 0),
            ),
            Event(
                subject="Coffee with Gideon",
                attendees=[gideon],
                starts_at=at(thursday, 15, 0),
                ends_at=at(thursday, 15, 30),
            ),
        ]
    )


def evaluate_all_hands_clashes_with_gideon_one_on_one(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Thursday's 10:00-10:30 occurrence overlaps 10:15-11:00: the answer is yes."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    # testing guideline #2: a yes/no, or a non-empty list of the clashing meetings
    if isinstance(result, bool):
        if result is not True:
            raise SolutionError("Incorrect solution")
        return
    if not isinstance(result, list | tuple) or len(result) == 0:
        raise SolutionError("Incorrect solution")


def setup_env_all_hands_clashes_with_gideon_one_on_one_touching():
    """Same series; this time the all-hands starts at 10:30, just as the 1:1 ends."""
    simulate_org_structure(
        default_employee_names=[
            "Gideon",
            "Aliya",
            "Bronislav",
            "Cressida",
            "Dembe",
            "Eulalia",
            "Fyodor",
            "Gráinne",
            "Hinto",
            "Ingeborg",
            "Jelani",
            "Kalea",
        ]
    )
    gideon, aliya = (find_employee(n)[0] for n in ("Gideon", "Aliya"))  # setup guideline #4
    # setup guideline #1
    thursday = get_next_dow("Thursday")
    first = thursday - datetime.timedelta(weeks=5)

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="1:1 Gideon",
                attendees=[gideon],
                starts_at=at(first, 10, 0),
                ends_at=at(first, 10, 30),
                repeats=RepetitionSpec(
                    frequency=EventFrequency.WEEKLY, recurs_until=date_by_mdy(month=12, day=19)
                ),
            ),
            Event(
                subject="All-hands",
                attendees=[gideon, aliya],
                starts_at=at(thursday, 10, 30),
                ends_at=at(thursday, 11, 30),
            ),
        ]
    )


def evaluate_all_hands_clashes_with_gideon_one_on_one_touching(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Back to back is not a clash: the answer is no."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    # testing guideline #2: a yes/no, or an empty list of clashing meetings
    if isinstance(result, bool):
        if result is not False:
            raise SolutionError("Incorrect solution")
        return
    if not isinstance(result, list | tuple) or len(result) != 0:
        raise SolutionError("Incorrect solution")


def setup_env_all_hands_clashes_with_gideon_one_on_one_skipped():
    """The all-hands overlaps 10:00-10:30, but this Thursday's 1:1 was already skipped."""
    simulate_org_structure(
        default_employee_names=[
            "Gideon",
            "Aliya",
            "Bronislav",
            "Cressida",
            "Dembe",
            "Eulalia",
            "Fyodor",
            "Gráinne",
            "Hinto",
            "Ingeborg",
            "Jelani",
            "Kalea",
        ]
    )
    gideon, aliya = (find_employee(n)[0] for n in ("Gideon", "Aliya"))  # setup guideline #4
    # setup guideline #1
    thursday = get_next_dow("Thursday")
    first = thursday - datetime.timedelta(weeks=5)

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="1:1 Gideon",
                attendees=[gideon],
                starts_at=at(first, 10, 0),
                ends_at=at(first, 10, 30),
                repeats=RepetitionSpec(
                    frequency=EventFrequency.WEEKLY,
                    recurs_until=date_by_mdy(month=12, day=19),
                    exclude_occurrence=[at(thursday, 10, 0)],
                ),
            ),
            Event(
                subject="All-hands",
                attendees=[gideon, aliya],
                starts_at=at(thursday, 9, 30),
                ends_at=at(thursday, 10, 45),
            ),
        ]
    )


def evaluate_all_hands_clashes_with_gideon_one_on_one_skipped(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """No 1:1 takes place this Thursday, so nothing clashes: the answer is no."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    # testing guideline #2: a yes/no, or an empty list of clashing meetings
    if isinstance(result, bool):
        if result is not False:
            raise SolutionError("Incorrect solution")
        return
    if not isinstance(result, list | tuple) or len(result) != 0:
        raise SolutionError("Incorrect solution")
