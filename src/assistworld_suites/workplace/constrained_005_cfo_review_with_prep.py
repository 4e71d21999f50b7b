"""Assistant, put a one-hour budget review with the CFO in for next Tuesday at 3 PM and block my usual prep time right before it. If I already have something then, put the prep block at the latest free spot earlier that day instead."""  # noqa: E501

QUERY_ID = "constrained_005_cfo_review_with_prep"
CATEGORY = "constrained-scheduling"
TAGS = ["get_default_preparation_time", "leadership", "find_available_slots", "contrast-set"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def budget_review_with_prep():
    """A 1-hour review with the CFO next Tuesday 15:00 and a prep block before it (or earlier)."""
    cfos = [e for e in get_all_employees() if get_employee_profile(e).role == "CFO"]
    if len(cfos) != 1:
        raise RequiresUserInput(f"Found {len(cfos)} people with the CFO role.")
    cfo = cfos[0]
    day = get_next_dow("Tuesday")
    sub = DateTimeClauseOperators.subtract
    review_start = combine(day, time_by_hm(3, 0, "pm"))
    review_end = modify(
        review_start, Duration(1, TimeUnits.Hours), operator=DateTimeClauseOperators.add
    )
    prep = get_default_preparation_time()
    day_events = [e for e in find_events() if e.starts_at.date() == day]

    prep_start = modify(review_start, prep, operator=sub)
    right_before = TimeInterval(prep_start, review_start)
    clash = any(
        intervals_overlap(right_before, TimeInterval(e.starts_at, e.ends_at)) for e in day_events
    )
    if clash:
        # the latest free stretch that day, before the review, long enough for the prep
        prep_start = None
        for slot in find_available_slots(day_events, date=day):
            usable_end = min(slot.end, review_start)
            latest_start = modify(usable_end, prep, operator=sub)
            if latest_start >= slot.start:
                prep_start = latest_start
        if prep_start is None:
            raise RequiresUserInput("There is no free time for the preparation before the review.")
    prep_end = modify(prep_start, prep, operator=DateTimeClauseOperators.add)

    add_event(
        Event(subject="Budget review", attendees=[cfo], starts_at=review_start, ends_at=review_end)
    )
    add_event(Event(subject="Prep: budget review", starts_at=prep_start, ends_at=prep_end))


def setup_env_budget_review_with_prep():
    """Next Tuesday the user has a meeting ending at 14:30, so the prep fits right before 15:00."""
    simulate_org_structure(
        default_employee_names=["Adaeze", "Bartosz", "Consuelo", "Dinh", "Eero", "Fatoumata"]
    )
    # setup guideline #1
    tuesday = get_next_dow("Tuesday")

    def at(hour, minute):
        return datetime.datetime.combine(tuesday, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(subject="Hiring sync", starts_at=at(13, 0), ends_at=at(13, 50)),
            Event(subject="Forecast walkthrough", starts_at=at(14, 0), ends_at=at(14, 30)),
            Event(subject="Retro", starts_at=at(16, 30), ends_at=at(17, 0)),
        ]
    )


def evaluate_budget_review_with_prep(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Review 15:00-16:00 with the CFO and prep 14:30-15:00 next Tuesday; nothing else."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 2 or len(changes) != 2:
        raise SolutionError("Incorrect solution")
    prep, review = events  # sorted by start
    tuesday = get_next_dow("Tuesday")

    def at(hour, minute):
        return datetime.datetime.combine(tuesday, datetime.time(hour, minute))

    cfo = next(e for e in get_all_employees() if get_employee_profile(e).role == "CFO")
    if review.starts_at != at(15, 0) or review.ends_at != at(16, 0):
        raise SolutionError("Incorrect solution")
    if [a.employee_id for a in review.attendees or []] != [cfo.employee_id]:
        raise SolutionError("Incorrect solution")
    if prep.starts_at != at(14, 30) or prep.ends_at != at(15, 0):
        raise SolutionError("Incorrect solution")
    # the prep block is the user's own time
    if prep.attendees:
        raise SolutionError("Incorrect solution")


def setup_env_budget_review_with_prep_2():
    """Next Tuesday 14:15-14:45 is taken and 13:50-14:15 is too short: prep goes to 12:30-13:00."""
    simulate_org_structure(
        default_employee_names=["Adaeze", "Bartosz", "Consuelo", "Dinh", "Eero", "Fatoumata"]
    )
    # setup guideline #1
    tuesday = get_next_dow("Tuesday")
    wednesday = get_next_dow("Wednesday", after=tuesday)

    def at(day, hour, minute):
        return datetime.datetime.combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(subject="Hiring sync", starts_at=at(tuesday, 13, 0), ends_at=at(tuesday, 13, 50)),
            Event(
                subject="Vendor check-in",
                starts_at=at(tuesday, 14, 15),
                ends_at=at(tuesday, 14, 45),
            ),
            Event(subject="Retro", starts_at=at(tuesday, 16, 30), ends_at=at(tuesday, 17, 0)),
            Event(
                subject="Board pack", starts_at=at(wednesday, 9, 30), ends_at=at(wednesday, 12, 0)
            ),
        ]
    )


def evaluate_budget_review_with_prep_2(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Review 15:00-16:00 with the CFO; prep moved to 12:30-13:00 next Tuesday; nothing else."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 2 or len(changes) != 2:
        raise SolutionError("Incorrect solution")
    prep, review = events  # sorted by start
    tuesday = get_next_dow("Tuesday")

    def at(hour, minute):
        return datetime.datetime.combine(tuesday, datetime.time(hour, minute))

    cfo = next(e for e in get_all_employees() if get_employee_profile(e).role == "CFO")
    if review.starts_at != at(15, 0) or review.ends_at != at(16, 0):
        raise SolutionError("Incorrect solution")
    if [a.employee_id for a in review.attendees or []] != [cfo.employee_id]:
        raise SolutionError("Incorrect solution")
    if prep.starts_at != at(12, 30) or prep.ends_at != at(13, 0):
        raise SolutionError("Incorrect solution")
    if prep.attendees:
        raise SolutionError("Incorrect solution")
