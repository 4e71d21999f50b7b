"""Assistant, next Monday's meetings are exactly how I want Mondays to look. Copy each of them to the Monday after, same times and same people, but skip any copy that would clash with something already booked that day."""  # noqa: E501

QUERY_ID = "solve_013_copy_monday_template"
CATEGORY = "problem-solving"
TAGS = ["find_events", "copy-events", "intervals_overlap", "get_next_dow", "add_event"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def copy_monday_template():
    """Copy next Monday's meetings a week later unless the copy clashes with that day's calendar."""
    monday = get_next_dow("Monday")
    following_monday = get_next_dow("Monday", after=monday)
    week = Duration(7, TimeUnits.Days)
    upcoming = find_events()
    templates = [e for e in upcoming if e.starts_at.date() == monday]
    # only meetings already booked on the following Monday can be clashed with
    booked = [e for e in upcoming if e.starts_at.date() == following_monday]
    for template in templates:
        starts_at = modify(template.starts_at, week, operator=DateTimeClauseOperators.add)
        ends_at = modify(template.ends_at, week, operator=DateTimeClauseOperators.add)
        slot = TimeInterval(starts_at, ends_at)
        if any(intervals_overlap(TimeInterval(e.starts_at, e.ends_at), slot) for e in booked):
            continue
        add_event(
            Event(
                subject=template.subject,
                attendees=template.attendees,
                optional_attendees=template.optional_attendees,
                location=template.location,
                event_importance=template.event_importance,
                starts_at=starts_at,
                ends_at=ends_at,
            )
        )


def setup_env_copy_monday_template():
    """Next Monday: four meetings. A week on: 11:30 blocks one copy, 14:30 only touches one."""
    simulate_org_structure(
        default_employee_names=[
            "Assefa",
            "Brenna",
            "Ciro",
            "Dilnoza",
            "Ekow",
            "Frederikke",
            "Gwion",
            "Hatice",
            "Ivo",
            "Jahnavi",
            "Kelechi",
            "Liuba",
        ],
        user_name="Marama",
    )
    # setup guideline #4
    assefa, brenna, ciro, dilnoza, ekow, frederikke, gwion = (
        find_employee(name)[0]
        for name in ("Assefa", "Brenna", "Ciro", "Dilnoza", "Ekow", "Frederikke", "Gwion")
    )
    # setup guideline #1
    monday = get_next_dow("Monday")
    tuesday = get_next_dow("Tuesday", after=monday)
    following_monday = get_next_dow("Monday", after=monday)

    def meeting(subject, people, day, start, end, room=None, importance="normal"):
        return Event(
            subject=subject,
            attendees=people,
            starts_at=combine(day, datetime.time(*start)),
            ends_at=combine(day, datetime.time(*end)),
            location=room,
            event_importance=importance,
        )

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            meeting("Week kickoff", [assefa, brenna], monday, (9, 30), (10, 0), "Kauri"),
            meeting("Pipeline review", [ciro, dilnoza], monday, (11, 0), (12, 0)),
            meeting("Mentoring", [ekow], monday, (14, 0), (14, 30), importance="high"),
            meeting("Hiring sync", [frederikke], monday, (16, 0), (17, 0)),
            meeting("Roadmap", [gwion], tuesday, (10, 0), (11, 0)),
            meeting("Quarterly goals", [assefa], following_monday, (11, 30), (12, 30)),
            meeting("Supplier call", [brenna], following_monday, (14, 30), (15, 0)),
        ]
    )


def evaluate_copy_monday_template(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Copies of the 9:30, 14:00 and 16:00 meetings a week later; the 11:00 one is skipped."""
    setup_function()
    monday = get_next_dow("Monday")

    def shape(event):
        # testing guideline #3: subjects are not compared; people are compared by id. The request
        # names times and people only, so a copy may keep or drop the room and the importance
        people = tuple(sorted(a.employee_id for a in event.attendees or []))
        return (event.starts_at, event.ends_at, people)

    templates = [shape(e) for e in find_events() if e.starts_at.date() == monday]
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    added = added_user_events(changes)
    if len(added) != len(changes):  # nothing but new events
        raise SolutionError("Incorrect solution")
    week = datetime.timedelta(days=7)
    skipped = datetime.datetime.combine(monday, datetime.time(11, 0))
    expected = [
        (start + week, end + week, people) for start, end, people in templates if start != skipped
    ]
    if sorted(map(shape, added), key=repr) != sorted(expected, key=repr):
        raise SolutionError("Incorrect solution")
