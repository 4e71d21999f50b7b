"""Assistant, I'd like to thank the longest-serving person in each of our three departments. Book a 15-minute coffee with each of them on Friday, back to back from 2 PM."""  # noqa: E501

QUERY_ID = "org_016_thank_longest_serving"
CATEGORY = "org-structure"
TAGS = ["joined_date", "get_employee_profile", "Team", "back-to-back", "loop", "add_event"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def thank_longest_serving():
    """Back-to-back 15-minute coffees from Friday 14:00 with each department's earliest joiner."""
    length = Duration(15, TimeUnits.Minutes)
    starts_at = combine(get_next_dow("Friday"), time_by_hm(2, 0, "pm"))
    everyone = get_all_employees()
    for team in (Team.SalesMarketing, Team.Engineering, Team.Finance):
        members = [e for e in everyone if get_employee_profile(e).team == team]
        if not members:
            raise RequiresUserInput(f"Nobody works in {team.value}.")
        veteran = min(members, key=lambda e: get_employee_profile(e).joined_date)
        ends_at = modify(starts_at, length, operator=DateTimeClauseOperators.add)
        add_event(
            Event(
                subject=f"Thank-you coffee with {veteran.name}",
                attendees=[veteran],
                starts_at=starts_at,
                ends_at=ends_at,
            )
        )
        starts_at = ends_at


def setup_env_thank_longest_serving():
    """The user is the COO; each department's earliest joiner is a different kind of person."""
    simulate_org_structure(
        default_employee_names=[
            "Ahanu",
            "Birte",
            "Carlota",
            "Dorcas",
            "Eilif",
            "Fenella",
            "Gethin",
            "Hoda",
            "Ihaia",
            "Jovana",
            "Kasimir",
            "Leticia",
            "Modupe",
            "Nuno",
            "Ondine",
            "Pallavi",
        ],
        user_name="Rosalía",
        user_role="COO",
    )
    # setup guideline #1
    friday = get_next_dow("Friday")
    cfo = next(e for e in get_all_employees() if get_employee_profile(e).role == "CFO")

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Ops review",
                attendees=[cfo],
                starts_at=at(friday, 11, 0),
                ends_at=at(friday, 12, 0),
            )
        ]
    )


def evaluate_thank_longest_serving(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Three 15-minute coffees at 14:00, 14:15 and 14:30, one per department veteran (any order)."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 3 or len(changes) != 3:
        raise SolutionError("Incorrect solution")
    friday = get_next_dow("Friday")
    starts = [combine(friday, datetime.time(14, minute)) for minute in (0, 15, 30)]
    if [e.starts_at for e in events] != starts:
        raise SolutionError("Incorrect solution")
    if any(e.ends_at - e.starts_at != datetime.timedelta(minutes=15) for e in events):
        raise SolutionError("Incorrect solution")
    # the earliest joiner of each department, from the profiles (Birte, Jovana, Fenella)
    profiles = [get_employee_profile(e) for e in get_all_employees()]
    expected = set()
    for team in (Team.SalesMarketing, Team.Engineering, Team.Finance):
        dates = sorted((p.joined_date, p.employee_id) for p in profiles if p.team == team)
        if dates[0][0] == dates[1][0]:
            raise RuntimeError("the setup has a tie for the longest-serving person")
        expected.add(dates[0][1])
    people = [[a.employee_id for a in e.attendees or []] for e in events]
    if any(len(p) != 1 for p in people) or {p[0] for p in people} != expected:
        raise SolutionError("Incorrect solution")
