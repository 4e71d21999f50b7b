"""Assistant, who's coming to the kickoff on Friday?"""

QUERY_ID = "simple_016_friday_kickoff_attendees"
CATEGORY = "simple-scheduling"
TAGS = ["find_events", "attendees", "declined_by", "information-seeking"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def who_is_coming_to_friday_kickoff() -> list[str]:
    """Return the names of the people who accepted Friday's kickoff."""
    friday = get_next_dow("Friday")
    kickoffs = [e for e in find_events(subject="kickoff") if e.starts_at.date() == friday]
    if not kickoffs:
        raise RequiresUserInput("I could not find a kickoff on Friday in your calendar.")
    if len(kickoffs) > 1:
        raise RequiresUserInput(f"There are {len(kickoffs)} kickoffs on Friday; which one?")
    # attendees are the people who accepted; people who declined are listed apart
    return [person.name for person in kickoffs[0].attendees or []]


def setup_env_who_is_coming_to_friday_kickoff():
    """Friday's kickoff: three accepted, one declined; another kickoff next week."""
    simulate_org_structure(
        default_employee_names=["Aleksander", "Mei", "Thandiwe", "Luca", "Sione", "Farah"]
    )
    aleksander = find_employee("Aleksander")[0]  # setup guideline #4
    mei = find_employee("Mei")[0]
    thandiwe = find_employee("Thandiwe")[0]
    luca = find_employee("Luca")[0]
    sione = find_employee("Sione")[0]
    # setup guideline #1
    friday = get_next_dow("Friday")
    next_monday = get_next_dow("Monday")

    def at(day, hour, minute):
        return datetime.datetime.combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Project Atlas kickoff",
                attendees=[thandiwe, aleksander, mei],
                declined_by=[luca],
                starts_at=at(friday, 10, 0),
                ends_at=at(friday, 11, 0),
            ),
            Event(
                subject="Design review",
                attendees=[sione, luca],
                starts_at=at(friday, 14, 0),
                ends_at=at(friday, 15, 0),
            ),
            Event(
                subject="Q3 kickoff",
                attendees=[sione, mei],
                starts_at=at(next_monday, 10, 0),
                ends_at=at(next_monday, 11, 30),
            ),
        ]
    )


def evaluate_who_is_coming_to_friday_kickoff(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Aleksander, Mei and Thandiwe (any order, as names or employees); not Luca, who declined."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    expected = {"Aleksander", "Mei", "Thandiwe"}
    # testing guideline #2: a collection of names or Employee objects, or a sentence naming them
    if isinstance(result, str):
        named = {n for n in expected | {"Luca", "Sione"} if n in result}
        if named != expected:
            raise SolutionError("Incorrect solution")
        return
    if not isinstance(result, list | tuple | set):
        raise SolutionError("Incorrect solution")
    names = [p.name if isinstance(p, Employee) else p for p in result]
    if len(names) != len(expected) or set(names) != expected:
        raise SolutionError("Incorrect solution")
