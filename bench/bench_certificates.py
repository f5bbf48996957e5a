"""Club Fight certificates: size and verification time for a fixed set of losses, printed.

Not run by the test suite.  Examples::

    python bench/bench_certificates.py
    python bench/bench_certificates.py --large          # adds CF1-0 and CF1-3 with 9 clubs
    python bench/bench_certificates.py CF1-4:8 CF2-0:9:webapp
    python bench/bench_certificates.py --no-own --keep /work/certs \
        --jsonl results/clubfight/certificates.jsonl CF2-3879:11   # results/clubfight/certificates.md

Each loss is a deal, the clubs kept (the first ``N`` of its club order) and the
rules (``rulebook`` unless a third field says otherwise).  For each the script
prints the solver's own proof (all its techniques: nodes and refuted states,
what ``losscheck`` re-derives), the certificate's proof (the verifier's bound
only: :data:`analysis.clubfight.certificate_file.CERTIFICATE_TECHNIQUES`, its
ladder and two-step cuts included unless ``--no-ladder`` or ``--no-two-step``),
the certificate's size in states and bytes, and the CPU time the independent
verifier (:mod:`analysis.clubfight_verify`) takes to accept it: with its compiled
half (``clubfight_verify_core.c``) and in plain Python (up to ``--python-max``
states).  Sizes and node counts repeat exactly; the seconds depend on the machine
and its load (CPU seconds of this process, so other work on the machine counts less).

``--part-nodes N`` proves each loss in parts of at most ``N`` nodes
(:mod:`analysis.clubfight.divided`, what ``ringside clubfight prove`` runs) instead
of one search: the row adds the parts settled and split; the states listed are the
one search's whenever the parts share no cut it would not make.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from analysis.clubfight.certificate_file import LossProof, certificate_bytes, prove_loss
from analysis.clubfight.divided import prove_loss_divided
from analysis.clubfight.slack import with_clubs
from analysis.clubfight.solver import solve
from analysis.clubfight_verify import verify
from analysis.clubfight_verify_native import available, checker
from model.clubfight.deals import Deal
from model.clubfight.rules import PRESETS
from model.clubfight.state import State

LOSSES = ["CF1-662:7", "CF1-273:7", "CF1-865:7:webapp", "CF2-327:7:webapp", "CF2-635:8",
          "CF1-160:8", "CF1-4:8", "CF2-771:8", "CF1-1:8"]
"""Slack losses (``lost_with`` of results/clubfight/slack-*-1k.jsonl), small to medium."""
LARGE = ["CF1-0:9", "CF1-3:9"]


def measure(spec: str, args) -> dict:
    deal_id, clubs, *rest = spec.split(":")
    rules_name = rest[0] if rest else "rulebook"
    rules, deal, clubs = PRESETS[rules_name], Deal.from_id(deal_id), int(clubs)
    row: dict = {"loss": spec, "deal": deal_id, "clubs": clubs, "rules": rules_name,
                 "ladder": not args.no_ladder,
                 "two_step": not (args.no_ladder or args.no_two_step)}
    if not args.no_own:
        own = solve(with_clubs(State.from_deal(deal), clubs), rules, certificate=True,
                    certificate_limit=10_000_000)
        row.update(own_nodes=own.nodes, own_states=own.stats["certificate_size"])
    started = time.process_time()
    if args.part_nodes:
        seen = []
        proof = prove_loss_divided(deal, rules, clubs, rules_name=rules_name, deal_id=deal_id,
                                   part_nodes=args.part_nodes, progress=seen.append)
        row.update(part_nodes=args.part_nodes, parts=seen[-1].settled, split=seen[-1].split)
    else:
        proof = prove_loss(deal, rules, clubs, max_nodes=args.max_nodes, ladder=row["ladder"],
                           two_step=row["two_step"])
    row["prove_s"] = round(time.process_time() - started, 2)
    if not isinstance(proof, LossProof):
        return {**row, "verdict": "unknown", "problem": proof}
    data = certificate_bytes(deal, rules, rules_name, deal_id=deal_id, loss=proof)
    if args.keep:
        (Path(args.keep) / f"{deal_id}-{clubs}-{rules_name}.cert").write_bytes(data)
    row.update(nodes=proof.nodes, states=len(proof.keys), bytes=len(data))
    verdicts = []
    for engine, compiled in (("native", checker if available() else None), ("python", None)):
        if (engine == "native" and compiled is None) or (
                engine == "python" and len(proof.keys) > args.python_max):
            continue
        started = time.process_time()
        verdict = verify(data, compiled=compiled)
        row[f"verify_{engine}_s"] = round(time.process_time() - started, 2)
        verdicts.append(verdict)
    row.update(children=verdicts[0].children, verdict=verdicts[0].status,
               reason=verdicts[0].reason,
               engines_agree=len({(v.status, v.reason) for v in verdicts}) == 1)
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("losses", nargs="*", help="DEAL:CLUBS[:RULES] (default: the fixed set)")
    parser.add_argument("--large", action="store_true", help="add " + ", ".join(LARGE))
    parser.add_argument("--no-own", action="store_true",
                        help="skip the solver's own proof (minutes on the largest losses)")
    parser.add_argument("--no-ladder", action="store_true",
                        help="certificates without the ladder cut (as format version 1 made them)")
    parser.add_argument("--no-two-step", action="store_true",
                        help="certificates with the ladder cut but not two steps deep")
    parser.add_argument("--max-nodes", type=int, default=None,
                        help="node budget of the certificate's proof (default: none)")
    parser.add_argument("--python-max", type=int, default=50_000,
                        help="verify in plain Python too up to this many states")
    parser.add_argument("--part-nodes", type=int, default=None, metavar="N",
                        help="prove each loss in parts of at most N nodes (as `ringside "
                             "clubfight prove` does)")
    parser.add_argument("--keep", metavar="DIR", help="write each certificate into DIR")
    parser.add_argument("--jsonl", metavar="FILE", help="append each row to FILE as JSON")
    args = parser.parse_args()
    if args.part_nodes is not None and (args.part_nodes < 1 or args.no_ladder or args.no_two_step
                                        or args.max_nodes):
        parser.error("--part-nodes takes a whole number from 1, without --no-ladder, "
                     "--no-two-step or --max-nodes")
    losses = args.losses or LOSSES + (LARGE if args.large else [])
    print(f"{'loss':<18} {'solver nodes':>12} {'its states':>10} {'cert nodes':>10} "
          f"{'cert states':>11} {'bytes':>10} {'B/state':>7} {'prove s':>8} {'C verify s':>10} "
          f"{'states/s':>8} {'Py verify s':>11} {'states/s':>8}  verdict")
    for spec in losses:
        row = measure(spec, args)
        if args.jsonl:
            with open(args.jsonl, "a") as out:
                out.write(json.dumps(row) + "\n")
        if "problem" in row:
            print(f"{spec:<18} no certificate: {row['problem']} ({row['prove_s']} s)",
                  flush=True)
            continue

        def rate(engine: str) -> str:
            seconds = row.get(f"verify_{engine}_s")
            return (f"{seconds:>{10 if engine == 'native' else 11}.2f} "
                    f"{row['states'] / max(seconds, 1e-6):>8.0f}") if seconds is not None \
                else f"{'-':>{10 if engine == 'native' else 11}} {'-':>8}"

        print(f"{spec:<18} {row.get('own_nodes', 0):>12,} {row.get('own_states', 0):>10,} "
              f"{row['nodes']:>10,} {row['states']:>11,} {row['bytes']:>10,} "
              f"{row['bytes'] / max(row['states'], 1):>7.2f} {row['prove_s']:>8.2f} {rate('native')} "
              f"{rate('python')}  {row['verdict']}"
              + (f" ({row['reason']})" if row["reason"] else "")
              + ("" if row["engines_agree"] else " ENGINES DISAGREE")
              + (f"  [{row['parts']:,} parts, {row['split']:,} split]" if "parts" in row else ""),
              flush=True)


if __name__ == "__main__":
    main()
