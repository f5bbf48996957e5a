"""Shared test settings.

Hypothesis profiles: ``ci`` (the default) keeps the suite fast and
deterministic; ``deep`` runs many more examples (``--hypothesis-profile deep``);
``bench`` runs 10,000 per property (``bench/bench_fuzz.py``).
"""

from hypothesis import HealthCheck, settings

settings.register_profile("ci", max_examples=60, deadline=None, derandomize=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("deep", max_examples=2000, deadline=None)
# bench/bench_fuzz.py: at least 10,000 examples per parser (not run by the test suite).
settings.register_profile("bench", max_examples=10_000, deadline=None, derandomize=False,
                          suppress_health_check=list(HealthCheck))
settings.load_profile("ci")
