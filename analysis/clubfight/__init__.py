"""Club Fight computed over its rules: the exact solver, the loss checker, slack, policies.

The rules live in :mod:`model.clubfight`; this package holds what is worked
out from them: the exact solver (:mod:`analysis.clubfight.solver`) and its
compiled core, the independent loss checker (:mod:`analysis.clubfight.losscheck`)
and its own compiled core, win certificates replayed on the rules
(:mod:`analysis.clubfight.certify`), a deal's slack
(:mod:`analysis.clubfight.slack`) and the play policies
(:mod:`analysis.clubfight.policies`).
"""
