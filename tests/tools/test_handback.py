"""One hand-back base for every family's ``RequiresUserInput``, invisible in their documentation."""

from __future__ import annotations

import pickle

import pytest

from assistworld.apps import personal, workplace
from assistworld.apps.personal.errors import RequiresUserInput as PersonalHandBack
from assistworld.apps.workplace.exceptions import RequiresUserInput as WorkplaceHandBack
from assistworld.docs import render_library
from assistworld.tools.handback import HandBack


@pytest.mark.parametrize("cls", [WorkplaceHandBack, PersonalHandBack])
def test_each_familys_hand_back_is_caught_as_the_base(cls: type[Exception]) -> None:
    with pytest.raises(HandBack, match="which one"):
        raise cls("which one?")
    assert issubclass(cls, Exception)


@pytest.mark.parametrize("cls", [WorkplaceHandBack, PersonalHandBack])
def test_a_hand_back_pickles_as_its_familys_class(cls: type[Exception]) -> None:
    copy = pickle.loads(pickle.dumps(cls("which one?")))
    assert type(copy) is cls and str(copy) == "which one?"


def test_the_documentation_shows_exception_as_the_base() -> None:
    for family in (workplace, personal):
        text = render_library(family.library_modules())
        assert "class RequiresUserInput(Exception):" in text
        assert "HandBack" not in text
