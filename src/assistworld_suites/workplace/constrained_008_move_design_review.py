"""Assistant, move today's design review with Radu and Sofia to the first time tomorrow, from 1 PM on, when all three of us are free. Keep it the same length."""  # noqa: E501

QUERY_ID = "constrained_008_move_design_review"
CATEGORY = "constrained-scheduling"
TAGS = ["reschedule", "find_available_slots", "get_calendar", "after-time"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def move_design_review():
    """Move today's design review to tomorrow's first common free slot from 13:00, same length."""
    # by structure guideline #1
    radu = find_employee("Radu")[0]
    sofia = find_employee("Sofia")[0]
    today = now_().date()
    reviews = [e for e in find_events(subject="Design review") if e.starts_at.date() == today]
    if not reviews:
        raise RequiresUserInput("No design review found today.")
    if len(reviews) > 1:
        raise RequiresUserInput(f"{len(reviews)} design reviews found today, which one?")
    review = reviews[0]
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    earliest = combine(tomorrow, time_by_hm(1, 0, "pm"))
    busy = [
        e
        for e in find_events() + get_calendar(radu) + get_calendar(sofia)
        if e.starts_at.date() <= tomorrow <= e.ends_at.date()
    ]
    for slot in find_available_slots(busy, date=tomorrow):
        start = max(slot.start, earliest)
        end = modify(start, review.duration, operator=DateTimeClauseOperators.add)
        if end <= slot.end:
            review.starts_at = start
            review.ends_at = end
            add_event(review)
            return
    raise RequiresUserInput("No common free time after 1 PM tomorrow is long enough.")


def setup_env_move_design_review():
    """Today's review is 11:00-11:50.

    Tomorrow the first common 50 minutes after 13:00 is 13:00-13:50.
    """
    simulate_org_structure(default_employee_names=["Radu", "Sofia", "Tevita", "Ulla", "Vikram"])
    # setup guideline #4
    radu = find_employee("Radu")[0]
    sofia = find_employee("Sofia")[0]
    tevita = find_employee("Tevita")[0]
    # setup guideline #1
    today = now_().date()
    tomorrow = parse_date_string(DateExpressions.Tomorrow)

    def at(day, hour, minute):
        return datetime.datetime.combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    review = Event(
        subject="Design review",
        attendees=[radu, sofia],
        starts_at=at(today, 11, 0),
        ends_at=at(today, 11, 50),
    )
    simulate_user_calendar(
        [
            review,
            Event(
                subject="Design review prep",
                starts_at=at(tomorrow, 9, 6),
                ends_at=at(tomorrow, 10, 0),
            ),
            Event(
                subject="Vendor lunch",
                attendees=[tevita],
                starts_at=at(tomorrow, 12, 30),
                ends_at=at(tomorrow, 13, 0),
            ),
        ]
    )
    simulate_employee_calendar(
        radu,
        [
            review,
            Event(
                subject="Hiring panel", starts_at=at(tomorrow, 13, 50), ends_at=at(tomorrow, 14, 30)
            ),
        ],
    )
    simulate_employee_calendar(
        sofia,
        [
            review,
            Event(subject="Mentoring", starts_at=at(tomorrow, 11, 0), ends_at=at(tomorrow, 11, 30)),
        ],
    )
    # someone not invited is busy at 13:00 tomorrow: irrelevant
    simulate_employee_calendar(
        tevita,
        [Event(subject="Travel", starts_at=at(tomorrow, 13, 0), ends_at=at(tomorrow, 15, 0))],
    )


def evaluate_move_design_review(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """The review now runs tomorrow 13:00-13:50 with the same attendees; nothing else changed."""
    setup_function()
    original = find_events(subject="Design review")[0]
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    expected_start = datetime.datetime.combine(tomorrow, datetime.time(13, 0))
    # moving in place (same id) or deleting and re-creating are both fine
    changed = changes.in_table("user_calendar", "changed")
    if len(changes) == 1 and len(changed) == 1 and changed[0].key == original.event_id:
        moved = Event.model_validate(changed[0].after)
    else:
        added = added_user_events(changes)
        removed = changes.in_table("user_calendar", "removed")
        if len(changes) != 2 or len(added) != 1 or len(removed) != 1:
            raise SolutionError("Incorrect solution")
        if removed[0].key != original.event_id:
            raise SolutionError("Incorrect solution")
        moved = added[0]
    if moved.starts_at != expected_start or moved.ends_at != expected_start + datetime.timedelta(
        minutes=50
    ):
        raise SolutionError("Incorrect solution")
    # testing guideline #1
    if sorted(a.employee_id for a in moved.attendees or []) != sorted(
        a.employee_id for a in original.attendees
    ):
        raise SolutionError("Incorrect solution")
