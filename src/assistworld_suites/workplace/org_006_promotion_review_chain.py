"""Assistant, my promotion review is on Thursday at 2 PM for an hour. Invite everyone above me in the reporting chain, all the way up to the CEO."""  # noqa: E501

QUERY_ID = "org_006_promotion_review_chain"
CATEGORY = "org-structure"
TAGS = ["find_manager_of", "get_current_user", "reporting-chain", "while-loop", "add_event"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def promotion_review_with_chain():
    """Invite every manager above the user, up to the CEO, to Thursday 14:00-15:00."""
    chain = []
    boss = find_manager_of(get_current_user())
    while boss is not None:
        chain.append(boss)
        boss = find_manager_of(boss)
    if not chain:
        raise RequiresUserInput("Nobody is above you in the reporting chain.")
    thursday = get_next_dow("Thursday")
    starts_at = combine(thursday, time_by_hm(2, 0, "pm"))
    ends_at = modify(starts_at, Duration(1, TimeUnits.Hours), operator=DateTimeClauseOperators.add)
    add_event(
        Event(subject="Promotion review", attendees=chain, starts_at=starts_at, ends_at=ends_at)
    )


def setup_env_promotion_review_with_chain():
    """A Finance team member: the chain is the Finance manager, the CFO and the CEO."""
    simulate_org_structure(
        default_employee_names=[
            "Yerlan",
            "Zanele",
            "Aurelio",
            "Bodil",
            "Cyrus",
            "Dagmar",
            "Emeka",
            "Fleur",
            "Gwen",
            "Hakan",
            "Ines",
            "Jomo",
        ],
        user_name="Kavya",
        user_role="Team Member",
        user_team=Team.Finance,
    )
    # setup guideline #1
    thursday = get_next_dow("Thursday")
    wednesday = get_next_dow("Wednesday")
    me = get_current_user()
    manager = find_manager_of(me)

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3: the user's other meetings this week
    simulate_user_calendar(
        [
            Event(
                subject="Weekly sync",
                attendees=[manager],
                starts_at=at(wednesday, 10, 0),
                ends_at=at(wednesday, 10, 30),
            ),
            Event(
                subject="Focus time", starts_at=at(thursday, 9, 30), ends_at=at(thursday, 11, 30)
            ),
        ]
    )


def evaluate_promotion_review_with_chain(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Thursday 14:00-15:00 with the Finance manager, the CFO and the CEO; nothing else."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    expected_start = combine(get_next_dow("Thursday"), datetime.time(14, 0))
    if event.starts_at != expected_start:
        raise SolutionError("Incorrect solution")
    if event.ends_at != expected_start + datetime.timedelta(hours=1):
        raise SolutionError("Incorrect solution")
    # the chain of managers above the user, read from the profiles
    profiles = {e.employee_id: get_employee_profile(e) for e in get_all_employees()}
    user_id = get_current_user().employee_id
    chain = []
    boss = profiles[user_id].manager
    while boss is not None:
        chain.append(boss)
        boss = profiles[boss].manager
    if [profiles[i].role for i in chain] != ["Manager", "CFO", "CEO"]:
        raise RuntimeError("the setup's org chart is not the one this evaluation expects")
    attendees = [a.employee_id for a in event.attendees or []]
    if len(attendees) != len(chain) or set(attendees) != set(chain):
        raise SolutionError("Incorrect solution")


def setup_env_promotion_review_with_chain_as_manager():
    """A manager in Engineering: the chain is the Engineering head, the COO and the CEO."""
    simulate_org_structure(
        default_employee_names=[
            "Yerlan",
            "Zanele",
            "Aurelio",
            "Bodil",
            "Cyrus",
            "Dagmar",
            "Emeka",
            "Fleur",
            "Gwen",
            "Hakan",
            "Ines",
            "Jomo",
        ],
        user_name="Kavya",
        user_role="Manager",
        user_team=Team.Engineering,
    )
    # setup guideline #1
    thursday = get_next_dow("Thursday")
    wednesday = get_next_dow("Wednesday")
    me = get_current_user()
    manager = find_manager_of(me)

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3: the user's other meetings this week
    simulate_user_calendar(
        [
            Event(
                subject="Weekly sync",
                attendees=[manager],
                starts_at=at(wednesday, 10, 0),
                ends_at=at(wednesday, 10, 30),
            ),
            Event(
                subject="Focus time", starts_at=at(thursday, 9, 30), ends_at=at(thursday, 11, 30)
            ),
        ]
    )


def evaluate_promotion_review_with_chain_as_manager(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Thursday 14:00-15:00 with the Engineering head, the COO and the CEO; nothing else."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    expected_start = combine(get_next_dow("Thursday"), datetime.time(14, 0))
    if event.starts_at != expected_start:
        raise SolutionError("Incorrect solution")
    if event.ends_at != expected_start + datetime.timedelta(hours=1):
        raise SolutionError("Incorrect solution")
    # the chain of managers above the user, read from the profiles
    profiles = {e.employee_id: get_employee_profile(e) for e in get_all_employees()}
    user_id = get_current_user().employee_id
    chain = []
    boss = profiles[user_id].manager
    while boss is not None:
        chain.append(boss)
        boss = profiles[boss].manager
    if [profiles[i].role for i in chain] != ["Manager", "COO", "CEO"]:
        raise RuntimeError("the setup's org chart is not the one this evaluation expects")
    attendees = [a.employee_id for a in event.attendees or []]
    if len(attendees) != len(chain) or set(attendees) != set(chain):
        raise SolutionError("Incorrect solution")


def setup_env_promotion_review_with_chain_as_coo():
    """The user is the COO: only the CEO is above them."""
    simulate_org_structure(
        default_employee_names=[
            "Yerlan",
            "Zanele",
            "Aurelio",
            "Bodil",
            "Cyrus",
            "Dagmar",
            "Emeka",
            "Fleur",
            "Gwen",
            "Hakan",
            "Ines",
            "Jomo",
        ],
        user_name="Kavya",
        user_role="COO",
    )
    # setup guideline #1
    thursday = get_next_dow("Thursday")
    wednesday = get_next_dow("Wednesday")
    me = get_current_user()
    manager = find_manager_of(me)

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3: the user's other meetings this week
    simulate_user_calendar(
        [
            Event(
                subject="Weekly sync",
                attendees=[manager],
                starts_at=at(wednesday, 10, 0),
                ends_at=at(wednesday, 10, 30),
            ),
            Event(
                subject="Focus time", starts_at=at(thursday, 9, 30), ends_at=at(thursday, 11, 30)
            ),
        ]
    )


def evaluate_promotion_review_with_chain_as_coo(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Thursday 14:00-15:00 with the CEO alone; nothing else."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    expected_start = combine(get_next_dow("Thursday"), datetime.time(14, 0))
    if event.starts_at != expected_start:
        raise SolutionError("Incorrect solution")
    if event.ends_at != expected_start + datetime.timedelta(hours=1):
        raise SolutionError("Incorrect solution")
    # the chain of managers above the user, read from the profiles
    profiles = {e.employee_id: get_employee_profile(e) for e in get_all_employees()}
    user_id = get_current_user().employee_id
    chain = []
    boss = profiles[user_id].manager
    while boss is not None:
        chain.append(boss)
        boss = profiles[boss].manager
    if [profiles[i].role for i in chain] != ["CEO"]:
        raise RuntimeError("the setup's org chart is not the one this evaluation expects")
    attendees = [a.employee_id for a in event.attendees or []]
    if len(attendees) != len(chain) or set(attendees) != set(chain):
        raise SolutionError("Incorrect solution")
