"""Assistant, move my Friday retro with Ayelet to 3 PM. If 3 is already taken, make it 4 instead."""

QUERY_ID = "policy_009_move_retro_with_fallback"
CATEGORY = "policy-following"
TAGS = [
    "reschedule",
    "no-double-booking",
    "fallback-time",
    "intervals_overlap",
    "RequiresUserInput",
]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def move_friday_retro():
    """Move Friday's retro with Ayelet to 15:00, or to 16:00 if 15:00 clashes."""
    # by structure guideline #1
    ayelet = find_employee("Ayelet")[0]
    friday = get_next_dow("Friday")
    retros = [
        e
        for e in find_events(subject="retro")
        if e.starts_at.date() == friday and ayelet in (e.attendees or [])
    ]
    if not retros:
        raise RequiresUserInput("There is no retro with Ayelet on Friday.")
    if len(retros) > 1:
        raise RequiresUserInput(f"{len(retros)} retros with Ayelet on Friday; which one?")
    retro = retros[0]
    others = [e for e in find_events() if e.event_id != retro.event_id]

    def is_free(starts_at: datetime.datetime) -> bool:
        wanted = TimeInterval(
            starts_at, modify(starts_at, retro.duration, operator=DateTimeClauseOperators.add)
        )
        return not any(
            intervals_overlap(TimeInterval(e.starts_at, e.ends_at), wanted) for e in others
        )

    for hour in (3, 4):
        starts_at = combine(friday, time_by_hm(hour, 0, "pm"))
        if is_free(starts_at):
            retro.ends_at = modify(starts_at, retro.duration, operator=DateTimeClauseOperators.add)
            retro.starts_at = starts_at
            add_event(retro)
            return
    # the user only said what to do if 3 PM is taken
    raise RequiresUserInput("Both 3 PM and 4 PM are taken on Friday; where should the retro go?")


def setup_env_move_friday_retro():
    """Friday: the retro at 11:00-11:45; 15:00-15:45 is free (neighbours only touch it)."""
    simulate_org_structure(
        default_employee_names=[
            "Ayelet",
            "Pavel",
            "Aisling",
            "Bheki",
            "Camila",
            "Dong-hyun",
            "Enzo",
            "Farida",
            "Gerrit",
            "Hinewai",
            "Idris",
            "Jelena",
        ]
    )
    ayelet = find_employee("Ayelet")[0]  # setup guideline #4
    pavel = find_employee("Pavel")[0]
    aisling = find_employee("Aisling")[0]
    # setup guideline #1
    friday = get_next_dow("Friday")
    following_friday = get_next_dow("Friday", after=friday)

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Sprint retro",
                attendees=[pavel, ayelet],
                starts_at=at(friday, 11, 0),
                ends_at=at(friday, 11, 45),
            ),
            Event(
                subject="1:1",
                attendees=[ayelet],
                starts_at=at(friday, 9, 30),
                ends_at=at(friday, 10, 0),
            ),
            Event(
                subject="Hiring debrief",
                attendees=[aisling],
                starts_at=at(friday, 14, 0),
                ends_at=at(friday, 15, 0),
            ),
            Event(subject="Ops handover", starts_at=at(friday, 15, 45), ends_at=at(friday, 16, 30)),
            Event(
                subject="Sprint retro",
                attendees=[pavel, ayelet],
                starts_at=at(following_friday, 11, 0),
                ends_at=at(following_friday, 11, 45),
            ),
        ]
    )


def evaluate_move_friday_retro(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """This Friday's retro now runs 15:00-15:45, same people; nothing else changed."""
    setup_function()
    friday = get_next_dow("Friday")
    retro = next(e for e in find_events(subject="Sprint retro") if e.starts_at.date() == friday)
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    expected_start = combine(friday, datetime.time(15, 0))
    moved = retro.model_copy(
        update={
            "starts_at": expected_start,
            "ends_at": expected_start + datetime.timedelta(minutes=45),
        }
    )

    def same_apart_from_id(row: Any) -> bool:
        event = Event.model_validate(row)
        return event.model_copy(update={"event_id": None}) == moved.model_copy(
            update={"event_id": None}
        )

    # either the event was updated in place, or deleted and added again with the new time
    kinds = sorted((c.table, c.kind) for c in changes)
    if kinds == [("user_calendar", "changed")]:
        change = next(iter(changes))
        if change.key != retro.event_id or not same_apart_from_id(change.after):
            raise SolutionError("Incorrect solution")
    elif kinds == [("user_calendar", "added"), ("user_calendar", "removed")]:
        removed = next(iter(changes.in_table("user_calendar", "removed")))
        added = next(iter(changes.in_table("user_calendar", "added")))
        if removed.key != retro.event_id or not same_apart_from_id(added.after):
            raise SolutionError("Incorrect solution")
    else:
        raise SolutionError("Incorrect solution")


def setup_env_move_friday_retro_three_taken():
    """As before, but a budget sync at 15:30-16:00 clashes with 15:00; 16:00 is free."""
    simulate_org_structure(
        default_employee_names=[
            "Ayelet",
            "Pavel",
            "Aisling",
            "Bheki",
            "Camila",
            "Dong-hyun",
            "Enzo",
            "Farida",
            "Gerrit",
            "Hinewai",
            "Idris",
            "Jelena",
        ]
    )
    ayelet = find_employee("Ayelet")[0]  # setup guideline #4
    pavel = find_employee("Pavel")[0]
    aisling = find_employee("Aisling")[0]
    bheki = find_employee("Bheki")[0]
    # setup guideline #1
    friday = get_next_dow("Friday")
    following_friday = get_next_dow("Friday", after=friday)

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Sprint retro",
                attendees=[pavel, ayelet],
                starts_at=at(friday, 11, 0),
                ends_at=at(friday, 11, 45),
            ),
            Event(
                subject="1:1",
                attendees=[ayelet],
                starts_at=at(friday, 9, 30),
                ends_at=at(friday, 10, 0),
            ),
            Event(
                subject="Hiring debrief",
                attendees=[aisling],
                starts_at=at(friday, 14, 0),
                ends_at=at(friday, 15, 0),
            ),
            Event(
                subject="Budget sync",
                attendees=[bheki],
                starts_at=at(friday, 15, 30),
                ends_at=at(friday, 16, 0),
            ),
            Event(subject="Wrap-up", starts_at=at(friday, 16, 45), ends_at=at(friday, 17, 10)),
            Event(
                subject="Sprint retro",
                attendees=[pavel, ayelet],
                starts_at=at(following_friday, 11, 0),
                ends_at=at(following_friday, 11, 45),
            ),
        ]
    )


def evaluate_move_friday_retro_three_taken(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """This Friday's retro now runs 16:00-16:45, same people; nothing else changed."""
    setup_function()
    friday = get_next_dow("Friday")
    retro = next(e for e in find_events(subject="Sprint retro") if e.starts_at.date() == friday)
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    expected_start = combine(friday, datetime.time(16, 0))
    moved = retro.model_copy(
        update={
            "starts_at": expected_start,
            "ends_at": expected_start + datetime.timedelta(minutes=45),
        }
    )

    def same_apart_from_id(row: Any) -> bool:
        event = Event.model_validate(row)
        return event.model_copy(update={"event_id": None}) == moved.model_copy(
            update={"event_id": None}
        )

    # either the event was updated in place, or deleted and added again with the new time
    kinds = sorted((c.table, c.kind) for c in changes)
    if kinds == [("user_calendar", "changed")]:
        change = next(iter(changes))
        if change.key != retro.event_id or not same_apart_from_id(change.after):
            raise SolutionError("Incorrect solution")
    elif kinds == [("user_calendar", "added"), ("user_calendar", "removed")]:
        removed = next(iter(changes.in_table("user_calendar", "removed")))
        added = next(iter(changes.in_table("user_calendar", "added")))
        if removed.key != retro.event_id or not same_apart_from_id(added.after):
            raise SolutionError("Incorrect solution")
    else:
        raise SolutionError("Incorrect solution")


def setup_env_move_friday_retro_both_taken():
    """Both 15:00-15:45 and 16:00-16:45 clash with other meetings."""
    simulate_org_structure(
        default_employee_names=[
            "Ayelet",
            "Pavel",
            "Aisling",
            "Bheki",
            "Camila",
            "Dong-hyun",
            "Enzo",
            "Farida",
            "Gerrit",
            "Hinewai",
            "Idris",
            "Jelena",
        ]
    )
    ayelet = find_employee("Ayelet")[0]  # setup guideline #4
    pavel = find_employee("Pavel")[0]
    bheki = find_employee("Bheki")[0]
    camila = find_employee("Camila")[0]
    # setup guideline #1
    friday = get_next_dow("Friday")

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Sprint retro",
                attendees=[pavel, ayelet],
                starts_at=at(friday, 11, 0),
                ends_at=at(friday, 11, 45),
            ),
            Event(
                subject="Budget sync",
                attendees=[bheki],
                starts_at=at(friday, 15, 30),
                ends_at=at(friday, 16, 0),
            ),
            Event(
                subject="Customer call",
                attendees=[camila],
                starts_at=at(friday, 16, 30),
                ends_at=at(friday, 17, 0),
            ),
        ]
    )


def evaluate_move_friday_retro_both_taken(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Neither time is free and the user gave no rule for that: hand back, change nothing."""
    setup_function()
    before = snapshot_world()
    try:
        executable()
    except RequiresUserInput:
        assert_no_changes_since(before)
        return
    raise SolutionError("Incorrect solution")
