"""Every failure class of every paradigm has a colour of its own in the report's plots and
badges: two classes drawn in the same grey cannot be told apart in a stacked bar."""

from __future__ import annotations

import pytest

from assistworld.core.registry import get_paradigm, paradigm_names
from assistworld.report.plots import failure_colour

FALLBACK = failure_colour("no class has this name")


@pytest.mark.parametrize("name", paradigm_names())
def test_each_failure_class_of_a_paradigm_has_its_own_colour(name: str) -> None:
    paradigm = get_paradigm(name)
    own = paradigm.report.failure_colours
    colours = {outcome: failure_colour(outcome, own) for outcome in paradigm.outcome_classes}
    grey = sorted(outcome for outcome, colour in colours.items() if colour == FALLBACK)
    assert not grey, f"{name}: {', '.join(grey)} drawn in the fallback grey"
    assert len(set(colours.values())) == len(colours), f"{name}: two classes share a colour"
