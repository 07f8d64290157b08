"""Exact odds per outcome band (issue 28 item 4; docs/notation.md §Bands): the distribution's
integer counts gathered by :class:`tirada.systems.bands.Bands`."""

from __future__ import annotations

from typing import Mapping

from ..systems.bands import Bands
from .dist import prob

__all__ = ["band_odds"]


def band_odds(bands: Bands, counts: Mapping[int, int], den: int) -> list:
    """Exact odds per band from a distribution's integer ``counts`` (total → ways) over ``den`` > 0.

    Returns:
        ``[{"label", "lo", "hi", "p": {"p": float, "exact"?: "n/d"}}]`` lowest first (``lo``/``hi``
        ``None`` where the band is open); with a cut-off (explosions, rerolls) the rows sum to
        1 − cut-off, as the distribution's rows do.
    """
    ways = [0] * len(bands.labels)
    for total, n in counts.items():
        ways[bands.index_of(total)] += n
    return [{"label": b.label, "lo": b.lo, "hi": b.hi, "p": prob(w, den)} for b, w in zip(bands.bands(), ways)]
