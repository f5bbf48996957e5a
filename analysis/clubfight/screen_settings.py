"""The screen's default settings, apart from its work, so its command's help loads no search.

:mod:`analysis.clubfight.screen` runs the screen with these unless told
otherwise; ``ringside clubfight screen --help`` shows them.
"""

DEFAULT_WIDTHS = (12, 64, 256)
"""Stage one's beams, each tried in turn on the deals the narrower ones did not
win (all in one compiled call per chunk).  Width 12 alone runs 1,200-1,600
deals per CPU second and passes on 33% of the CF2 ``rulebook`` deals (13%
CF1 ``rulebook``, 5% CF1 ``webapp``, 8% CF2 ``webapp``); on CF2-500000 ..
500999 (``rulebook``) widths 64 then 256 cut the 332 deals width 12 passed
on to 99 and then 43 for 2.1 CPU seconds more, where stage two's solver
spends some 0.1 s on each (``bench/bench_screen.py`` measures the pace)."""
DEFAULT_WIDTH = DEFAULT_WIDTHS[0]
DEFAULT_REPLAY_EVERY = 100
"""Stage one's wins replayed on the rules model: the deal numbers that are
multiples of this."""
DEFAULT_STAGE_TWO_NODES = 50_000
"""The node budget of a stage-two slack computation in a screen.  Its deals
are the few no beam of stage one won; most are won with 11 clubs and found
within a few thousand nodes by the solver's beams (below), while a loss with
11 clubs (a deal of slack 1) has always taken more than a million nodes.
So a screen leaves the hard ones unknown (reason ``budget``, each listed)
for ``--retry-unknown`` with a larger budget rather than spend seconds on
each in the bulk pass."""
DEFAULT_STAGE_TWO_BEAMS = ((0, 256), (0, 1_024), (20_000, 4_096), (1_000_000, 16_384))
"""The solver's beams in stage two (``(nodes, width)``, :class:`~analysis.clubfight.techniques.Techniques`
``beams``): at once rather than after 2,000 and 16,000 nodes, since stage two
sees only deals stage one's beams did not win.  The solver's beam orders
states by its own informed score, not stage one's, and wins most of what
stage one's beams missed: on the 43 deals of CF2-500000 .. 500999
(``rulebook``) widths 12, 64 and 256 left, 35 were won within 50,000 nodes
this way against 25 with the solver's usual beams."""
DEFAULT_CHUNK = 1000
"""Deals a worker takes at a time; the screen commits each chunk whole."""
