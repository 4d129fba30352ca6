"""Statistics for tournaments between computer players (any game): win rates with their
Wilson interval, means with their standard error, margins paired by deal.

>>> [round(x, 3) for x in wilson(60, 100)]
[0.502, 0.691]
>>> mean_se([1.0, 2.0, 3.0])
(2.0, 0.5773502691896258)
>>> paired([(7, 2.0), (7, 4.0), (8, -1.0)])
[3.0, -1.0]
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Sequence


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95 % Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_se(values: Sequence[float]) -> tuple[float, float]:
    """Mean and its standard error."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0
    mean = statistics.fmean(values)
    return mean, (statistics.stdev(values) / math.sqrt(n) if n > 1 else 0.0)


def paired(margins: Iterable[tuple[int, float]]) -> list[float]:
    """Per deal seed, the mean of the margins played on it (seat orders of one deal paired,
    so the deal's luck cancels out), from ``(seed, margin)`` pairs."""
    by_seed: dict[int, list[float]] = {}
    for seed, margin in margins:
        by_seed.setdefault(seed, []).append(margin)
    return [statistics.fmean(v) for v in by_seed.values()]
