"""Assistant, take the vendor demo off my calendar."""

QUERY_ID = "simple_012_drop_vendor_demo"
CATEGORY = "simple-scheduling"
TAGS = ["find_events", "delete_event", "subject-search", "RequiresUserInput", "contrast-set"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def remove_vendor_demo():
    """Delete the upcoming vendor demo from my calendar."""
    demos = find_events(subject="Vendor demo")
    if not demos:
        raise RequiresUserInput("I could not find an upcoming vendor demo in your calendar.")
    if len(demos) > 1:
        raise RequiresUserInput(f"I found {len(demos)} vendor demos; which one should I remove?")
    delete_event(demos[0])


def setup_env_remove_vendor_demo():
    """One upcoming vendor demo, last week's demo (past) and other vendor meetings."""
    simulate_org_structure(default_employee_names=["Valentina", "Sami", "Maren", "Ivo"])
    valentina = find_employee("Valentina")[0]  # setup guideline #4
    sami = find_employee("Sami")[0]
    # setup guideline #1
    last_thursday = get_prev_dow("Thursday")
    wednesday = get_next_dow("Wednesday")
    thursday = get_next_dow("Thursday")
    next_monday = get_next_dow("Monday")

    def meeting(subject, people, day, hour, minute, length):
        start = datetime.datetime.combine(day, datetime.time(hour, minute))
        return Event(
            subject=subject,
            attendees=people,
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=length),
        )

    # setup guidelines #2 and #3: last week's demo is in the past
    simulate_user_calendar(
        [
            meeting("Vendor demo: Brightline", [valentina], last_thursday, 14, 0, 60),
            meeting("Vendor contract review", [sami], wednesday, 10, 0, 30),
            meeting("Vendor demo: Acme analytics", [sami, valentina], thursday, 14, 0, 60),
            meeting("Vendor onboarding", [valentina], next_monday, 11, 0, 45),
        ]
    )


def setup_env_remove_vendor_demo_2():
    """No vendor demo is coming up: only other vendor meetings."""
    simulate_org_structure(default_employee_names=["Valentina", "Sami", "Maren", "Ivo"])
    valentina = find_employee("Valentina")[0]  # setup guideline #4
    sami = find_employee("Sami")[0]
    # setup guideline #1
    wednesday = get_next_dow("Wednesday")
    next_monday = get_next_dow("Monday")

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
            meeting("Vendor contract review", [sami], wednesday, 10, 0, 30),
            meeting("Vendor onboarding", [valentina], next_monday, 11, 0, 45),
        ]
    )


def evaluate_remove_vendor_demo(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Only Thursday's 14:00 vendor demo is removed."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    removed = changes.in_table("user_calendar", "removed")
    if len(changes) != 1 or len(removed) != 1:
        raise SolutionError("Incorrect solution")
    expected = datetime.datetime.combine(get_next_dow("Thursday"), datetime.time(14, 0))
    if datetime.datetime.fromisoformat(removed[0].before["starts_at"]) != expected:
        raise SolutionError("Incorrect solution")


def evaluate_remove_vendor_demo_2(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """There is no vendor demo: the program must say so (hand back) and delete nothing."""
    setup_function()
    before = snapshot_world()
    try:
        executable()
    except RequiresUserInput:
        assert_no_changes_since(before)
        return
    raise SolutionError("Incorrect solution")
