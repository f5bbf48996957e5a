"""The harness: what ringside does with the rules model and the proofs.

``model`` holds the rules (pure state machines, no z3, no command line, no
files); ``proofs`` holds the z3 encodings and proof obligations; this package
is the face on top of both: the check and scenario runners, the explorer, the
docs builder, the command line, and each game's commands and surveys
(``harness.games.<game>``).  It may import both layers below it; neither
imports it (``tests/test_layers.py`` holds the contracts).
"""
