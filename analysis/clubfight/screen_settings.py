"""The screen's default settings, apart from its work, so its command's help loads no search.

:mod:`analysis.clubfight.screen` runs the screen with these unless told
otherwise; ``ringside clubfight screen --help`` shows them.
"""

from analysis.clubfight.limits import DEFAULT_MAX_NODES

DEFAULT_WIDTH = 12
"""Stage one's beam keeps this many states a turn.  On CF1/CF2-500000..500999
(one process, a shared 2-core machine at load 11) width 12 ran 1,209 to 1,662
deals per CPU second and passed on 13.1% (CF1 ``rulebook``), 33.2% (CF2
``rulebook``), 5.4% (CF1 ``webapp``) and 8.1% (CF2 ``webapp``) of the deals;
width 16 ran 905 to 1,255 deals/s and passed on 9.5%, 27.5%, 3.2% and 6.7%.
A stage-two deal costs far more than a stage-one one, so a wider beam
(``--width``) may finish a screen sooner though its first stage is slower
(``bench/bench_screen.py`` measures the pace)."""
DEFAULT_REPLAY_EVERY = 100
"""Stage one's wins replayed on the rules model: the deal numbers that are
multiples of this."""
DEFAULT_STAGE_TWO_NODES = DEFAULT_MAX_NODES
DEFAULT_CHUNK = 1000
"""Deals a worker takes at a time; the screen commits each chunk whole."""
