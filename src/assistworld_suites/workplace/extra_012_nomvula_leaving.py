"""Assistant, Nomvula leaves the company on Friday. From Monday on, cancel my meetings where she's the only other person, and take her off the invite list of the rest."""  # noqa: E501

QUERY_ID = "extra_012_nomvula_leaving"
CATEGORY = "problem-solving"
TAGS = ["find_events", "delete_event", "add_event", "edit-attendees", "leaver"]

if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def tidy_calendar_after_nomvula_leaves():
    """From next Monday: delete one-on-ones with Nomvula, drop her from group meetings."""
    # by structure guideline #1
    nomvula = find_employee("Nomvula")[0]
    monday = get_next_dow("Monday")
    for event in find_events():
        if event.starts_at.date() < monday:
            continue
        people = event.attendees or []
        if nomvula not in people:
            continue
        if len(people) == 1:
            delete_event(event)
        else:
            event.attendees = [p for p in people if p != nomvula]
            add_event(event)


def setup_env_tidy_calendar_after_nomvula_leaves():
    """Meetings with Nomvula before and after her last day, one-on-one and in groups."""
    simulate_org_structure(
        default_employee_names=["Nomvula", "Ishaan", "Malak", "Teuila", "Gregor", "Yoshiro"],
        user_name="Annika",
        user_team=Team.SalesMarketing,
    )
    # setup guideline #4
    nomvula, ishaan, malak, teuila = (
        find_employee(name)[0] for name in ("Nomvula", "Ishaan", "Malak", "Teuila")
    )
    # setup guideline #1
    last_monday = get_prev_dow("Monday")
    thursday = get_next_dow("Thursday")
    friday = get_next_dow("Friday")
    monday = get_next_dow("Monday")
    tuesday = get_next_dow("Tuesday", after=monday)
    following_monday = get_next_dow("Monday", after=monday)
    later_wednesday, later_thursday, later_friday = (
        get_next_dow(name, after=following_monday) for name in ("Wednesday", "Thursday", "Friday")
    )

    def meeting(day, start, end, people, subject):
        return Event(
            subject=subject,
            attendees=people,
            starts_at=combine(day, datetime.time(*start)),
            ends_at=combine(day, datetime.time(*end)),
        )

    # setup guidelines #2 and #3: one past meeting, the rest upcoming
    simulate_user_calendar(
        [
            meeting(last_monday, (10, 0), (10, 30), [nomvula], "1:1 Nomvula"),
            meeting(thursday, (11, 0), (11, 30), [nomvula], "Handover"),
            meeting(friday, (14, 0), (15, 0), [nomvula, ishaan], "Account review"),
            meeting(monday, (10, 0), (10, 30), [nomvula], "1:1 Nomvula"),
            meeting(tuesday, (13, 0), (14, 0), [nomvula, ishaan, malak], "Pipeline"),
            meeting(later_wednesday, (15, 0), (15, 30), [nomvula], "1:1 Nomvula"),
            meeting(later_thursday, (11, 0), (11, 30), [ishaan], "1:1 Ishaan"),
            meeting(later_friday, (9, 30), (10, 0), [nomvula, teuila], "Campaign sync"),
        ]
    )


def evaluate_tidy_calendar_after_nomvula_leaves(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """1 and 10 July one-on-ones gone; Nomvula off the 2 and 12 July meetings; rest untouched."""
    from collections import Counter

    setup_function()
    before = snapshot_world()
    executable()
    if changes_since(before).tables() - {"user_calendar"}:
        raise SolutionError("Incorrect solution")

    def meetings(state):
        # (start, end, attendee ids) of every event, whether edited in place or re-created
        return Counter(
            (row.starts_at, row.ends_at, tuple(sorted(a.employee_id for a in row.attendees or [])))
            for row in state.user_calendar.values()
        )

    def at(month, day, hour, minute):
        return datetime.datetime(2024, month, day, hour, minute)

    def people(*names):
        return tuple(sorted(find_employee(name)[0].employee_id for name in names))

    gone = [
        (at(7, 1, 10, 0), at(7, 1, 10, 30), people("Nomvula")),
        (at(7, 2, 13, 0), at(7, 2, 14, 0), people("Nomvula", "Ishaan", "Malak")),
        (at(7, 10, 15, 0), at(7, 10, 15, 30), people("Nomvula")),
        (at(7, 12, 9, 30), at(7, 12, 10, 0), people("Nomvula", "Teuila")),
    ]
    new_rows = [
        (at(7, 2, 13, 0), at(7, 2, 14, 0), people("Ishaan", "Malak")),
        (at(7, 12, 9, 30), at(7, 12, 10, 0), people("Teuila")),
    ]
    old, new = meetings(before), meetings(snapshot_world())
    if sorted((old - new).elements()) != sorted(gone):
        raise SolutionError("Incorrect solution")
    if sorted((new - old).elements()) != sorted(new_rows):
        raise SolutionError("Incorrect solution")
