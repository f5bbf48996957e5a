"""What is computed over the rules: solvers, loss provers and checkers, compiled cores,
play policies, and the loading of each game's shipped data files.

The layer between the rules model (``model``, pure rules: no file reads, no
subprocess, no ctypes, no clock) and the proofs and the face above it.  It
imports ``model`` and never ``proofs`` or ``harness``; each game keeps its own
package here (``analysis.<game>``), which names no other game.
"""
