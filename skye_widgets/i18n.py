"""The language of every user-facing text: English, Portuguese, Polish, French or Spanish.

Run time needs only the standard library (:mod:`gettext`); the catalogs are
``skye_widgets/locale/<lang>/LC_MESSAGES/skye_widgets.po`` with their compiled ``.mo``
next to them, extracted, updated and compiled by ``make messages`` (Babel, a
development tool; see docs/translating.md).

The language is the one given to :func:`set_language`, else the environment's
(``LANGUAGE``, then ``LC_ALL``, ``LC_MESSAGES``, ``LANG``: ``pt_BR.UTF-8`` is Portuguese; a
language the package does not speak is English).

How a text is written (the convention of the whole package):

* a whole sentence with named placeholders, filled in after translation:
  ``_("{name} buys tile {tile} for {price} gold.").format(name=..., tile=..., price=...)``;
  never words glued together (``"tile" + " " + str(n)``), whose order other languages change;
* a count picks its form with :func:`ngettext` (Polish has three forms; French says "0 tuile"
  where English says "0 tiles"): ``ngettext("{count} island", "{count} islands", n).format(count=n)``;
* a text built when a module is imported (a ``TEXT`` dict, a button label) is marked with
  :func:`lazy` or :func:`lazy_ngettext`: it is translated each time it is used, so it follows a
  later :func:`set_language`; ``TEXT["x"].format(...)`` and ``str(TEXT["x"])`` work as for a str;
* a comment ``# Translators: ...`` on the line before a marked text reaches the translator.

>>> set_language("pt")
'pt'
>>> _("{items} and {last}").format(items="a, b", last="c")
'a, b e c'
>>> more = lazy_ngettext("{count} more", "{count} more")
>>> set_language("pl")
'pl'
>>> [more.format(count=n) for n in (1, 2, 5)]
['1 inna pozycja', '2 inne pozycje', '5 innych pozycji']
>>> set_language("en")
'en'
>>> more.format(count=2), language()
('2 more', 'en')
"""

from __future__ import annotations

import gettext as _gettext
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

#: The catalogs' name (``skye_widgets.po`` / ``.mo``).
DOMAIN = "skye_widgets"

#: The lessons' texts' catalogs (``lessons.po`` / ``.mo``, next to the code's): data, not code.
LESSONS = "lessons"

#: Where the catalogs live: ``<lang>/LC_MESSAGES/skye_widgets.mo``.
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

#: The languages the package speaks, English (the texts in the code) first.
LANGUAGES = ("en", "pt", "pl", "fr", "es")

#: A pseudo-language for tests: every text long, accented and bracketed ("[Ŝķýé ŵîðĝéţš ~~~]"),
#: its placeholders intact, so a text still in English on screen is a text nobody marked.
PSEUDO = "qps"

#: Each language's own name, for a language picker.
NAMES = {"en": "English", "pt": "Português", "pl": "Polski", "fr": "Français", "es": "Español"}

#: The environment variables that name a language, in the order gettext reads them.
ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

_translations: dict[str, _gettext.NullTranslations] = {}
_current: list = []                # [code, translations]: set by set_language (below, at import)


def normalise(code: str) -> str | None:
    """The package's language for a locale name, or None: ``"pt_BR.UTF-8"``, ``"pt-BR"``, ``"PT"`` -> ``"pt"``.

    >>> normalise("pt_BR.UTF-8"), normalise("fr-CA"), normalise("C.UTF-8"), normalise("de_DE")
    ('pt', 'fr', None, None)
    """
    if not isinstance(code, str):
        return None
    base = code.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return base if base in LANGUAGES or base == PSEUDO else None


def language_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for, English when it names none the package speaks.

    The first variable of :data:`ENVIRONMENT` that is set decides (as in gettext); ``LANGUAGE``
    may list several, the first one spoken wins (``"de:pl"`` is Polish).

    >>> language_from_environment({"LANG": "pt_BR.UTF-8"}), language_from_environment({"LANGUAGE": "de:pl", "LANG": "es_ES"})
    ('pt', 'pl')
    >>> language_from_environment({"LANG": "C.UTF-8"}), language_from_environment({"LC_ALL": "de_DE", "LANG": "fr_FR"})
    ('en', 'en')
    """
    environ = os.environ if environ is None else environ
    for name in ENVIRONMENT:
        value = environ.get(name, "")
        if value:
            for part in value.split(":"):
                code = normalise(part)
                if code is not None:
                    return code
            return "en"
    return "en"


def _load(code: str, domain: str = DOMAIN) -> _gettext.NullTranslations:
    key = code if domain == DOMAIN else f"{domain}:{code}"
    if key not in _translations:
        if code == "en":
            _translations[key] = _gettext.NullTranslations()
        else:
            # fallback: a catalog missing from an installation shows English, never an error
            _translations[key] = _gettext.translation(domain, LOCALE_DIR, languages=[code], fallback=True)
    return _translations[key]


def translations(domain: str = DOMAIN, code: str | None = None) -> _gettext.NullTranslations:
    """The catalog of ``domain`` in language ``code`` (default: the current language).

    The package has two: ``skye_widgets`` (the texts of the code, read by :func:`_` and co.) and
    :data:`LESSONS` (the lessons' questions, choices, feedback and tasks, which are data:
    ``skye_widgets/lessons/data/*.json``, each text with its lesson's name as context).

    >>> translations(LESSONS, "pt").pgettext("03_areas", "An open area")
    'Uma área aberta'
    """
    return _load(language() if code is None else code, domain)


def set_language(code: str | None = None) -> str:
    """Speak ``code`` ("en", "pt", "pl", "fr", "es"; "pt_BR" is "pt") from now on; None: the environment's.

    Returns the language now spoken. Every text translated after the call (lazy ones too) is in
    it; a widget shows the new language when it next draws its labels. A language the package
    does not speak raises ValueError and changes nothing.

    >>> set_language("pt_BR"), language(), set_language("en")
    ('pt', 'pt', 'en')
    """
    if code is None:
        chosen = language_from_environment()
    else:
        chosen = normalise(code)
        if chosen is None:
            raise ValueError(_('There is no language "{code}"; the languages are {codes}.').format(
                code=code, codes=", ".join(LANGUAGES)))
    _current[:] = [chosen, _load(chosen)]
    return chosen


@contextmanager
def speaking(code: str) -> Iterator[str]:
    """Speak ``code`` inside a ``with`` block, then the language spoken before (e.g. an English
    text for a file or JSON output, whatever the user's language).

    >>> with speaking("pl"):
    ...     _("{items} and {last}").format(items="a, b", last="c")
    'a, b i c'
    """
    before = language()
    chosen = set_language(code)
    try:
        yield chosen
    finally:
        set_language(before)


def language() -> str:
    """The language spoken now ("en", "pt", "pl", "fr", "es", or the test pseudo-language)."""
    return _current[0]


def _(message: str) -> str:
    """``message`` (an English msgid) in the current language."""
    return _current[1].gettext(message)


gettext = _


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` for the count ``n`` in the current language (not yet filled in).
    A negative count takes the form of its size, as CLDR's plural rules say (-15 points, -2 punkty).

    >>> set_language("fr")
    'fr'
    >>> ngettext("{count} point", "{count} points", -15) == ngettext("{count} point", "{count} points", 15)
    True
    >>> set_language("en")
    'en'
    """
    return _current[1].ngettext(singular, plural, _size(n))


def _size(n: Any) -> Any:
    """The count a plural form is chosen by: a whole number's size (gettext's formulas take n >= 0)."""
    return abs(n) if isinstance(n, int) else n


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, told apart from the same English words by ``context``."""
    return _current[1].pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` with a ``context`` (:func:`pgettext`)."""
    return _current[1].npgettext(context, singular, plural, _size(n))


#: The languages that write a decimal comma (1,5): all but English (CLDR's decimal symbol).
DECIMAL_COMMA = frozenset({"pt", "pl", "fr", "es"})


def decimal(value: float, places: int = 1, width: int = 0) -> str:
    """``value`` with ``places`` decimals as the current language writes it (English 2.5, the others
    2,5), right-aligned in ``width`` characters; for a placeholder: ``{average}`` filled with
    ``decimal(x)``, never ``{average:.1f}`` (which always writes a point).

    >>> set_language("pl")
    'pl'
    >>> decimal(2.25, 2), decimal(61.5, 1, width=6), decimal(3, 0)
    ('2,25', '  61,5', '3')
    >>> set_language("en")
    'en'
    >>> decimal(2.25, 2)
    '2.25'
    """
    text = f"{value:{width}.{places}f}"
    return text.replace(".", ",") if language() in DECIMAL_COMMA else text


class Lazy:
    """A text marked at import, translated at each use (:func:`lazy`)."""

    __slots__ = ("message",)

    def __init__(self, message: str):
        self.message = message

    def __str__(self) -> str:
        return _(self.message)

    def format(self, *args: Any, **values: Any) -> str:
        return str(self).format(*args, **values)

    def __repr__(self) -> str:
        return f"lazy({self.message!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Lazy) and other.message == self.message

    def __hash__(self) -> int:
        return hash(self.message)


class LazyPlural:
    """A counted text marked at import, its form picked at each use by the value of ``counter``."""

    __slots__ = ("singular", "plural", "counter")

    def __init__(self, singular: str, plural: str, counter: str = "count"):
        self.singular, self.plural, self.counter = singular, plural, counter

    def format(self, **values: Any) -> str:
        return ngettext(self.singular, self.plural, values[self.counter]).format(**values)

    def __repr__(self) -> str:
        return f"lazy_ngettext({self.singular!r}, {self.plural!r}, counter={self.counter!r})"


class Text:
    """A text kept as its marked template and its values, translated each time it is shown.

    A result that keeps a reason (a score breakdown's line, a bot's explanation) stores a
    ``Text``, not a string: ``str()`` translates the template into the language spoken *now*
    and fills in the values (a value that is itself a ``Text`` or a :class:`Lazy` is translated
    too), so a later :func:`set_language` shows the old result in the new language.

    >>> t = Text(lazy("{items} and {last}"), items="a, b", last="c")
    >>> set_language("pt"), str(t), set_language("en"), f"{t}"
    ('pt', 'a, b e c', 'en', 'a, b and c')
    >>> str(Text(lazy_ngettext("{count} more", "{count} more"), count=5))
    '5 more'
    """

    __slots__ = ("template", "values")

    def __init__(self, template: "Lazy | LazyPlural | str", **values: Any):
        self.template, self.values = template, values

    def __str__(self) -> str:
        values = {k: str(v) if isinstance(v, (Text, Lazy)) else v for k, v in self.values.items()}
        return self.template.format(**values)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __repr__(self) -> str:
        return f"Text({self.template!r}, **{self.values!r})"

    def _key(self) -> tuple:
        return (repr(self.template), tuple(sorted(self.values.items())))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Text) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())


def lazy(message: str) -> Lazy:
    """Mark a module-level text; it is translated when used (``str()`` or ``.format(...)``)."""
    return Lazy(message)


def lazy_ngettext(singular: str, plural: str, counter: str = "count") -> LazyPlural:
    """Mark a module-level counted text; ``.format(count=n, ...)`` picks the form for ``n`` and fills it in."""
    return LazyPlural(singular, plural, counter)


set_language(None)

__all__ = [
    "DOMAIN", "LESSONS", "LOCALE_DIR", "translations", "LANGUAGES", "PSEUDO", "NAMES", "ENVIRONMENT",
    "normalise", "language_from_environment", "set_language", "language", "speaking",
    "decimal", "_", "gettext", "ngettext", "pgettext", "npgettext", "Lazy", "LazyPlural", "Text", "lazy",
    "lazy_ngettext",
]
