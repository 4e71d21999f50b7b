"""Assistant, how many separate half-hour chats could Eshe and I squeeze in on Friday, in the time we're both free?"""  # noqa: E501

QUERY_ID = "mixed_008_half_hour_chats_with_eshe"
CATEGORY = "constrained-scheduling"
TAGS = ["information-seeking", "find_available_slots", "get_calendar", "show-as-free", "counting"]

if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def count_half_hour_chats_with_eshe() -> int:
    """How many whole 30-minute slots fit in the free time Eshe and I share on Friday."""
    # by structure guideline #1
    eshe = find_employee("Eshe")[0]
    friday = get_next_dow("Friday")
    day_start = combine(friday, parse_time_string(TimeExpressions.StartOfWorkDay))
    day_end = combine(friday, parse_time_string(TimeExpressions.EndOfWorkDay))
    both = [
        e
        for e in find_events() + get_calendar(eshe)
        if e.starts_at.date() <= friday <= e.ends_at.date()
    ]
    chats = 0
    # events shown as Free do not block time; each shared gap holds whole half-hours only
    for slot in find_available_slots(both, date=friday):
        start, end = max(slot.start, day_start), min(slot.end, day_end)
        if start < end:
            chats += int(convert(TimeInterval(start, end), TimeUnits.Minutes).number // 30)
    return chats


def setup_env_count_half_hour_chats_with_eshe():
    """Shared gaps on Friday: 24, 60, 115 and 30 minutes (Eshe's 14:00 brown bag is Free)."""
    simulate_org_structure(
        default_employee_names=[
            "Eshe",
            "Anatole",
            "Brigida",
            "Chayton",
            "Delfina",
            "Eluned",
            "Fergus",
            "Gaukhar",
            "Hiroko",
            "Iolanthe",
            "Jabari",
            "Kunle",
        ]
    )
    # setup guideline #4
    eshe, anatole, brigida, chayton = (
        find_employee(n)[0] for n in ("Eshe", "Anatole", "Brigida", "Chayton")
    )
    # setup guideline #1
    thursday = get_next_dow("Thursday")
    friday = get_next_dow("Friday")

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Ops review",
                attendees=[anatole],
                starts_at=at(friday, 9, 30),
                ends_at=at(friday, 10, 15),
            ),
            Event(
                subject="Lunch",
                starts_at=at(friday, 12, 0),
                ends_at=at(friday, 13, 0),
            ),
            Event(
                subject="Customer call",
                attendees=[brigida],
                starts_at=at(friday, 15, 40),
                ends_at=at(friday, 16, 20),
            ),
            Event(
                subject="Roadmap",
                attendees=[eshe, chayton],
                starts_at=at(thursday, 11, 0),
                ends_at=at(thursday, 12, 0),
            ),
        ]
    )
    simulate_employee_calendar(
        eshe,
        [
            Event(
                subject="Hiring panel",
                starts_at=at(friday, 10, 15),
                ends_at=at(friday, 11, 0),
            ),
            Event(
                subject="Vendor onboarding",
                attendees=[chayton],
                starts_at=at(friday, 13, 0),
                ends_at=at(friday, 13, 45),
            ),
            Event(
                subject="Brown bag (optional)",
                starts_at=at(friday, 14, 0),
                ends_at=at(friday, 15, 0),
                show_as_status=ShowAsStatus.Free,
            ),
            Event(
                subject="Weekly wrap",
                starts_at=at(friday, 16, 50),
                ends_at=at(friday, 17, 10),
            ),
        ],
    )


def evaluate_count_half_hour_chats_with_eshe(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """0 + 2 + 3 + 1 = 6 half-hour chats; nothing in the world changes."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    # testing guideline #2: a number, or the list of the half-hour slots themselves
    if isinstance(result, bool):
        raise SolutionError("Incorrect solution")
    if isinstance(result, int | float):
        if result != 6:
            raise SolutionError("Incorrect solution")
        return
    if not isinstance(result, list | tuple) or len(result) != 6:
        raise SolutionError("Incorrect solution")
