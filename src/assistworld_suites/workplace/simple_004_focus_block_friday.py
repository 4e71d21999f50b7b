"""Assistant, block out 2 to 4:30 this Friday afternoon for focus time."""

QUERY_ID = "simple_004_focus_block_friday"
CATEGORY = "simple-scheduling"
TAGS = ["add_event", "no-attendees", "get_next_dow"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def block_focus_time_friday():
    """Block out 2 PM to 4:30 PM this Friday for focus time."""
    friday = get_next_dow("Friday")
    starts_at = combine(friday, time_by_hm(2, 0, "pm"))
    ends_at = combine(friday, time_by_hm(4, 30, "pm"))
    # a personal block: nobody else is invited, and it shows as busy (the default)
    add_event(Event(subject="Focus time", starts_at=starts_at, ends_at=ends_at))


def setup_env_block_focus_time_friday():
    """The user has a Friday morning meeting and a Thursday afternoon meeting."""
    simulate_org_structure(default_employee_names=["Pita", "Soo-ah", "Emeka"])
    pita = find_employee("Pita")[0]  # setup guideline #4
    soo_ah = find_employee("Soo-ah")[0]
    # setup guideline #1
    thursday = get_next_dow("Thursday")
    friday = get_next_dow("Friday")

    def at(day, hour, minute):
        return datetime.datetime.combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Sprint review",
                attendees=[pita, soo_ah],
                starts_at=at(friday, 10, 0),
                ends_at=at(friday, 11, 0),
            ),
            Event(
                subject="Interview debrief",
                attendees=[soo_ah],
                starts_at=at(thursday, 14, 0),
                ends_at=at(thursday, 14, 45),
            ),
        ]
    )


def evaluate_block_focus_time_friday(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """One new event this Friday 14:00-16:30, without attendees, not shown as free."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    friday = get_next_dow("Friday")
    if event.starts_at != datetime.datetime.combine(friday, datetime.time(14, 0)):
        raise SolutionError("Incorrect solution")
    if event.ends_at != datetime.datetime.combine(friday, datetime.time(16, 30)):
        raise SolutionError("Incorrect solution")
    # a block of time for the user alone that keeps the slot busy
    if event.attendees or event.show_as_status == ShowAsStatus.Free or event.repeats is not None:
        raise SolutionError("Incorrect solution")
