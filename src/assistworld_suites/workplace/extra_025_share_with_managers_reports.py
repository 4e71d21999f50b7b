"""Assistant, I'm covering for my manager while they're away. Share my calendar with everyone who reports to them, apart from me of course."""  # noqa: E501

QUERY_ID = "extra_025_share_with_managers_reports"
CATEGORY = "org-structure"
TAGS = ["find_manager_of", "find_reports_of", "share_calendar", "get_current_user"]

if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def share_calendar_with_managers_reports():
    """Share my calendar with my manager's direct reports, except me."""
    me = get_current_user()
    manager = find_manager_of(me)
    if manager is None:
        raise RequiresUserInput("You have no manager in the directory.")
    colleagues = [person for person in find_reports_of(manager) if person != me]
    if not colleagues:
        raise RequiresUserInput("Nobody else reports to your manager.")
    share_calendar(colleagues)


def setup_env_share_calendar_with_managers_reports():
    """The user's manager (Fionn) has four direct reports, one of them a manager with a report;
    the calendar is already shared with Jurgita from Sales.
    """
    simulate_org_structure(
        default_employee_names=[
            "Aroha",
            "Bogdan",
            "Cressida",
            "Dawit",
            "Esperanza",
            "Fionn",
            "Gwen",
            "Hyacinth",
            "Ismail",
            "Jurgita",
        ],
        user_name="Kirra",
        user_team=Team.Finance,
        teams_to_extend={Team.Finance: ["Lorcan", "Mireille", "Nandi"]},
    )
    # setup guideline #4
    share_calendar([find_employee("Jurgita")[0]])


def evaluate_share_calendar_with_managers_reports(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Shared with Bogdan, Lorcan and Nandi (not Mireille, who reports to Nandi), plus Jurgita."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    if changes.tables() != {"calendar_shared_with"} or len(changes) != 3:
        raise SolutionError("Incorrect solution")
    assert_user_calendar_shared(
        [find_employee(name)[0] for name in ("Jurgita", "Bogdan", "Lorcan", "Nandi")]
    )
