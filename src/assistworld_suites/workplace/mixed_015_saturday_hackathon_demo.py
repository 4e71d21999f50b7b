"""Assistant, invite the whole Engineering team to the hackathon demo on Saturday 6 July, 11 AM to 1 PM."""  # noqa: E501

QUERY_ID = "mixed_015_saturday_hackathon_demo"
CATEGORY = "policy-following"
TAGS = ["weekend-explicit-date", "get_employee_profile", "team-attribute", "add_event"]

if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def invite_engineering_to_hackathon_demo():
    """Book Saturday 6 July 11:00-13:00 with everyone in Engineering."""
    # Employee has no team field: read it from each profile
    engineers = [e for e in get_all_employees() if get_employee_profile(e).team == Team.Engineering]
    if not engineers:
        raise RequiresUserInput("I couldn't find anyone in the Engineering team.")
    # the user named the date, so the weekend policy does not apply
    demo_day = date_by_mdy(month=7, day=6)
    add_event(
        Event(
            subject="Hackathon demo",
            attendees=engineers,
            starts_at=combine(demo_day, time_by_hm(11, 0, "am")),
            ends_at=combine(demo_day, time_by_hm(1, 0, "pm")),
        )
    )


def setup_env_invite_engineering_to_hackathon_demo():
    """The user (Lucan) is in Sales and Marketing; Engineering has five people on two levels."""
    simulate_org_structure(
        default_employee_names=[
            "Amani",
            "Bjorn",
            "Carys",
            "Dovid",
            "Elif",
            "Farai",
            "Gaia",
            "Hideo",
            "Ilari",
            "Jamila",
        ],
        user_name="Lucan",
        user_team=Team.SalesMarketing,
        teams_to_extend={Team.Engineering: ["Mirembe", "Nils", "Oyelaran"]},
    )
    # setup guideline #4
    bjorn, carys, jamila = (find_employee(n)[0] for n in ("Bjorn", "Carys", "Jamila"))
    # setup guideline #1
    friday = get_next_dow("Friday", after=date_by_mdy(month=7, day=1))

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Pipeline review",
                attendees=[bjorn, carys],
                starts_at=at(friday, 11, 0),
                ends_at=at(friday, 12, 0),
            ),
            Event(
                subject="Hackathon judging prep",
                attendees=[jamila],
                starts_at=at(friday, 15, 0),
                ends_at=at(friday, 15, 30),
            ),
        ]
    )


def evaluate_invite_engineering_to_hackathon_demo(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """One event on Saturday 2024-07-06 11:00-13:00 with exactly the five engineers."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    if event.starts_at != datetime.datetime(2024, 7, 6, 11, 0):
        raise SolutionError("Incorrect solution")
    if event.ends_at != datetime.datetime(2024, 7, 6, 13, 0):
        raise SolutionError("Incorrect solution")
    engineers = sorted(
        e.employee_id
        for e in get_all_employees()
        if get_employee_profile(e).team == Team.Engineering
    )
    if len(engineers) != 5:
        raise SolutionError("Incorrect solution")
    if sorted(a.employee_id for a in event.attendees or []) != engineers:
        raise SolutionError("Incorrect solution")
    if event.repeats is not None:
        raise SolutionError("Incorrect solution")
