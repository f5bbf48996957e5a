"""Shared test settings.

Hypothesis profiles: ``ci`` (the default) keeps the suit fast and
deterministic; ``deep`` runs many more examples (``--hypothesis-profile deep``).
"""

from hypothesis import HealthCheck, settings

settings.register_profile("ci", max_examples=60, deadline=None, derandomize=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("deep", max_examples=2000, deadline=None)
settings.load_profile("ci")
