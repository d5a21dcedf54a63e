"""The tally of a soak section (``make soak``): each case run with a time limit, its
outcome counted (opened, refused, traceback, hang, message too long...), the slowest case
and examples of failures kept."""

from __future__ import annotations

import contextlib
import signal
import time
from collections import Counter

from boardapp.core.base.errors import BoardappError

LONGEST_MESSAGE = 1300
"""Characters an error message may have (the file name included)."""
FAILURES = ("traceback", "hang", "long message", "accepted")
"""Outcomes that miss a target ("accepted": a tampered file opened as another game)."""


class Hang(Exception):
    """The case took longer than the timeout."""


def _alarm(signum, frame):
    raise Hang


@contextlib.contextmanager
def time_limit(seconds: float):
    """Raise :class:`Hang` in this thread after ``seconds`` (a blocked open included)."""
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


class Tally:
    """Outcomes of a section: counts, the slowest case, examples of failures."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.counts: Counter[str] = Counter()
        self.slowest = (0.0, "")
        self.examples: list[str] = []
        self.started = time.perf_counter()

    def run(self, label: str, fn, timeout: float) -> str:
        start = time.perf_counter()
        try:
            with time_limit(timeout):
                result = fn()
            outcome = result if isinstance(result, str) else "opened"
        except Hang:
            outcome = "hang"
        except BoardappError as exc:
            outcome = "refused"
            if len(str(exc)) > LONGEST_MESSAGE:
                outcome = "long message"
                self._example(label, f"message of {len(str(exc))} characters")
        except Exception as exc:  # noqa: BLE001 - what the soak looks for
            outcome = "traceback"
            self._example(label, f"{type(exc).__name__}: {str(exc)[:200]}")
        took = time.perf_counter() - start
        if outcome == "hang":
            self._example(label, f"still running after {timeout:g} s")
        if outcome == "accepted":
            self._example(label, "opened as another game")
        if took > self.slowest[0]:
            self.slowest = (took, label)
        self.counts[outcome] += 1
        return outcome

    def _example(self, label: str, what: str) -> None:
        if len(self.examples) < 8:
            self.examples.append(f"{label}: {what}")

    def line(self) -> str:
        total = sum(self.counts.values())
        took = time.perf_counter() - self.started
        parts = ", ".join(f"{k} {v}" for k, v in sorted(self.counts.items()))
        return (f"{self.name}: {total} ({parts}); tracebacks {self.counts['traceback']}, "
                f"hangs {self.counts['hang']}, accepted {self.counts['accepted']}, "
                f"long messages {self.counts['long message']}; "
                f"slowest {self.slowest[0]:.2f} s ({self.slowest[1]}); {took:.0f} s in all")

    @property
    def failed(self) -> int:
        return sum(self.counts[outcome] for outcome in FAILURES)
