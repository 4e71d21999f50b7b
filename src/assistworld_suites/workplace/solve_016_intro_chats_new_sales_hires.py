"""Assistant, set up 20-minute intro chats on Thursday with everyone who has joined Sales since the start of June: one after another from 2 PM, in alphabetical order."""  # noqa: E501

QUERY_ID = "solve_016_intro_chats_new_sales_hires"
CATEGORY = "problem-solving"
TAGS = ["get_employee_profile", "joined_date", "team-filter", "back-to-back", "add_event"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def intro_chats_new_sales_hires():
    """Back-to-back 20-minute chats from Thursday 14:00 with June's Sales joiners, A to Z."""
    start_of_june = date_by_mdy(month=6, day=1)
    hires = []
    for employee in get_all_employees():
        profile = get_employee_profile(employee)
        if profile.team == Team.SalesMarketing and profile.joined_date >= start_of_june:
            hires.append(employee)
    if not hires:
        raise RequiresUserInput("Nobody has joined Sales since the start of June.")
    starts_at = combine(get_next_dow("Thursday"), time_by_hm(2, 0, "pm"))
    for hire in sorted(hires, key=lambda e: e.name):
        ends_at = modify(
            starts_at, Duration(20, TimeUnits.Minutes), operator=DateTimeClauseOperators.add
        )
        add_event(
            Event(
                subject=f"Intro chat with {hire.name}",
                attendees=[hire],
                starts_at=starts_at,
                ends_at=ends_at,
            )
        )
        starts_at = ends_at


def setup_env_intro_chats_new_sales_hires():
    """Sales joiners: Soledad (1 June), Amadou (10 June); Bettina joined on 28 May."""
    simulate_org_structure(
        default_employee_names=[
            "Kwasi",
            "Lyra",
            "Tuomas",
            "Maximo",
            "Nalani",
            "Orsolya",
            "Amadou",
            "Parisa",
            "Quillon",
            "Radomir",
            "Sanjay",
            "Temperance",
            "Ulises",
            "Vesna",
            "Xochitl",
            "Yevgeny",
            "Zarina",
            "Bettina",
            "Cosimo",
            "Dagmar",
            "Soledad",
            "Eberhard",
        ],
        user_name="Fatemeh",
    )
    # setup guideline #4; join dates come from the simulated profiles (June joiners elsewhere too:
    # Cosimo, Dagmar and Parisa in Engineering, Temperance in Finance)
    parisa, radomir, tuomas = (find_employee(name)[0] for name in ("Parisa", "Radomir", "Tuomas"))
    # setup guideline #1
    thursday = get_next_dow("Thursday")
    friday = get_next_dow("Friday")

    def meeting(subject, people, day, start, end):
        return Event(
            subject=subject,
            attendees=people,
            starts_at=combine(day, datetime.time(*start)),
            ends_at=combine(day, datetime.time(*end)),
        )

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            meeting("One-on-one", [parisa], thursday, (10, 0), (10, 30)),
            meeting("Sales handover", [radomir, tuomas], thursday, (15, 0), (16, 0)),
            meeting("Demo", [tuomas], friday, (14, 0), (14, 30)),
        ]
    )


def evaluate_intro_chats_new_sales_hires(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Amadou 14:00-14:20, then Soledad 14:20-14:40 on Thursday; nothing else changed."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    thursday = get_next_dow("Thursday")

    def at(hour, minute):
        return datetime.datetime.combine(thursday, datetime.time(hour, minute))

    # from the simulated profiles: today that is Amadou (10 June) and Soledad (1 June)
    june = date_by_mdy(month=6, day=1)
    hires = sorted(
        (
            e
            for e in get_all_employees()
            if get_employee_profile(e).team == Team.SalesMarketing
            and get_employee_profile(e).joined_date >= june
        ),
        key=lambda e: e.name,
    )
    if len(hires) < 2:
        raise SolutionError("Incorrect solution: the setup needs at least two June joiners")
    expected = []
    start = at(14, 0)
    for hire in hires:
        expected.append((start, start + datetime.timedelta(minutes=20), [hire.employee_id]))
        start = start + datetime.timedelta(minutes=20)
    # testing guideline #1: one person per chat, compared by id
    found = [(e.starts_at, e.ends_at, [a.employee_id for a in e.attendees or []]) for e in events]
    if found != expected or len(changes) != len(expected):
        raise SolutionError("Incorrect solution")
