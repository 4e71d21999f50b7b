"""A tiny repository copy in the published layout, written by us (no published record or code):
two apps as classes with literal descriptions, and test files holding every known defect."""

from __future__ import annotations

import json
from pathlib import Path

APP_MODULE = """
class Lodging:
    def __init__(self):
        self.desc = {
            "desc": "rooms to stay in",
            "base_required_arguments": {},
            "APIs": {
                "findroom": {
                    "desc": "look for a room",
                    "is_transactional": False,
                    "additional_required_arguments": {"town (str)": "where"},
                    "optional_arguments": {"guests (int)": "how many"},
                    "result_arguments": {"room_name (str)": "its name", "town (str)": "where"},
                },
                "bookroom": {
                    "desc": "book a room",
                    "is_transactional": True,
                    "additional_required_arguments": {
                        "room_name (str)": "which",
                        "day (date)": "when",
                    },
                    "optional_arguments": {},
                    "result_arguments": {"booking (str)": "reference"},
                },
            },
        }

    def findroom(self, town):
        raise SystemExit("never run")


class Forecast:
    def __init__(self):
        self.desc = {"desc": "weather", "base_required_arguments": {"town (str)": "where"},
                     "APIs": {"getforecast": {"desc": "forecast", "is_transactional": False,
                              "additional_required_arguments": {}, "optional_arguments": {},
                              "result_arguments": {"sky (str)": "sky"}}}}
"""

PHONE_MODULE = """
import os
os.system("echo this module must never run")

class Phone:
    def __init__(self):
        self.desc = {"Apps": self.listing, "APIs": {}}
        self.app_list = ["Lodging", "Forecast"]
"""


def _record(
    text: str, apps: list[str], calls: list[str], user: dict[str, str]
) -> dict[str, object]:
    return {
        "input": text,
        "output": {
            "used_app": apps,
            "used_api": [{"x": {}} for _ in calls],
            "result_arguments": [[] for _ in calls],
            "api_results": calls,
            "middle_arguments": [],
            "user_aware_arguments": user,
        },
    }


SS = [
    _record(
        "Find a room in Lumen.",
        ["Lodging"],
        ["room_name, town = findroom(#town='Lumen')"],
        {"town": "Lumen"},
    ),
    _record(
        "What sky over Vell?", ["Forecast"], ["sky = getforecast(#town='Vell')"], {"town": "Vell"}
    ),
    _record(
        "Find a room in Lumen.",
        ["Lodging"],
        ["room_name = findroom(#town='Lumen', #pets='yes')"],
        {},
    ),
    _record(
        "Room in Port Ash, North.",
        ["Lodging", "Lodging"],
        ["room_name = findroom(#town='Port Ash, North')"],
        {},
    ),
    "not a record",
    _record("", ["Lodging"], [], {}),
]
SM = [
    _record(
        "Book the room Anna's Loft on Monday.",
        ["Lodging", "Lodging"],
        [
            "room_name, town = findroom(#town='Lumen')",
            "booking = bookroom(#room_name=room_name, #day=monday_date)",
        ],
        {"day": "2019-03-04"},
    ),
    _record("Quote trouble.", ["Lodging"], ["room_name = findroom(#town='Anna's Loft')"], {}),
]


def write_copy(root: Path) -> Path:
    """Write the copy under ``root`` and return it."""
    apps = root / "code" / "apps"
    apps.mkdir(parents=True)
    (apps / "lodging.py").write_text(APP_MODULE, encoding="utf-8")
    (apps / "phone.py").write_text(PHONE_MODULE, encoding="utf-8")
    (apps / "broken.py").write_text("class Nope(:\n", encoding="utf-8")
    data = root / "data" / "test"
    data.mkdir(parents=True)
    (data / "test_ss.json").write_text(json.dumps(SS), encoding="utf-8")
    (data / "test_sm.json").write_text(json.dumps(SM), encoding="utf-8")
    return root
