"""The Inspect tasks' tests need the optional extra (``pip install -e ".[inspect]"``)."""

import pytest

pytest.importorskip("inspect_ai")
