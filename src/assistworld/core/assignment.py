"""The optimal assignment of rows to columns (SciPy's solver), for the scorers that align what an
agent did with what was expected.

``scipy.optimize`` is imported on the first call, not with the scorer: the package pulls in most of
SciPy (0.1 s warm, near a second cold), which commands that never score (``tasks``, ``show``)
should not pay.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt


def optimal_assignment(
    matrix: npt.ArrayLike, *, maximize: bool = False
) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.intp]]:
    """The row and column indices of an assignment with the least total (``maximize``: the
    greatest) weight, as ``scipy.optimize.linear_sum_assignment`` gives them."""
    from scipy.optimize import linear_sum_assignment

    rows: Any
    columns: Any
    rows, columns = linear_sum_assignment(matrix, maximize=maximize)
    return rows, columns
