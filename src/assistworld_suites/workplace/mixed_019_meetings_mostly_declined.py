"""Assistant, which of my meetings tomorrow have had more than half of the people I invited decline?"""  # noqa: E501

QUERY_ID = "mixed_019_meetings_mostly_declined"
CATEGORY = "problem-solving"
TAGS = ["information-seeking", "declined_by", "tentative_attendees", "find_events", "filtering"]

if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def meetings_mostly_declined_tomorrow() -> list[Event]:
    """Tomorrow's meetings where those who declined are more than half of everyone invited."""
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    found = []
    for event in find_events():
        if event.starts_at.date() != tomorrow:
            continue
        # attendees are those who accepted: the invitees are every list of people together
        declined = event.declined_by or []
        invited = (event.attendees or []) + (event.tentative_attendees or []) + declined
        if invited and len(declined) * 2 > len(invited):
            found.append(event)
    return found


def setup_env_meetings_mostly_declined_tomorrow():
    """Tomorrow: 2 of 3 declined (yes), 1 of 3 (no), 1 of 2 (no), 2 of 2 (yes), 2 of 6 (no)."""
    simulate_org_structure(
        default_employee_names=[
            "Abebe",
            "Bryndis",
            "Ciaran",
            "Dunya",
            "Efua",
            "Florin",
            "Ghislaine",
            "Hemi",
            "Itzel",
            "Joost",
            "Kasimira",
            "Lwazi",
        ]
    )
    # setup guideline #4
    abebe, bryndis, ciaran, dunya, efua, florin = (
        find_employee(n)[0] for n in ("Abebe", "Bryndis", "Ciaran", "Dunya", "Efua", "Florin")
    )
    # setup guideline #1
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    thursday = get_next_dow("Thursday")

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Pricing workshop",
                attendees=[abebe],
                declined_by=[bryndis, ciaran],
                starts_at=at(tomorrow, 9, 30),
                ends_at=at(tomorrow, 10, 30),
            ),
            Event(
                subject="Onboarding plan",
                attendees=[abebe, dunya],
                declined_by=[efua],
                starts_at=at(tomorrow, 11, 0),
                ends_at=at(tomorrow, 11, 30),
            ),
            Event(
                subject="Tooling chat",
                attendees=[florin],
                declined_by=[dunya],
                starts_at=at(tomorrow, 12, 0),
                ends_at=at(tomorrow, 12, 30),
            ),
            Event(
                subject="Vendor intro",
                declined_by=[ciaran, efua],
                starts_at=at(tomorrow, 14, 0),
                ends_at=at(tomorrow, 14, 45),
            ),
            Event(
                subject="Quarterly kickoff",
                attendees=[abebe, bryndis, florin],
                tentative_attendees=[dunya],
                declined_by=[ciaran, efua],
                starts_at=at(tomorrow, 15, 0),
                ends_at=at(tomorrow, 16, 0),
            ),
            Event(
                subject="Design crit",
                attendees=[florin],
                declined_by=[abebe, bryndis, ciaran],
                starts_at=at(thursday, 10, 0),
                ends_at=at(thursday, 11, 0),
            ),
        ]
    )


def evaluate_meetings_mostly_declined_tomorrow(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Exactly the 9:30 pricing workshop and the 14:00 vendor intro; nothing changes."""
    setup_function()
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    starts = {combine(tomorrow, datetime.time(9, 30)), combine(tomorrow, datetime.time(14, 0))}
    expected = {e.event_id: e for e in find_events() if e.starts_at in starts}
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    # testing guideline #2: Event objects, or the meetings' titles, in any order
    if not isinstance(result, list | tuple | set):
        raise SolutionError("Incorrect solution")
    named = set()
    for item in result:
        if isinstance(item, Event):
            named.add(item.event_id)
        elif isinstance(item, str):
            named.update(k for k, e in expected.items() if e.subject.casefold() in item.casefold())
            if not any(e.subject.casefold() in item.casefold() for e in expected.values()):
                raise SolutionError("Incorrect solution")
        else:
            raise SolutionError("Incorrect solution")
    if len(result) != 2 or named != set(expected):
        raise SolutionError("Incorrect solution")
