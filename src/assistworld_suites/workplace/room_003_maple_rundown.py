"""Assistant, give me a rundown of when the Maple room is free tomorrow afternoon, from 1 PM on."""

QUERY_ID = "room_003_maple_rundown"
CATEGORY = "room-booking"
TAGS = ["search_conference_room", "summarise_availability", "information-seeking"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def maple_rundown_tomorrow() -> str:
    """A summary of the Maple room's free time tomorrow from 13:00 to the end of the working day."""
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    window = TimeInterval(
        combine(tomorrow, time_by_hm(1, 0, "pm")),
        combine(tomorrow, parse_time_string(TimeExpressions.EndOfWorkDay)),
    )
    schedule = search_conference_room([window])
    # keep only the Maple room's entry (not "Maple Annex")
    return summarise_availability(schedule, room_name="Maple")


def setup_env_maple_rundown_tomorrow():
    """Maple is booked tomorrow 10:00-11:30, 12:30-13:15 and 14:00-15:00; other rooms differ."""
    simulate_org_structure(default_employee_names=["Wiremu", "Esther", "Rafael", "Jae-won"])
    # setup guideline #1
    today = now_().date()
    tomorrow = parse_date_string(DateExpressions.Tomorrow)

    def at(day, hour, minute):
        return datetime.datetime.combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_conference_room(
        "Hawthorn", 6, {tomorrow: [TimeInterval(at(tomorrow, 9, 30), at(tomorrow, 12, 0))]}
    )
    simulate_conference_room(
        "Maple",
        8,
        {
            today: [TimeInterval(at(today, 13, 0), at(today, 16, 0))],
            tomorrow: [
                TimeInterval(at(tomorrow, 10, 0), at(tomorrow, 11, 30)),
                TimeInterval(at(tomorrow, 12, 30), at(tomorrow, 13, 15)),
                TimeInterval(at(tomorrow, 14, 0), at(tomorrow, 15, 0)),
            ],
        },
    )
    simulate_conference_room(
        "Maple Annex", 4, {tomorrow: [TimeInterval(at(tomorrow, 16, 0), at(tomorrow, 17, 0))]}
    )


def evaluate_maple_rundown_tomorrow(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """The summary of Maple's free slots tomorrow from 13:00 (or those slots as intervals).

    No change.
    """
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    tomorrow = parse_date_string(DateExpressions.Tomorrow)

    def at(hour, minute):
        return datetime.datetime.combine(tomorrow, datetime.time(hour, minute))

    # from 13:00: the booking running until 13:15 cuts into the window
    free = [TimeInterval(at(13, 15), at(14, 0)), TimeInterval(at(15, 0), at(17, 10))]
    expected_text = summarise_availability(
        [RoomAvailability(room=ConferenceRoom(room_name="Maple", capacity=8), free_slots=free)]
    )
    # testing guideline #2: the summary text, or the free slots themselves
    if isinstance(result, str):
        ok = result.strip() == expected_text.strip()
    elif isinstance(result, list):
        ok = [tuple(slot) for slot in result] == [tuple(slot) for slot in free]
    else:
        ok = False
    if not ok:
        raise SolutionError("Incorrect solution")
