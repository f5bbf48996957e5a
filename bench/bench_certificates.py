"""Club Fight certificates: size and verification time for a fixed set of losses, printed.

Not run by the test suite.  Examples::

    python bench/bench_certificates.py
    python bench/bench_certificates.py --large          # adds CF1-0 and CF1-3 with 9 clubs
    python bench/bench_certificates.py CF1-4:8 CF2-0:9:webapp

Each loss is a deal, the clubs kept (the first ``N`` of its club order) and the
rules (``rulebook`` unless a third field says otherwise).  For each the script
prints the solver's own proof (all its techniques: nodes and refuted states,
what ``losscheck`` re-derives), the certificate's proof (the verifier's bound
only: :data:`analysis.clubfight.certificate_file.CERTIFICATE_TECHNIQUES`),
the certificate's size in states and bytes, and the time the independent
verifier (:mod:`analysis.clubfight_verify`) takes to accept it.  Sizes and
node counts repeat exactly; the seconds depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import time

from analysis.clubfight.certificate_file import LossProof, certificate_bytes, prove_loss
from analysis.clubfight.slack import with_clubs
from analysis.clubfight.solver import solve
from analysis.clubfight_verify import verify
from model.clubfight.deals import Deal
from model.clubfight.rules import PRESETS
from model.clubfight.state import State

LOSSES = ["CF1-662:7", "CF1-273:7", "CF1-865:7:webapp", "CF2-327:7:webapp", "CF2-635:8",
          "CF1-160:8", "CF1-4:8", "CF2-771:8", "CF1-1:8"]
"""Slack losses (``lost_with`` of results/clubfight/slack-*-1k.jsonl), small to medium."""
LARGE = ["CF1-0:9", "CF1-3:9"]


def measure(spec: str) -> dict:
    deal_id, clubs, *rest = spec.split(":")
    rules_name = rest[0] if rest else "rulebook"
    rules, deal, clubs = PRESETS[rules_name], Deal.from_id(deal_id), int(clubs)
    own = solve(with_clubs(State.from_deal(deal), clubs), rules, certificate=True,
                certificate_limit=10_000_000)
    started = time.perf_counter()
    proof = prove_loss(deal, rules, clubs)
    proved = time.perf_counter() - started
    if not isinstance(proof, LossProof):
        return {"loss": spec, "problem": proof}
    data = certificate_bytes(deal, rules, rules_name, deal_id=deal_id, loss=proof)
    verdict = verify(data)
    return {"loss": spec, "own_nodes": own.nodes, "own_states": own.stats["certificate_size"],
            "nodes": proof.nodes, "states": len(proof.keys), "bytes": len(data),
            "prove_s": proved, "verify_s": verdict.seconds, "children": verdict.children,
            "verdict": verdict.status, "reason": verdict.reason}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("losses", nargs="*", help="DEAL:CLUBS[:RULES] (default: the fixed set)")
    parser.add_argument("--large", action="store_true", help="add " + ", ".join(LARGE))
    args = parser.parse_args()
    losses = args.losses or LOSSES + (LARGE if args.large else [])
    print(f"{'loss':<18} {'solver nodes':>12} {'its states':>10} {'cert nodes':>10} "
          f"{'cert states':>11} {'bytes':>9} {'B/state':>7} {'prove s':>8} {'verify s':>9} "
          f"{'states/s':>8}  verdict")
    for spec in losses:
        row = measure(spec)
        if "problem" in row:
            print(f"{spec:<18} no certificate: {row['problem']}")
            continue
        rate = row["states"] / row["verify_s"] if row["verify_s"] else 0.0
        print(f"{spec:<18} {row['own_nodes']:>12,} {row['own_states']:>10,} {row['nodes']:>10,} "
              f"{row['states']:>11,} {row['bytes']:>9,} {row['bytes'] / row['states']:>7.2f} "
              f"{row['prove_s']:>8.2f} {row['verify_s']:>9.2f} {rate:>8.0f}  {row['verdict']}"
              + (f" ({row['reason']})" if row["reason"] else ""), flush=True)


if __name__ == "__main__":
    main()
