"""Assistant, I've promised Delphine the audit pack in 30 working days. What date is that?"""

QUERY_ID = "extra_029_thirty_working_days"
CATEGORY = "time-expressions"
TAGS = ["information-seeking", "working-days", "date-arithmetic", "now_"]

if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def date_in_thirty_working_days() -> datetime.date:
    """The 30th weekday after today."""
    day = now_().date()
    counted = 0
    while counted < 30:
        day = day + datetime.timedelta(days=1)
        # Monday to Friday are working days
        if day.weekday() < 5:
            counted += 1
    return day


def setup_env_date_in_thirty_working_days():
    """Delphine exists; the user has meetings with her (they do not change the answer)."""
    simulate_org_structure(
        default_employee_names=["Delphine", "Emrys", "Fulvia", "Gaspard", "Hadiza"],
        user_name="Ignatius",
        user_team=Team.Finance,
    )
    # setup guideline #4
    delphine = find_employee("Delphine")[0]
    # setup guideline #1
    thursday = get_next_dow("Thursday")
    august_first = date_by_mdy(month=8, day=1)

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Audit scope",
                attendees=[delphine],
                starts_at=at(thursday, 11, 0),
                ends_at=at(thursday, 12, 0),
            ),
            Event(
                subject="Audit pack review",
                attendees=[delphine],
                starts_at=at(august_first, 14, 0),
                ends_at=at(august_first, 15, 0),
            ),
        ]
    )


def evaluate_date_in_thirty_working_days(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Tuesday 6 August 2024 (30 weekdays after Tuesday 25 June)."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    expected = datetime.date(2024, 8, 6)
    # testing guideline #2: a date, a datetime on that day, or an ISO date string
    if isinstance(result, str):
        try:
            result = datetime.date.fromisoformat(result.strip()[:10])
        except ValueError:
            raise SolutionError("Incorrect solution") from None
    if isinstance(result, datetime.datetime):
        result = result.date()
    if not isinstance(result, datetime.date) or result != expected:
        raise SolutionError("Incorrect solution")
