"""The date a puzzle of the day is made from: parsing and the seed (shared by both games).

Everyone gets the same puzzle on a given day and nothing is fetched: the seed is
the date itself (``2026-11-23`` -> ``20261123``) and the difficulty follows the
day of the week, easy on Monday to hardest at the end of the week.
"""

from __future__ import annotations

import datetime as dt

from .errors import DataError

#: user-facing message (a whole sentence with a named placeholder: it will be translated)
BAD_DATE = "{text!r} is not a date: write it as YYYY-MM-DD, for example 2026-11-23."


class BadDateError(DataError):
    """A date that is not ``YYYY-MM-DD`` (or not a real day)."""


def parse_date(text: str | dt.date | None) -> dt.date:
    """``"2026-11-23"`` (or a date, or None for today in local time) as a date.

    >>> parse_date("2026-11-23").isoformat()
    '2026-11-23'
    """
    if text is None:
        return dt.date.today()
    if isinstance(text, dt.datetime):
        return text.date()
    if isinstance(text, dt.date):
        return text
    t = str(text).strip()
    if len(t) != 10 or t[4] != "-" or t[7] != "-":
        raise BadDateError(BAD_DATE.format(text=str(text)[:40]))
    try:
        return dt.date.fromisoformat(t)
    except ValueError:
        raise BadDateError(BAD_DATE.format(text=str(text)[:40])) from None


def seed_of(day: dt.date) -> int:
    """The date as a whole number: ``2026-11-23`` -> ``20261123``."""
    return day.year * 10_000 + day.month * 100 + day.day


def stars(n: int, out_of: int) -> str:
    """``★★☆☆`` for 2 of 4."""
    return "★" * n + "☆" * (out_of - n)
