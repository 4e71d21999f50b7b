"""What a tool that stores or deletes a record hands back: a copy that shares nothing stored,
and the deleted record with the lister named when the id is wrong."""

from __future__ import annotations

import pytest

from assistworld.apps.personal import _checks as check
from assistworld.apps.personal._copies import kept
from assistworld.apps.personal.errors import PersonalAppError
from assistworld.apps.personal.records import Contact


def test_kept_stores_the_row_and_returns_a_copy_of_it() -> None:
    table: dict[str, Contact] = {}
    row = Contact(contact_id="contact-1", name="Ada Byron")
    copy = kept(table, "contact-1", row)
    assert table == {"contact-1": row} and copy == row and copy is not row
    changed = kept(table, "contact-1", row.model_copy(update={"name": "Ada Lovelace"}))
    assert list(table) == ["contact-1"] and table["contact-1"].name == changed.name


def test_removed_deletes_by_the_stripped_id_and_names_the_lister_otherwise() -> None:
    row = Contact(contact_id="contact-1", name="Ada Byron")
    table = {"contact-1": row}
    assert check.removed(table, " contact-1 ", "contact", "search_contacts") is row
    assert table == {}
    with pytest.raises(PersonalAppError, match="use search_contacts to find the right id"):
        check.removed(table, "contact-1", "contact", "search_contacts")
