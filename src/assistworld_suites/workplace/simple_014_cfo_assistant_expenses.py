"""Assistant, book 45 minutes with the CFO's assistant next Tuesday at 10 so we can sort out my expense claims."""  # noqa: E501

QUERY_ID = "simple_014_cfo_assistant_expenses"
CATEGORY = "simple-scheduling"
TAGS = ["add_event", "get_assistant", "get_employee_profile", "leadership"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def meet_cfo_assistant_next_tuesday():
    """Book 45 minutes with the CFO's assistant next Tuesday at 10 AM."""
    # the CFO is the leader whose profile role says so
    cfos = [e for e in get_all_employees() if get_employee_profile(e).role == "CFO"]
    if len(cfos) != 1:
        raise RequiresUserInput(f"I found {len(cfos)} CFOs in the company directory.")
    assistant = get_assistant(cfos[0])
    if assistant is None:
        raise RequiresUserInput("The CFO has no assistant in the company directory.")
    tuesday = get_next_dow("Tuesday")
    starts_at = combine(tuesday, time_by_hm(10, 0, "am"))
    ends_at = modify(
        starts_at, Duration(45, TimeUnits.Minutes), operator=DateTimeClauseOperators.add
    )
    add_event(
        Event(subject="Expense claims", attendees=[assistant], starts_at=starts_at, ends_at=ends_at)
    )


def setup_env_meet_cfo_assistant_next_tuesday():
    """A full organisation: three leaders, each with an assistant."""
    simulate_org_structure(
        default_employee_names=["Thandiwe", "Luca", "Mei", "Aleksander", "Kofi", "Greta", "Ivo"]
    )
    thandiwe = find_employee("Thandiwe")[0]  # setup guideline #4
    # setup guideline #1
    tuesday = get_next_dow("Tuesday")
    start = datetime.datetime.combine(tuesday, datetime.time(11, 0))
    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Sprint planning",
                attendees=[thandiwe],
                starts_at=start,
                ends_at=start + datetime.timedelta(minutes=60),
            )
        ]
    )


def evaluate_meet_cfo_assistant_next_tuesday(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """One new event next Tuesday 10:00-10:45 with only the CFO's assistant."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    # next Tuesday, asked on a Tuesday, is a week from today
    start = datetime.datetime.combine(get_next_dow("Tuesday"), datetime.time(10, 0))
    if event.starts_at != start or event.ends_at != start + datetime.timedelta(minutes=45):
        raise SolutionError("Incorrect solution")
    cfo = next(e for e in get_all_employees() if get_employee_profile(e).role == "CFO")
    assistant = get_assistant(cfo)
    if [a.employee_id for a in event.attendees or []] != [assistant.employee_id]:
        raise SolutionError("Incorrect solution")
