"""The limits of Club Fight's solver and checker: node budgets and certificate sizes.

Kept apart from the solver so that a command can show them in its help without
loading the search.
"""

DEFAULT_MAX_NODES = 2_000_000
""":func:`analysis.clubfight.slack.slack`'s node budget for each solve unless told otherwise."""
CERTIFICATE_LIMIT = 100_000_000
"""The most refuted states a loss certificate carries (12 bytes each in C).

A proof that large takes its time and memory.  Measured: the 11-club loss of
CF2-1763 (``rulebook``), whose certificate lists 78,896,725 states, took 612 s
to prove and 1,872 s to check, the process peaking at 8.2 GB (some 104 bytes a
state with the solver's tables; the check alone of 42,156,273 states peaked at
1.2 GB), so this limit asks for about 11 GB.  Small proofs cost more a state
(CF1-89's 9-club loss under ``webapp``, 2,380,927 states, peaked at 503 MB,
some 200 bytes a state).  It is that high because the 11-club losses of issue
40's hard deals list up to 78.9 million states (CF2-2003 and 4144 were past the
earlier 50,000,000); the default check limit of slack and its surveys stays far
lower (:data:`DEFAULT_CHECK_LIMIT`), so only a caller who asks pays for it."""
DEFAULT_CERTIFICATE_LIMIT = 2_000_000
"""The solver's certificate limit unless told otherwise
(:func:`analysis.clubfight.solver.solve`): the compiled search's certificate
arrays are set aside at the limit's size before it runs (12 bytes a state), so
a larger one is asked for, not the default."""
DEFAULT_CHECK_LIMIT = DEFAULT_CERTIFICATE_LIMIT
"""Largest certificate checked by default with the compiled checker
(:mod:`analysis.clubfight._losscheck_native`); a caller may ask for up to the
solver's own most (:data:`CERTIFICATE_LIMIT`, with
its memory figures) along with a larger node budget.  The certificate goes
from the compiled solver to the compiled checker packed (12 bytes a state),
so size costs time, not memory: the 1,086,737 states of CF2-3 with 9 clubs
(rulebook) were solved in 15.0 s and checked in 21.9 s, the process peaking
at 436 MB (it was 890 MB while each state became a Python tuple, which is
why the limit was 500,000)."""
PYTHON_CHECK_LIMIT = 5_000
"""The same limit when only the Python checker can run (no C compiler, or
``RINGSIDE_NO_NATIVE=1``): it manages some 30-100 states a second."""
