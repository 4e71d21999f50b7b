"""Assistant, put Pilar's video-call link on tomorrow's design review so people can dial in."""

QUERY_ID = "mixed_001_video_link_for_design_review"
CATEGORY = "simple-scheduling"
TAGS = ["get_employee_profile", "video_link", "find_events", "add_event", "RequiresUserInput"]

if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def add_pilar_link_to_design_review():
    """Set the video link of tomorrow's design review to Pilar's video-conference link."""
    # by structure guideline #1
    pilar = find_employee("Pilar")[0]
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    reviews = [e for e in find_events(subject="Design review") if e.starts_at.date() == tomorrow]
    if not reviews:
        raise RequiresUserInput("I couldn't find a design review tomorrow.")
    if len(reviews) > 1:
        raise RequiresUserInput(f"There are {len(reviews)} design reviews tomorrow; which one?")
    review = reviews[0]
    # the link is on Pilar's profile, not on the Employee object
    review.video_link = get_employee_profile(pilar).video_conference_link
    add_event(review)


def setup_env_add_pilar_link_to_design_review():
    """Tomorrow's design review (11:00, Atrium) with Olamide, Pilar and Rui; look-alikes around."""
    simulate_org_structure(
        default_employee_names=[
            "Olamide",
            "Pilar",
            "Rui",
            "Sanna",
            "Tevita",
            "Wiremu",
            "Yaretzi",
            "Bogumil",
            "Catalina",
            "Dawit",
            "Emine",
            "Folake",
        ]
    )
    # setup guideline #4
    olamide, pilar, rui, sanna = (find_employee(n)[0] for n in ("Olamide", "Pilar", "Rui", "Sanna"))
    # setup guideline #1
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    thursday = get_next_dow("Thursday")

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Design review",
                attendees=[olamide, pilar, rui],
                starts_at=at(tomorrow, 11, 0),
                ends_at=at(tomorrow, 12, 0),
                location="Atrium",
            ),
            Event(
                subject="Budget review",
                attendees=[pilar, sanna],
                starts_at=at(tomorrow, 14, 0),
                ends_at=at(tomorrow, 14, 30),
            ),
            Event(
                subject="Design review",
                attendees=[olamide, pilar, rui],
                starts_at=at(thursday, 11, 0),
                ends_at=at(thursday, 12, 0),
                location="Atrium",
            ),
        ]
    )


def evaluate_add_pilar_link_to_design_review(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Only tomorrow's review changed, and only its video link, which is now Pilar's."""
    setup_function()
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    review = next(e for e in find_events() if e.starts_at == combine(tomorrow, datetime.time(11)))
    link = get_employee_profile(find_employee("Pilar")[0]).video_conference_link
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    if len(changes) != 1:
        raise SolutionError("Incorrect solution")
    change = next(iter(changes))
    if (change.table, change.key, change.kind) != ("user_calendar", review.event_id, "changed"):
        raise SolutionError("Incorrect solution")
    old, new = Event.model_validate(change.before), Event.model_validate(change.after)
    if (new.video_link or "").strip() != link:
        raise SolutionError("Incorrect solution")
    if new.model_dump(exclude={"video_link"}) != old.model_dump(exclude={"video_link"}):
        raise SolutionError("Incorrect solution")


def setup_env_add_pilar_link_to_design_review_two_reviews():
    """Two design reviews tomorrow (checkout at 10:00, search at 15:00): which one is meant?"""
    simulate_org_structure(
        default_employee_names=[
            "Olamide",
            "Pilar",
            "Rui",
            "Sanna",
            "Tevita",
            "Wiremu",
            "Yaretzi",
            "Bogumil",
            "Catalina",
            "Dawit",
            "Emine",
            "Folake",
        ]
    )
    # setup guideline #4
    pilar, tevita, wiremu = (find_employee(n)[0] for n in ("Pilar", "Tevita", "Wiremu"))
    # setup guideline #1
    tomorrow = parse_date_string(DateExpressions.Tomorrow)

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Design review: checkout",
                attendees=[pilar, tevita],
                starts_at=at(tomorrow, 10, 0),
                ends_at=at(tomorrow, 11, 0),
            ),
            Event(
                subject="Design review: search",
                attendees=[pilar, wiremu],
                starts_at=at(tomorrow, 15, 0),
                ends_at=at(tomorrow, 16, 0),
            ),
        ]
    )


def evaluate_add_pilar_link_to_design_review_two_reviews(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Two candidates: hand back to the user (RequiresUserInput) and change nothing."""
    setup_function()
    before = snapshot_world()
    try:
        executable()
    except RequiresUserInput:
        assert_no_changes_since(before)
        return
    raise SolutionError("Incorrect solution")
