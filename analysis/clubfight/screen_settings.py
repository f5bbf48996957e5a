"""The screen's default settings, apart from its work, so its command's help loads no search.

:mod:`analysis.clubfight.screen` runs the screen with these unless told
otherwise; ``ringside clubfight screen --help`` shows them.
"""

DEFAULT_WIDTHS = (12, 64, 256, 1_024)
"""Stage one's beams, each tried in turn on the deals the narrower ones did not
win (all in one compiled call per chunk).  Width 12 alone runs 1,200-1,600
deals per CPU second and passes on 33% of the CF2 ``rulebook`` deals (13%
CF1 ``rulebook``, 5% CF1 ``webapp``, 8% CF2 ``webapp``).  On CF2-500000 ..
500999 (``rulebook``) widths 64, 256 and 1,024 cut the 332 deals width 12
passed on to 99, 43 and 22, for some 4 CPU seconds in all, where a stage-two
deal costs some 0.3 s (``bench/bench_screen.py`` measures the pace)."""
DEFAULT_WIDTH = DEFAULT_WIDTHS[0]
DEFAULT_REPLAY_EVERY = 100
"""Stage one's wins replayed on the rules model: the deal numbers that are
multiples of this."""
DEFAULT_STAGE_TWO_NODES = 15_000
"""The node budget of a stage-two slack computation in a screen.  Its deals
are the few no beam of stage one won (2% of CF2 ``rulebook``); a few are won
with 11 clubs by the solver's 1,024-wide beam (below) within it, while a
loss with 11 clubs (a deal of slack 1) took more than a million nodes in all
29 of CF2-0 .. 9999 (``rulebook``).  So the bulk pass leaves the hard ones
unknown (reason ``budget``, each listed) for ``--retry-unknown`` with a
larger budget rather than spend seconds on each.  On the 21 deals of
CF2-600000 .. 600999 (``rulebook``) stage one passed on, 12,000 nodes won 4
for 2.7 CPU seconds and 40,000 nodes (with the 4,096-wide beam) won 7 for
9.6 s: the bulk pass would run at half the pace to settle 0.3% more deals."""
DEFAULT_STAGE_TWO_BEAMS = ((0, 1_024), (15_000, 4_096), (100_000, 16_384))
"""The solver's beams in stage two (``(nodes, width)``, :class:`~analysis.clubfight.techniques.Techniques`
``beams``).  The 1,024-wide one at once rather than after 16,000 nodes, since
stage two sees only deals stage one's beams did not win; the solver's beam
orders states by its own informed score, not stage one's, and wins some of
what stage one's beams missed.  The wider ones start where the default
budget ends, so they cost the bulk pass nothing and a retry (a larger
budget) has them: the 4,096-wide beam (some 25,000 nodes) won 3 more of
those 21 deals within 40,000 nodes."""
DEFAULT_RETRY_WIDTHS = (4_096, 16_384, 65_536)
"""The beams ``--retry-unknown`` tries on each unknown before its node budget,
each width in turn (stage one's beam, one deal a call).  On the first 60
unknowns of the CF2 ``rulebook`` screen they won 15, 12 and 7 (34 of 60) for
183 CPU seconds in all, 0.18, 0.96 and 3.9 s a deal tried at each width
(``bench/bench_screen_retry.py``), where the node budget settles a deal of
slack 1 only past a million nodes.  A wider beam is poor value: 262,144 won
none of the 9 of the first 20 unknowns these left, for 142 CPU seconds."""
MAX_BEAM_WIDTH = 1 << 20
"""The widest beam the screen runs (the compiled beam's tables are sized by it)."""
DEFAULT_CHUNK = 1000
"""Deals a worker takes at a time; the screen commits each chunk whole."""
