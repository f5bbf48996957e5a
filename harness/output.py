"""What every command shares: exit codes, JSON and table output, progress."""

from __future__ import annotations

import json
import sys
import time

EXIT_OK, EXIT_FAILED, EXIT_BAD_INPUT = 0, 1, 2


def print_json(value) -> None:
    json.dump(value, sys.stdout, indent=2)
    sys.stdout.write("\n")


def table(rows: list[list[str]], header: list[str]) -> str:
    """Left-aligned columns with a rule under the header."""
    widths = [max(len(str(r[i])) for r in rows + [header]) for i in range(len(header))]
    lines = ["  ".join(h.ljust(w) for h, w in zip(header, widths)).rstrip()]
    lines.append("  ".join("-" * w for w in widths))
    for row in rows:
        lines.append("  ".join(str(c).ljust(w) for c, w in zip(row, widths)).rstrip())
    return "\n".join(lines)


class Progress:
    """One self-overwriting status line on a terminal's stderr; silent otherwise."""

    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled and sys.stderr.isatty()
        self.last = 0.0

    def __call__(self, message: str) -> None:
        if not self.enabled:
            return
        now = time.monotonic()
        if now - self.last < 0.1:
            return
        self.last = now
        sys.stderr.write("\r\033[K" + message[:120])
        sys.stderr.flush()

    def done(self) -> None:
        if self.enabled:
            sys.stderr.write("\r\033[K")
            sys.stderr.flush()
