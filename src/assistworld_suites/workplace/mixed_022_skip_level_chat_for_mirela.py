"""Assistant, Mirela has asked for a skip-level chat. Set up 30 minutes on Thursday at 11 with her and her manager's manager."""  # noqa: E501

QUERY_ID = "mixed_022_skip_level_chat_for_mirela"
CATEGORY = "org-structure"
TAGS = ["find_manager_of", "skip-level", "manager-is-an-id", "add_event", "contrast-set"]

if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def skip_level_chat_for_mirela():
    """Thursday 11:00-11:30 with Mirela and the manager of Mirela's manager."""
    # by structure guideline #1
    mirela = find_employee("Mirela")[0]
    # find_manager_of returns an Employee (a profile's `manager` is only an id)
    manager = find_manager_of(mirela)
    if manager is None:
        raise RequiresUserInput("Mirela has no manager, so there is no skip-level.")
    skip_level = find_manager_of(manager)
    if skip_level is None:
        raise RequiresUserInput(f"Mirela's manager, {manager.name}, reports to nobody.")
    thursday = get_next_dow("Thursday")
    starts_at = combine(thursday, time_by_hm(11, 0, "am"))
    ends_at = modify(
        starts_at, Duration(30, TimeUnits.Minutes), operator=DateTimeClauseOperators.add
    )
    add_event(
        Event(
            subject="Skip-level chat",
            attendees=[mirela, skip_level],
            starts_at=starts_at,
            ends_at=ends_at,
        )
    )


def setup_env_skip_level_chat_for_mirela():
    """Mirela reports to Teodoro, a manager under Cheveyo (head of Sales and Marketing)."""
    simulate_org_structure(
        default_employee_names=[
            "Anselm",
            "Brisa",
            "Cheveyo",
            "Dorit",
            "Elkin",
            "Fiorella",
            "Gorka",
            "Hadewych",
            "Iekika",
            "Jomei",
        ],
        user_name="Wynn",
        teams_to_extend={Team.SalesMarketing: ["Sahkyo", "Mirela", "Teodoro"]},
    )
    # setup guideline #4
    mirela, teodoro = (find_employee(n)[0] for n in ("Mirela", "Teodoro"))
    # setup guideline #1
    thursday = get_next_dow("Thursday")

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Mentoring",
                attendees=[mirela, teodoro],
                starts_at=at(thursday, 9, 30),
                ends_at=at(thursday, 10, 0),
            ),
        ]
    )


def evaluate_skip_level_chat_for_mirela(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """One event Thursday 11:00-11:30 with exactly Mirela and Cheveyo."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    thursday = get_next_dow("Thursday")
    if event.starts_at != combine(thursday, datetime.time(11, 0)):
        raise SolutionError("Incorrect solution")
    if event.ends_at != combine(thursday, datetime.time(11, 30)):
        raise SolutionError("Incorrect solution")
    expected = sorted(find_employee(n)[0].employee_id for n in ("Mirela", "Cheveyo"))
    if sorted(a.employee_id for a in event.attendees or []) != expected:
        raise SolutionError("Incorrect solution")


def setup_env_skip_level_chat_for_mirela_direct():
    """Mirela reports straight to Cheveyo, so her skip-level is the COO."""
    simulate_org_structure(
        default_employee_names=[
            "Anselm",
            "Brisa",
            "Cheveyo",
            "Dorit",
            "Elkin",
            "Fiorella",
            "Gorka",
            "Hadewych",
            "Iekika",
            "Jomei",
        ],
        user_name="Wynn",
        teams_to_extend={Team.SalesMarketing: ["Mirela", "Sahkyo", "Teodoro"]},
    )


def evaluate_skip_level_chat_for_mirela_direct(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """One event Thursday 11:00-11:30 with exactly Mirela and the COO (Anselm)."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    thursday = get_next_dow("Thursday")
    if event.starts_at != combine(thursday, datetime.time(11, 0)):
        raise SolutionError("Incorrect solution")
    if event.ends_at != combine(thursday, datetime.time(11, 30)):
        raise SolutionError("Incorrect solution")
    coo = next(e for e in get_all_employees() if get_employee_profile(e).role == "COO")
    expected = sorted([find_employee("Mirela")[0].employee_id, coo.employee_id])
    if sorted(a.employee_id for a in event.attendees or []) != expected:
        raise SolutionError("Incorrect solution")
