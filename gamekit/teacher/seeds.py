"""Learners' variant seeds: a keyed hash (HMAC-SHA256) of the course secret and the
learner's id, stable, and not to be guessed from a classmate's without the secret.

>>> seed_for("s3cret", "alice") != seed_for("s3cret", "bob")
True
>>> seed_for("s3cret", "alice") != seed_for("another", "alice")
True
"""

from __future__ import annotations

import hashlib
import hmac
import re
from pathlib import Path

LEARNER_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._@-]{0,99}")
"""A learner id: letters, digits and ``. _ @ -`` (it names the learner's folder too)."""


def seed_for(secret: str | bytes, learner: str) -> int:
    """The learner's variant seed (a whole number below 2**63) for this course secret."""
    key = secret.encode() if isinstance(secret, str) else secret
    if not key:
        raise ValueError("the course secret is empty")
    digest = hmac.new(key, check_learner(learner).encode(), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def check_learner(learner: object) -> str:
    """``learner`` itself when it is a valid learner id, else a ``ValueError``."""
    if not isinstance(learner, str) or not LEARNER_ID.fullmatch(learner):
        raise ValueError(
            f"a learner id is letters, digits and . _ @ - (at most 100), not {learner!r}"
        )
    return learner


def read_roster(path: str | Path) -> list[str]:
    """The learner ids of a roster file: one a line (blank lines and ``#`` comments are
    skipped; a CSV line keeps its first column); a ``ValueError`` names a bad or repeated
    id and its line."""
    ids: list[str] = []
    text = Path(path).read_text(encoding="utf-8-sig")
    for number, line in enumerate(text.splitlines(), 1):
        learner = line.split(",", 1)[0].strip()
        if not learner or learner.startswith("#"):
            continue
        try:
            check_learner(learner)
        except ValueError as err:
            raise ValueError(f"{path}, line {number}: {err}") from None
        if learner in ids:
            raise ValueError(f"{path}, line {number}: {learner!r} is there twice")
        ids.append(learner)
    if not ids:
        raise ValueError(f"{path} names no learner")
    return ids
