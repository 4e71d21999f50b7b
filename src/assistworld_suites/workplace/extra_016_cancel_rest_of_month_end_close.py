"""Assistant, we've wrapped up the month-end close early, so cancel the close meetings I've still got today."""  # noqa: E501

QUERY_ID = "extra_016_cancel_rest_of_month_end_close"
CATEGORY = "simple-scheduling"
TAGS = ["find_events", "delete_event", "month-end", "now_", "subject-search"]
NOW = "2024-09-30T10:00"

if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def cancel_remaining_close_meetings_today():
    """Delete today's month-end close meetings that have not started yet."""
    today = now_().date()
    # find_events only lists meetings that have not started yet
    remaining = [e for e in find_events(subject="month-end close") if e.starts_at.date() == today]
    if not remaining:
        raise RequiresUserInput("You have no month-end close meetings left today.")
    for event in remaining:
        delete_event(event)


def setup_env_cancel_remaining_close_meetings_today():
    """Monday 30 September, 10:00: one close meeting done, three to come today, one tomorrow."""
    simulate_org_structure(
        default_employee_names=[
            "Ikaika",
            "Jelena",
            "Kwame",
            "Lorelei",
            "Mahsa",
            "Nnamdi",
            "Oskar",
            "Paloma",
            "Quilla",
            "Renata",
        ],
        user_name="Sigrid",
        user_team=Team.Finance,
    )
    # setup guideline #4
    jelena, nnamdi, mahsa, kwame = (
        find_employee(name)[0] for name in ("Jelena", "Nnamdi", "Mahsa", "Kwame")
    )
    # setup guideline #1
    today = now_().date()
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    friday = get_next_dow("Friday")

    def meeting(day, start, end, people, subject):
        return Event(
            subject=subject,
            attendees=people,
            starts_at=combine(day, datetime.time(*start)),
            ends_at=combine(day, datetime.time(*end)),
        )

    # setup guidelines #2 and #3: one meeting earlier this morning, the rest to come
    simulate_user_calendar(
        [
            meeting(today, (9, 15), (9, 45), [jelena], "Month-end close kickoff"),
            meeting(today, (11, 0), (11, 30), [jelena, nnamdi], "Month-end close: accruals"),
            meeting(today, (13, 0), (13, 30), [kwame], "Vendor call"),
            meeting(today, (14, 0), (14, 45), [nnamdi], "Month-end close: payroll check"),
            meeting(today, (16, 0), (16, 30), [mahsa], "Month-end close sign-off"),
            meeting(tomorrow, (10, 0), (10, 30), [jelena, nnamdi], "Month-end close retro"),
            meeting(friday, (11, 0), (12, 0), [mahsa, nnamdi], "Quarter close planning"),
        ]
    )


def evaluate_cancel_remaining_close_meetings_today(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Only today's 11:00, 14:00 and 16:00 close meetings are deleted."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    removed = changes.in_table("user_calendar", "removed")
    if len(changes) != 3 or len(removed) != 3:
        raise SolutionError("Incorrect solution")
    starts = sorted(datetime.datetime.fromisoformat(c.before["starts_at"]) for c in removed)
    expected = [datetime.datetime(2024, 9, 30, hour, 0) for hour in (11, 14, 16)]
    if starts != expected:
        raise SolutionError("Incorrect solution")
