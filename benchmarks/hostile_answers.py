"""How long the exercise checker takes on hostile answers (the target: under a second each).

    python benchmarks/hostile_answers.py

Prints the slowest answers of the test suite's hostile list, checked against a
fraction exercise and a formula exercise. Timing lives here, never in the tests.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from test_exercise_checks import FORMULA, HALF, HOSTILE  # noqa: E402

from gamekit.exercises import check_against  # noqa: E402


def main() -> None:
    timings = []
    for text in HOSTILE:
        for exercise in (HALF, FORMULA):
            start = time.perf_counter()
            check_against(exercise, text)
            timings.append((time.perf_counter() - start, exercise.id, text[:40]))
    timings.sort(reverse=True)
    print(f"{len(timings)} checks; the slowest:")
    for seconds, exercise_id, text in timings[:5]:
        print(f"  {seconds * 1000:8.1f} ms  {exercise_id}  {text!r}")
    worst = timings[0][0]
    print(f"worst {worst * 1000:.1f} ms: {'under' if worst < 1 else 'OVER'} a second")


if __name__ == "__main__":
    main()
