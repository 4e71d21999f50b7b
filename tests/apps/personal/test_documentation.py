"""The personal library renders for prompts like the workplace one."""

from __future__ import annotations

from assistworld.apps.personal import library_modules, namespace, toolset
from tests.apps.personal._cases import PAPER_TOOLS


def test_the_documentation_shows_every_tool_record_and_error() -> None:
    text = toolset().documentation()
    for name in PAPER_TOOLS:
        assert f"def {name}(" in text
    for name in ("class Contact(", "class Email(", "class ChatMessage(", "PersonalAppError"):
        assert name in text
    assert "Annotated" not in text and "FieldInfo" not in text
    assert "send_message(text: str, recipients: list[str] | None = None" in text


def test_the_planner_text_groups_the_tools_by_app() -> None:
    text = toolset().planner_text()
    apps = [line[3:] for line in text.splitlines() if line.startswith("## ")]
    assert apps == ["contacts", "calendar", "email", "messages", "whatsapp", "phone"]


def test_a_programs_namespace_holds_the_tools_records_and_errors() -> None:
    names = namespace()
    assert set(PAPER_TOOLS) <= set(names)
    assert {"Contact", "Email", "PersonalAppError", "RecordNotFoundError", "datetime"} <= set(names)
    assert library_modules()[0].__name__.endswith("contacts")
