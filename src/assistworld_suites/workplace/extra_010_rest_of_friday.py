"""Assistant, what's still on my calendar for the rest of today?"""

QUERY_ID = "extra_010_rest_of_friday"
CATEGORY = "multi-answer-questions"
TAGS = [
    "information-seeking",
    "find_events",
    "now_",
    "friday-afternoon",
    "ongoing-meeting",
    "contrast-set",
]
NOW = "2024-07-12T15:20"

if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def rest_of_today() -> list[Event]:
    """The meetings that start later today."""
    today = now_().date()
    return [e for e in find_events() if e.starts_at.date() == today]


def setup_env_rest_of_today():
    """Friday 15:20: a morning meeting done, one running until 15:45, two more before 17:10."""
    simulate_org_structure(
        default_employee_names=["Eero", "Makana", "Ruslan", "Adwoa", "Inés", "Kwan"],
        user_name="Philippa",
    )
    # setup guideline #4
    eero, makana, ruslan, adwoa = (
        find_employee(name)[0] for name in ("Eero", "Makana", "Ruslan", "Adwoa")
    )
    # setup guideline #1
    today = now_().date()
    monday = get_next_dow("Monday")

    def meeting(day, start, end, people, subject):
        return Event(
            subject=subject,
            attendees=people,
            starts_at=combine(day, datetime.time(*start)),
            ends_at=combine(day, datetime.time(*end)),
        )

    # setup guidelines #2 and #3: past, ongoing and upcoming meetings
    simulate_user_calendar(
        [
            meeting(today, (9, 30), (10, 0), [eero], "Weekly priorities"),
            meeting(today, (15, 0), (15, 45), [makana, ruslan], "Release go/no-go"),
            meeting(today, (16, 0), (16, 30), [adwoa], "Candidate debrief"),
            meeting(today, (16, 45), (17, 0), [eero, adwoa], "Week wrap-up"),
            meeting(monday, (9, 30), (10, 0), [ruslan], "Monday planning"),
        ]
    )


def evaluate_rest_of_today(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """The 16:00 and 16:45 meetings; the one under way (15:00-15:45) may be listed too."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    today = datetime.date(2024, 7, 12)
    later = {datetime.datetime.combine(today, datetime.time(*t)) for t in ((16, 0), (16, 45))}
    ongoing = datetime.datetime.combine(today, datetime.time(15, 0))
    rows = before.user_calendar
    # testing guideline #2: Events, their ids or their start times, in any order
    if not isinstance(result, list | tuple | set):
        raise SolutionError("Incorrect solution")
    starts = []
    for item in result:
        if isinstance(item, Event):
            item = item.starts_at
        elif isinstance(item, str) and item in rows:
            item = rows[item].starts_at
        if not isinstance(item, datetime.datetime):
            raise SolutionError("Incorrect solution")
        starts.append(item)
    if len(set(starts)) != len(starts) or set(starts) not in (later, later | {ongoing}):
        raise SolutionError("Incorrect solution")


def setup_env_rest_of_today_nothing_new():
    """Friday 15:20: only a meeting already under way (until 15:30) is left today."""
    simulate_org_structure(
        default_employee_names=["Eero", "Makana", "Ruslan", "Adwoa", "Inés", "Kwan"],
        user_name="Philippa",
    )
    # setup guideline #4
    eero, makana, ruslan = (find_employee(name)[0] for name in ("Eero", "Makana", "Ruslan"))
    # setup guideline #1
    today = now_().date()
    monday = get_next_dow("Monday")

    def meeting(day, start, end, people, subject):
        return Event(
            subject=subject,
            attendees=people,
            starts_at=combine(day, datetime.time(*start)),
            ends_at=combine(day, datetime.time(*end)),
        )

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            meeting(today, (11, 0), (11, 30), [eero], "Weekly priorities"),
            meeting(today, (15, 0), (15, 30), [makana], "Quick sync"),
            meeting(monday, (9, 30), (10, 0), [ruslan], "Monday planning"),
            meeting(monday, (14, 0), (15, 0), [eero, makana], "Roadmap"),
        ]
    )


def evaluate_rest_of_today_nothing_new(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Nothing starts later today: an empty list, or just the meeting under way."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    ongoing = datetime.datetime(2024, 7, 12, 15, 0)
    rows = before.user_calendar
    # testing guideline #2: Events, their ids or their start times
    if not isinstance(result, list | tuple | set):
        raise SolutionError("Incorrect solution")
    starts = []
    for item in result:
        if isinstance(item, Event):
            item = item.starts_at
        elif isinstance(item, str) and item in rows:
            item = rows[item].starts_at
        starts.append(item)
    if starts not in ([], [ongoing]):
        raise SolutionError("Incorrect solution")
