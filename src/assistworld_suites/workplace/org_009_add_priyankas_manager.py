"""Assistant, add Priyanka's manager to my design review on Thursday."""

QUERY_ID = "org_009_add_priyankas_manager"
CATEGORY = "org-structure"
TAGS = ["find_manager_of", "update-event", "not-found", "RequiresUserInput", "find_events"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def add_priyankas_manager_to_review():
    """Add Priyanka's manager to the attendees of Thursday's design review."""
    people = find_employee("Priyanka")
    if not people:
        raise RequiresUserInput("I couldn't find anyone called Priyanka in the directory.")
    # by structure guideline #1
    priyanka = people[0]
    manager = find_manager_of(priyanka)
    if manager is None:
        raise RequiresUserInput("Priyanka has no manager in the directory.")
    thursday = get_next_dow("Thursday")
    reviews = [e for e in find_events(subject="design review") if e.starts_at.date() == thursday]
    if not reviews:
        raise RequiresUserInput("There is no design review in your calendar on Thursday.")
    if len(reviews) > 1:
        raise RequiresUserInput(f"{len(reviews)} design reviews on Thursday; which one?")
    review = reviews[0]
    if manager not in (review.attendees or []):
        review.attendees = [*(review.attendees or []), manager]
        add_event(review)


def setup_env_add_priyankas_manager_to_review():
    """Priyanka (Finance) and Søren are in Thursday's design review."""
    simulate_org_structure(
        default_employee_names=[
            "Olamide",
            "Søren",
            "Tahmina",
            "Ugo",
            "Vaiana",
            "Wendell",
            "Yolanda",
            "Zhanna",
            "Aleksander",
            "Bolat",
            "Priyanka",
            "Catrin",
        ],
        user_name="Hemi",
    )
    colleague = find_employee("Priyanka")[0]  # setup guideline #4
    soren = find_employee("Søren")[0]
    bolat = find_employee("Bolat")[0]
    # setup guideline #1
    thursday = get_next_dow("Thursday")
    following_thursday = get_next_dow("Thursday", after=thursday)

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Design review",
                attendees=[colleague, soren],
                starts_at=at(thursday, 13, 0),
                ends_at=at(thursday, 14, 0),
            ),
            Event(
                subject="Standup",
                attendees=[soren],
                starts_at=at(thursday, 9, 30),
                ends_at=at(thursday, 9, 45),
            ),
            Event(
                subject="Design review",
                attendees=[bolat],
                starts_at=at(following_thursday, 13, 0),
                ends_at=at(following_thursday, 14, 0),
            ),
        ]
    )


def evaluate_add_priyankas_manager_to_review(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Thursday's review gains Priyanka's manager (Finance's manager); nothing else changes."""
    setup_function()
    thursday = get_next_dow("Thursday")
    review = next(e for e in find_events(subject="Design review") if e.starts_at.date() == thursday)
    priyanka = find_employee("Priyanka")[0]
    manager = next(
        e
        for e in get_all_employees()
        if get_employee_profile(e).employee_id == get_employee_profile(priyanka).manager
    )
    expected = review.model_copy(
        update={"attendees": [*review.attendees, manager], "event_id": None}
    )
    before = snapshot_world()
    executable()
    changes = changes_since(before)

    def is_expected(row: Any) -> bool:
        return Event.model_validate(row).model_copy(update={"event_id": None}) == expected

    # either updated in place, or deleted and added again with the extra attendee
    kinds = sorted((c.table, c.kind) for c in changes)
    if kinds == [("user_calendar", "changed")]:
        change = next(iter(changes))
        if change.key != review.event_id or not is_expected(change.after):
            raise SolutionError("Incorrect solution")
    elif kinds == [("user_calendar", "added"), ("user_calendar", "removed")]:
        removed = next(iter(changes.in_table("user_calendar", "removed")))
        added = next(iter(changes.in_table("user_calendar", "added")))
        if removed.key != review.event_id or not is_expected(added.after):
            raise SolutionError("Incorrect solution")
    else:
        raise SolutionError("Incorrect solution")


def setup_env_add_priyankas_manager_to_review_no_priyanka():
    """Nobody called Priyanka (or a similar name) is in the directory."""
    simulate_org_structure(
        default_employee_names=[
            "Olamide",
            "Søren",
            "Tahmina",
            "Ugo",
            "Vaiana",
            "Wendell",
            "Yolanda",
            "Zhanna",
            "Aleksander",
            "Bolat",
            "Marama",
            "Catrin",
        ],
        user_name="Hemi",
    )
    colleague = find_employee("Marama")[0]  # setup guideline #4
    soren = find_employee("Søren")[0]
    bolat = find_employee("Bolat")[0]
    # setup guideline #1
    thursday = get_next_dow("Thursday")
    following_thursday = get_next_dow("Thursday", after=thursday)

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Design review",
                attendees=[colleague, soren],
                starts_at=at(thursday, 13, 0),
                ends_at=at(thursday, 14, 0),
            ),
            Event(
                subject="Standup",
                attendees=[soren],
                starts_at=at(thursday, 9, 30),
                ends_at=at(thursday, 9, 45),
            ),
            Event(
                subject="Design review",
                attendees=[bolat],
                starts_at=at(following_thursday, 13, 0),
                ends_at=at(following_thursday, 14, 0),
            ),
        ]
    )


def evaluate_add_priyankas_manager_to_review_no_priyanka(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Nobody called Priyanka works here: the program must say so and change nothing."""
    setup_function()
    before = snapshot_world()
    try:
        executable()
    except RequiresUserInput:
        assert_no_changes_since(before)
        return
    raise SolutionError("Incorrect solution")
