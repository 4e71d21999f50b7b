"""Assistant, which of my meetings this week has the most people in it?"""

QUERY_ID = "answer_008_most_people_this_week"
CATEGORY = "multi-answer-questions"
TAGS = ["information-seeking", "find_events", "optional_attendees", "this_week_dates", "max"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def most_people_this_week() -> Event:
    """This week's meeting with the most attendees (optional invitees left out)."""
    week = this_week_dates()
    meetings = [
        e for e in find_past_events() + find_events() if week[0] <= e.starts_at.date() <= week[-1]
    ]
    if not meetings:
        raise RequiresUserInput("You have no meetings this week.")
    return max(meetings, key=lambda e: len(e.attendees or []))


def setup_env_most_people_this_week():
    """Thursday has 5 attendees; Friday has 3 plus 4 optional; next Monday has 8 (not this week)."""
    simulate_org_structure(
        default_employee_names=[
            "Akosua",
            "Bruna",
            "Cillian",
            "Darya",
            "Eero",
            "Fen",
            "Gabriel",
            "Huong",
            "Inti",
            "Jazmin",
            "Kaan",
            "Lavinia",
        ],
        user_name="Mirko",
    )
    # setup guideline #4
    people = {name: find_employee(name)[0] for name in ("Akosua", "Bruna", "Cillian", "Darya")}
    people.update({name: find_employee(name)[0] for name in ("Eero", "Fen", "Gabriel", "Huong")})
    people.update({name: find_employee(name)[0] for name in ("Inti", "Jazmin")})

    def group(*names):
        return [people[n] for n in names]

    # setup guideline #1
    yesterday = parse_date_string(DateExpressions.Yesterday)
    today = parse_date_string(DateExpressions.Today)
    thursday = get_next_dow("Thursday")
    friday = get_next_dow("Friday")
    next_monday = get_next_dow("Monday")
    last_friday = get_prev_dow("Friday")

    def meeting(subject, attendees, day, start, end, optional=None):
        return Event(
            subject=subject,
            attendees=attendees,
            optional_attendees=optional,
            starts_at=combine(day, datetime.time(*start)),
            ends_at=combine(day, datetime.time(*end)),
        )

    # setup guidelines #2 and #3: last Friday and yesterday are past, the rest upcoming
    simulate_user_calendar(
        [
            meeting(
                "Kick-off",
                group("Akosua", "Bruna", "Cillian", "Darya", "Eero", "Fen", "Gabriel"),
                last_friday,
                (10, 0),
                (11, 0),
            ),
            meeting(
                "Weekly sync", group("Akosua", "Bruna", "Cillian"), yesterday, (10, 0), (11, 0)
            ),
            meeting("Design crit", group("Darya", "Eero"), today, (14, 0), (15, 0)),
            meeting(
                "Launch review",
                group("Akosua", "Fen", "Gabriel", "Huong", "Inti"),
                thursday,
                (11, 0),
                (12, 0),
            ),
            meeting(
                "Demo day",
                group("Bruna", "Cillian", "Jazmin"),
                friday,
                (15, 0),
                (16, 0),
                group("Darya", "Eero", "Fen", "Gabriel"),
            ),
            meeting(
                "All hands",
                group("Akosua", "Bruna", "Cillian", "Darya", "Eero", "Fen", "Gabriel", "Huong"),
                next_monday,
                (10, 0),
                (11, 0),
            ),
        ]
    )


def evaluate_most_people_this_week(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Thursday's launch review (5 attendees), or Friday's demo day (7 with optional invitees)."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    thursday, friday = get_next_dow("Thursday"), get_next_dow("Friday")
    starts = {
        datetime.datetime.combine(thursday, datetime.time(11, 0)),
        datetime.datetime.combine(friday, datetime.time(15, 0)),
    }
    acceptable = [e for e in find_events() if e.starts_at in starts]
    # testing guideline #2: the Event, its start, its stored subject or its description
    if isinstance(result, list | tuple) and len(result) == 1:
        result = result[0]
    if isinstance(result, Event):
        correct = result.event_id in {e.event_id for e in acceptable}
    elif isinstance(result, datetime.datetime):
        correct = result in starts
    elif isinstance(result, str):
        text = result.strip().casefold()
        correct = any(text in {e.subject.casefold(), str(e).casefold()} for e in acceptable)
    else:
        correct = False
    if not correct:
        raise SolutionError("Incorrect solution")
