"""Run options: a bad value is refused naming its flag; the manifest keeps the recorded fields."""

from __future__ import annotations

from typing import ClassVar

import pytest
from pydantic import Field

from assistworld.core.errors import UserError
from assistworld.core.run_options import RunOptions, RunOptionValueError, flag, validated


class PacedOptions(RunOptions):
    RECORDED: ClassVar[tuple[str, ...]] = ("pace",)

    pace: int = Field(2, ge=1, description="Steps a turn.")
    label: str | None = None


def test_a_field_is_a_flag_with_dashes() -> None:
    assert flag("max_user_turns") == "--max-user-turns"


def test_values_become_the_model_and_other_names_are_left_out() -> None:
    options = validated(PacedOptions, {"pace": 5, "shots": 3, "temperature": 0.5})
    assert (options.pace, options.temperature, options.label) == (5, 0.5, None)


def test_a_bad_value_names_the_flag_the_value_and_the_bound() -> None:
    with pytest.raises(RunOptionValueError) as raised:
        validated(PacedOptions, {"pace": 0, "max_tokens": 0})
    message = str(raised.value)
    assert "--pace 0: Input should be greater than or equal to 1" in message
    assert "--max-tokens 0: Input should be greater than or equal to 1" in message
    assert isinstance(raised.value, UserError)


def test_the_manifest_records_only_the_recorded_fields() -> None:
    assert PacedOptions(pace=4, label="x").recorded() == {"pace": 4}
    assert RunOptions(temperature=0.7).recorded() == {}


def test_the_options_are_frozen_and_refuse_unknown_names() -> None:
    with pytest.raises(ValueError, match="shots"):
        PacedOptions.model_validate({"shots": 1})
