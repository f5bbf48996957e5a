"""Fantasy Fight Club's play policies (``POLICIES``): how a seeded battle chooses.

The battle has no fixed policy of its own: ``ringside fantasy battle`` draws
every decision uniformly at random from the legal ones, by the battle's seed
(the generic ``random``, which draws exactly as ``random.Random.choice``
would, so seeded battles play as they always have); ``first`` takes the
engine's first legal action.
"""

from __future__ import annotations

from model.core.policy import GENERIC_POLICIES, Policy

POLICIES: dict[str, Policy] = dict(GENERIC_POLICIES)
"""The battle's policies by name: the generic ``first`` and ``random``."""
