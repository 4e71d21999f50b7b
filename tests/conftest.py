"""Test-wide settings: property tests draw the same examples on every run and every machine,
and are never failed for taking long (the machines are shared: bench/ measures speed)."""

from collections.abc import Iterator

import pytest
from hypothesis import settings

from assistworld.core.derived_cache import DERIVED_DIR_ENV

settings.register_profile("deterministic", derandomize=True, print_blob=True, deadline=None)
settings.load_profile("deterministic")


@pytest.fixture(autouse=True, scope="session")
def _derived_cache_in_a_temporary_folder(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[None]:
    """Parsed tasks and measures are cached under a folder of the test session, not the home."""
    folder = tmp_path_factory.mktemp("derived")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(DERIVED_DIR_ENV, str(folder))
        yield
