"""Assistant, I'll be 15 minutes late to Thursday's roadmap review, so have it start 15 minutes later but still finish at the same time."""  # noqa: E501

QUERY_ID = "extra_017_start_roadmap_review_later"
CATEGORY = "simple-scheduling"
TAGS = ["find_events", "add_event", "shorten", "modify"]

if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def start_roadmap_review_later():
    """Move the start of Thursday's roadmap review 15 minutes later, keeping its end."""
    thursday = get_next_dow("Thursday")
    reviews = [e for e in find_events(subject="roadmap review") if e.starts_at.date() == thursday]
    if not reviews:
        raise RequiresUserInput("I could not find a roadmap review on Thursday.")
    if len(reviews) > 1:
        raise RequiresUserInput(f"There are {len(reviews)} roadmap reviews on Thursday.")
    review = reviews[0]
    review.starts_at = modify(
        review.starts_at, Duration(15, TimeUnits.Minutes), operator=DateTimeClauseOperators.add
    )
    add_event(review)


def setup_env_start_roadmap_review_later():
    """Thursday's roadmap review 14:00-15:00 in Juniper; next Thursday's one; other meetings."""
    simulate_org_structure(
        default_employee_names=["Paulo", "Oona", "Tariku", "Maximilian", "Ngozi", "Linnea", "Ravi"],
        user_name="Birgit",
        user_team=Team.SalesMarketing,
    )
    # setup guideline #4
    paulo, oona, tariku = (find_employee(name)[0] for name in ("Paulo", "Oona", "Tariku"))
    # setup guideline #1
    thursday = get_next_dow("Thursday")
    next_thursday = get_next_dow("Thursday", after=thursday)

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Roadmap review",
                attendees=[paulo, oona],
                starts_at=at(thursday, 14, 0),
                ends_at=at(thursday, 15, 0),
                location="Juniper",
            ),
            Event(
                subject="Pricing sync",
                attendees=[tariku],
                starts_at=at(thursday, 15, 0),
                ends_at=at(thursday, 15, 30),
            ),
            Event(
                subject="Roadmap review",
                attendees=[paulo, oona],
                starts_at=at(next_thursday, 14, 0),
                ends_at=at(next_thursday, 15, 0),
                location="Juniper",
            ),
        ]
    )


def evaluate_start_roadmap_review_later(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """This Thursday's review now runs 14:15-15:00, same people and room; nothing else changes."""
    from collections import Counter

    setup_function()
    before = snapshot_world()
    executable()
    if changes_since(before).tables() - {"user_calendar"}:
        raise SolutionError("Incorrect solution")

    def meetings(state):
        # (start, end, attendee ids, room) of every event, edited in place or re-created
        return Counter(
            (
                row.starts_at,
                row.ends_at,
                tuple(sorted(a.employee_id for a in row.attendees or [])),
                (row.location or "").casefold(),
            )
            for row in state.user_calendar.values()
        )

    people = tuple(sorted(find_employee(name)[0].employee_id for name in ("Paulo", "Oona")))

    def at(hour, minute):
        return datetime.datetime(2024, 6, 27, hour, minute)

    old, new = meetings(before), meetings(snapshot_world())
    if list((old - new).elements()) != [(at(14, 0), at(15, 0), people, "juniper")]:
        raise SolutionError("Incorrect solution")
    if list((new - old).elements()) != [(at(14, 15), at(15, 0), people, "juniper")]:
        raise SolutionError("Incorrect solution")
