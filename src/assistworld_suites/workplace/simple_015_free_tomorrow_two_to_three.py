"""Assistant, am I free tomorrow between 2 and 3 in the afternoon?"""

QUERY_ID = "simple_015_free_tomorrow_two_to_three"
CATEGORY = "simple-scheduling"
TAGS = ["find_events", "intervals_overlap", "information-seeking", "bool", "contrast-set"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def free_tomorrow_between_two_and_three() -> bool:
    """Return True if nothing in my calendar overlaps tomorrow 2 PM to 3 PM."""
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    window = TimeInterval(
        start=combine(tomorrow, time_by_hm(2, 0, "pm")),
        end=combine(tomorrow, time_by_hm(3, 0, "pm")),
    )
    for event in find_events():
        # meetings that only touch the window (ending at 2 or starting at 3) leave it free
        if intervals_overlap(TimeInterval(start=event.starts_at, end=event.ends_at), window):
            return False
    return True


def setup_env_free_tomorrow_between_two_and_three():
    """Tomorrow's meetings end at 2 PM and start at 3 PM; today 2-3 PM is busy."""
    simulate_org_structure(default_employee_names=["Beatriz", "Kofi", "Lucia", "Olek"])
    beatriz = find_employee("Beatriz")[0]  # setup guideline #4
    kofi = find_employee("Kofi")[0]
    # setup guideline #1
    today = parse_date_string(DateExpressions.Today)
    tomorrow = parse_date_string(DateExpressions.Tomorrow)

    def meeting(subject, people, day, hour, minute, length):
        start = datetime.datetime.combine(day, datetime.time(hour, minute))
        return Event(
            subject=subject,
            attendees=people,
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=length),
        )

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            meeting("Ops review", [kofi], today, 14, 0, 60),
            meeting("Lunch with Beatriz", [beatriz], tomorrow, 13, 0, 60),
            meeting("Onboarding", [kofi], tomorrow, 15, 0, 60),
        ]
    )


def setup_env_free_tomorrow_between_two_and_three_2():
    """Tomorrow a 2:30-3:30 PM meeting overlaps the window."""
    simulate_org_structure(default_employee_names=["Beatriz", "Kofi", "Lucia", "Olek"])
    beatriz = find_employee("Beatriz")[0]  # setup guideline #4
    kofi = find_employee("Kofi")[0]
    # setup guideline #1
    today = parse_date_string(DateExpressions.Today)
    tomorrow = parse_date_string(DateExpressions.Tomorrow)

    def meeting(subject, people, day, hour, minute, length):
        start = datetime.datetime.combine(day, datetime.time(hour, minute))
        return Event(
            subject=subject,
            attendees=people,
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=length),
        )

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            meeting("Ops review", [kofi], today, 11, 0, 60),
            meeting("Lunch with Beatriz", [beatriz], tomorrow, 12, 30, 60),
            meeting("Onboarding", [kofi], tomorrow, 14, 30, 60),
        ]
    )


def evaluate_free_tomorrow_between_two_and_three(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Meetings only touch the window: the answer is yes."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    # testing guideline #2: a bool, or a text that starts with yes or no
    if isinstance(result, str):
        result = {"yes": True, "no": False}.get(result.strip().lower()[:3].rstrip(",. !"))
    if result is not True:
        raise SolutionError("Incorrect solution")


def evaluate_free_tomorrow_between_two_and_three_2(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """A meeting overlaps 2:30-3 PM: the answer is no."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    # testing guideline #2: a bool, or a text that starts with yes or no
    if isinstance(result, str):
        result = {"yes": True, "no": False}.get(result.strip().lower()[:3].rstrip(",. !"))
    if result is not False:
        raise SolutionError("Incorrect solution")
