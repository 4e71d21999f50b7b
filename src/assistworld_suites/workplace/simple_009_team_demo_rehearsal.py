"""Assistant, invite my whole team to a demo rehearsal next Monday from 3 to 3:45."""

QUERY_ID = "simple_009_team_demo_rehearsal"
CATEGORY = "simple-scheduling"
TAGS = ["add_event", "find_team_of", "get_current_user", "get_next_dow"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def team_demo_rehearsal_next_monday():
    """Invite everyone in my team (manager included) to a rehearsal next Monday 3:00-3:45 PM."""
    me = get_current_user()
    team = find_team_of(me)
    monday = get_next_dow("Monday")
    starts_at = combine(monday, time_by_hm(3, 0, "pm"))
    ends_at = combine(monday, time_by_hm(3, 45, "pm"))
    add_event(Event(subject="Demo rehearsal", attendees=team, starts_at=starts_at, ends_at=ends_at))


def setup_env_team_demo_rehearsal_next_monday():
    """The user's Engineering team has several levels; other teams exist; Monday has a meeting."""
    simulate_org_structure(
        default_employee_names=["Camille", "Piotr", "Anya", "Olek", "Wiremu", "Lucia", "Emeka"],
        user_team=Team.Engineering,
        teams_to_extend={Team.Engineering: ["Desmond", "Abebe", "Kalani"]},
    )
    camille = find_employee("Camille")[0]  # setup guideline #4
    # setup guideline #1
    monday = get_next_dow("Monday")
    start = datetime.datetime.combine(monday, datetime.time(10, 0))
    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Planning",
                attendees=[camille],
                starts_at=start,
                ends_at=start + datetime.timedelta(minutes=60),
            )
        ]
    )


def evaluate_team_demo_rehearsal_next_monday(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """One new event next Monday 15:00-15:45 whose attendees are exactly the user's team."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    monday = get_next_dow("Monday")
    if event.starts_at != datetime.datetime.combine(monday, datetime.time(15, 0)):
        raise SolutionError("Incorrect solution")
    if event.ends_at != datetime.datetime.combine(monday, datetime.time(15, 45)):
        raise SolutionError("Incorrect solution")
    # testing guideline #1: compare by id; the user is never stored as an attendee.
    # testing guideline #2: "my team" is the directory's team (find_team_of) or, read narrowly,
    # my manager and the people reporting to them (the team has a second level under Kalani)
    me = get_current_user()
    whole_team = {e.employee_id for e in find_team_of(me)}
    manager = find_manager_of(me)
    immediate = {manager.employee_id} | {
        e.employee_id for e in find_reports_of(manager) if e.employee_id != me.employee_id
    }
    attendees = [a.employee_id for a in event.attendees or []]
    if len(attendees) != len(set(attendees)) or set(attendees) not in (whole_team, immediate):
        raise SolutionError("Incorrect solution")
