"""Assistant, the server migration starts at 10 PM this Friday and takes nine hours. Put it in my calendar, then book a 30-minute review with Nnamdi and Odette first thing on the next working day after it finishes."""  # noqa: E501

QUERY_ID = "mixed_012_friday_night_migration"
CATEGORY = "time-expressions"
TAGS = ["modify", "past-midnight", "multi-day-event", "next-working-day", "add_event"]

if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def schedule_migration_and_review():
    """Friday 22:00 plus nine hours for the migration; a review at 9:06 on the next weekday."""
    # by structure guideline #1
    nnamdi = find_employee("Nnamdi")[0]
    odette = find_employee("Odette")[0]
    friday = get_next_dow("Friday")
    migration_start = combine(friday, time_by_hm(10, 0, "pm"))
    # nine hours past 10 PM runs into Saturday morning
    migration_end = modify(
        migration_start, Duration(9, TimeUnits.Hours), operator=DateTimeClauseOperators.add
    )
    add_event(Event(subject="Server migration", starts_at=migration_start, ends_at=migration_end))
    # the next working day after the end: skip the weekend
    day = migration_end.date() + datetime.timedelta(days=1)
    while day.weekday() >= 5:
        day = day + datetime.timedelta(days=1)
    review_start = combine(day, parse_time_string(TimeExpressions.StartOfWorkDay))
    review_end = modify(
        review_start, Duration(30, TimeUnits.Minutes), operator=DateTimeClauseOperators.add
    )
    add_event(
        Event(
            subject="Migration review",
            attendees=[nnamdi, odette],
            starts_at=review_start,
            ends_at=review_end,
        )
    )


def setup_env_schedule_migration_and_review():
    """Nnamdi and Odette exist; Monday already has a standup later in the morning."""
    simulate_org_structure(
        default_employee_names=[
            "Nnamdi",
            "Odette",
            "Pita",
            "Qadira",
            "Ragnhild",
            "Sakura",
            "Tiihu",
            "Uzoma",
            "Veronika",
            "Wambui",
            "Xolani",
            "Yael",
        ]
    )
    # setup guideline #4
    nnamdi, pita = (find_employee(n)[0] for n in ("Nnamdi", "Pita"))
    # setup guideline #1
    friday = get_next_dow("Friday")
    monday = get_next_dow("Monday")

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Go/no-go",
                attendees=[nnamdi, pita],
                starts_at=at(friday, 15, 0),
                ends_at=at(friday, 15, 30),
            ),
            Event(
                subject="Standup",
                attendees=[pita],
                starts_at=at(monday, 10, 0),
                ends_at=at(monday, 10, 15),
            ),
        ]
    )


def evaluate_schedule_migration_and_review(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Migration Fri 22:00 - Sat 07:00; review Monday 09:06-09:36 with Nnamdi and Odette."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 2 or len(changes) != 2:
        raise SolutionError("Incorrect solution")
    migration, review = events
    friday = get_next_dow("Friday")
    saturday = friday + datetime.timedelta(days=1)
    monday = friday + datetime.timedelta(days=3)
    if migration.starts_at != datetime.datetime.combine(friday, datetime.time(22, 0)):
        raise SolutionError("Incorrect solution")
    if migration.ends_at != datetime.datetime.combine(saturday, datetime.time(7, 0)):
        raise SolutionError("Incorrect solution")
    # testing guideline #1: ids compared as sorted lists
    pair = sorted(find_employee(n)[0].employee_id for n in ("Nnamdi", "Odette"))
    # the migration itself may be the user's own block, or shared with the two reviewers
    if migration.attendees and sorted(a.employee_id for a in migration.attendees) != pair:
        raise SolutionError("Incorrect solution")
    if review.starts_at != datetime.datetime.combine(monday, datetime.time(9, 6)):
        raise SolutionError("Incorrect solution")
    if review.ends_at != datetime.datetime.combine(monday, datetime.time(9, 36)):
        raise SolutionError("Incorrect solution")
    if sorted(a.employee_id for a in review.attendees or []) != pair:
        raise SolutionError("Incorrect solution")
    if migration.repeats is not None or review.repeats is not None:
        raise SolutionError("Incorrect solution")
