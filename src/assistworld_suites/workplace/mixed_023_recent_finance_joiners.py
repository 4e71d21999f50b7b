"""Assistant, how many people in Finance joined in the last 30 days?"""

QUERY_ID = "mixed_023_recent_finance_joiners"
CATEGORY = "org-structure"
TAGS = ["information-seeking", "get_employee_profile", "team-attribute", "joined_date", "modify"]

if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def count_recent_finance_joiners() -> int:
    """Count the members of the Finance team whose join date is within the last 30 days."""
    now = now_()
    cutoff = modify(now, Duration(30, TimeUnits.Days), operator=DateTimeClauseOperators.subtract)
    count = 0
    for person in get_all_employees():
        # team and join date live on the profile, not on the Employee object
        profile = get_employee_profile(person)
        if profile.team == Team.Finance and cutoff.date() <= profile.joined_date <= now.date():
            count += 1
    return count


def setup_env_count_recent_finance_joiners():
    """Finance: Feng (27 May), Olivér (10 June) and Lorcan (21 June) are recent; Mthunzi and
    Nayeli joined on 22 May, just over 30 days ago; Horace and Parisa are veterans. Recent hires
    elsewhere (an assistant, a Sales member) do not count.
    """
    simulate_org_structure(
        default_employee_names=[
            "Amara",
            "Bautista",
            "Chloé",
            "Dmitri",
            "Eleni",
            "Feng",
            "Guadalupe",
            "Hamza",
            "Ieva",
            "Jiho",
        ],
        user_name="Kaveh",
        teams_to_extend={Team.Finance: ["Lorcan", "Mthunzi", "Nayeli", "Olivér", "Parisa"]},
    )


def evaluate_count_recent_finance_joiners(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Three people (Feng, Lorcan, Olivér); nothing changes."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    expected = {"feng", "lorcan", "olivér"}
    # testing guideline #2: a count, or the people themselves (as employees or names)
    if isinstance(result, bool):
        raise SolutionError("Incorrect solution")
    if isinstance(result, int | float):
        if result != 3:
            raise SolutionError("Incorrect solution")
        return
    if not isinstance(result, list | tuple | set) or len(result) != 3:
        raise SolutionError("Incorrect solution")
    names = set()
    for item in result:
        if isinstance(item, Employee | EmployeeDetails):
            names.add(item.name.casefold())
        elif isinstance(item, str):
            names.add(item.strip().casefold())
        else:
            raise SolutionError("Incorrect solution")
    if names != expected:
        raise SolutionError("Incorrect solution")
