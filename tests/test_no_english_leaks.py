"""Nothing English and no identifier reaches a reader of another language (issue 27, part 1).

Every notebook of ``notebooks/<lang>/`` (pt, pl, fr, es) is read as its reader sees it: the markdown
(code spans, fenced code, link targets and HTML comments left out: they are code and addresses), the
code cells' comments (nbval's marks left out), and every saved output: streams, ``text/plain`` (of
what is not a live widget), ``text/html`` (the tags left out), and an SVG picture's ``<title>``,
``<desc>`` and ``<text>``.

**The English vocabulary** is every word (three letters or more) of the English texts: the program's
template ``skye_widgets.pot``, the lessons' ``lessons.pot`` and the notebooks' ``notebooks.pot``.
A word of it is English *to a reader of language L* unless it is also a word of L: a word of L's
translations (every msgstr of L's three catalogs, except the words a msgstr copies from its own
msgid: a copied word proves nothing, it is how "planner" would hide) or of L's glossary
(``docs/glossary-L.md``: the term and the rulebook's own words), or one of the few words spelled alike
in both (:data:`COGNATES`: *position* in French, *bot* everywhere). An identifier is caught through its
words: ``castle-blue`` (castle, blue), ``per_2_ships`` (ships), ``pasture``, ``build``. A rulebook's
quote in another language than English, marked ``<span lang="es">…</span>`` with its translation
beside it, is not read.

**The allow-list** (:data:`NAMES`) holds proper names only (people, boards, games, programs, the
JupyterLab menu items the notebooks name); an entry no notebook of any language needs any more fails
(:func:`test_every_allowed_name_is_still_needed`).

The same check reads what the command line prints in the language (``skye-widgets --lang pl play``,
``tournament``, ``hashi play``, ``skylands play`` ...: :data:`CLI_RUNS`; ``--json`` stays English), its help
screens (:data:`HELP_RUNS`, less what one types there: options, commands, choices, the bots' kinds,
quoted keys: :func:`help_output`), and every text of every widget as the pseudo-language walk
of tests/test_widgets_i18n.py builds and drives them, in the language (:func:`widget_texts`).

``python tests/test_no_english_leaks.py [lang]`` prints every leak with its place.
"""

from __future__ import annotations

import contextlib
import html
import io
import re
import sys
import tokenize
from collections import Counter
from collections.abc import Iterable
from functools import cache
from pathlib import Path

import nbformat
import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from test_i18n import read_glossary  # noqa: E402

LANGS = ["pt", "pl", "fr", "es"]
NOTEBOOKS = ROOT / "notebooks"
LOCALE = ROOT / "skye_widgets" / "locale"
WORD = re.compile(r"[^\W\d_]+")
MIN_LENGTH = 3

#: Proper names a reader of every language meets as they are: English-looking words that are names.
#: Each is a phrase matched whole (case-sensitive) and taken out before the words are read.
NAMES = {
    # people: the lessons' and games' players, the rulebooks' players, the games' authors
    "Anna", "Ben", "Cara", "Eve", "Ailsa", "Bram", "Catriona", "Ada", "Tomé", "Sara",
    "Jeffrey D. Allers", "Shun", "Aya Taguchi", "Bradley", "Terry",
    # boards, games, publishers, programs, sites, techniques
    "Skerries", "Skylands", "Hashiwokakero", "Hashi", "Queen Games", "NSV", "GitHub", "SAT",
    "Python", "JupyterLite", "JupyterLab", "JupyterHub", "Dask", "Elo", "English",
    # JupyterLab's own menu items (its words, not ours: docs/translating.md)
    "Run ▸ Run All Cells", "Run All",
    # keys, as printed on the keyboards of every language
    "Shift+Enter", "Enter", "Escape", "Tab", "Backspace",
}

#: Words spelled alike in English and in the language (so a translation may copy them): each is a
#: word of the language's dictionary, not a name. Stale entries fail too.
COGNATES = {
    "pt": {"cursor", "extra", "cluster", "bot", "item", "menu", "app", "status", "design", "notebook", "notebooks", "widget", "terminal",
           "kernel", "rival", "real", "particular", "web", "pixels", "link", "animal", "explore"},
    "pl": {"quiz", "bot", "plus", "menu", "plan", "start", "min", "generator", "model", "optimum",
           "farm"},
    "fr": {"options", "arguments", "placement", "placements", "messages", "extra", "position", "rotation", "minutes", "questions", "question", "double", "condition", "orange",
           "solution", "section", "page", "expert", "possible", "actions", "bot", "menu", "notebook",
           "notebooks", "widget", "terminal", "types", "technique", "rare", "plan", "optimum", "fraction",
           "exception", "machine", "directions", "information", "net", "second", "min", "web", "pixels",
           "sets", "clause", "animal", "loch", "rival", "cairn", "scores"},
    "es": {"cursor", "bot", "vertical", "terminal", "widget", "kernel", "web", "real", "particular", "plan", "min",
           "animal"},
}


# ---------------------------------------------------------------------------- vocabularies

def words(text: str) -> list[str]:
    return [w.lower() for w in WORD.findall(text) if len(w) >= MIN_LENGTH]


def _catalog(path: Path, code: str | None = None):
    with open(path, "rb") as f:
        return read_po(f, locale=code)


def _catalogs(code: str | None) -> list[Path]:
    if code is None:
        return [LOCALE / "skye_widgets.pot", LOCALE / "lessons.pot", NOTEBOOKS / "locale" / "notebooks.pot"]
    return [LOCALE / code / "LC_MESSAGES" / "skye_widgets.po", LOCALE / code / "LC_MESSAGES" / "lessons.po",
            NOTEBOOKS / "locale" / code / "LC_MESSAGES" / "notebooks.po"]


def _texts(value) -> list[str]:
    return [v for v in (value if isinstance(value, (list, tuple)) else [value]) if v]


FIELD = re.compile(r"\{[^{}]*\}")


@cache
def english_vocabulary() -> frozenset[str]:
    out: set[str] = set()
    for path in _catalogs(None):
        for m in _catalog(path):
            for text in _texts(m.id):
                out.update(words(FIELD.sub(" ", text)))
    return frozenset(out)


@cache
def language_words(code: str) -> frozenset[str]:
    """The words of language ``code``: its translations' own words (not those copied from the English
    beside them) and its glossary's."""
    out: set[str] = set()
    for path in _catalogs(code):
        for m in _catalog(path, code):
            copied = {w for text in _texts(m.id) for w in words(text)}
            for text in _texts(m.string):
                out.update(set(words(FIELD.sub(" ", text))) - copied)
    for word, printed, _source in read_glossary(code).values():
        out.update(words(word + " " + printed))
    return frozenset(out | COGNATES[code])


@cache
def english_to(code: str) -> frozenset[str]:
    return english_vocabulary() - language_words(code)


@cache
def _strict_language_words(code: str) -> frozenset[str]:
    """The language's words without its cognates (to find the cognates no notebook needs)."""
    old = COGNATES[code]
    COGNATES[code] = set()
    try:
        return language_words.__wrapped__(code)
    finally:
        COGNATES[code] = old


# ---------------------------------------------------------------------------- what a reader sees

#: Code named in a comment (``workers=2``, ``bots[i]``, ``undo()``): what the reader types, not words.
CODE_IN_COMMENT = re.compile(r"\b[A-Za-z_]\w*(?=[=\[(])")
CODE_SPAN = re.compile(r"`[^`\n]*`")
FENCED = re.compile(r"^(```|~~~).*?^\1", re.M | re.S)
LINK_TARGET = re.compile(r"\]\([^)]*\)")
HTML_COMMENT = re.compile(r"<!--.*?-->", re.S)
#: A quote marked as being in another language than English (the Skylands rulebook's Spanish words, quoted
#: with their translation beside them): not English, whatever the words.
FOREIGN_QUOTE = re.compile(r'<span lang="(?!en)[a-z]{2}">.*?</span>', re.S)
TAG = re.compile(r"<[^>]+>")
URL = re.compile(r"https?://\S+")
SVG_TEXT = re.compile(r"<(title|desc|text)\b[^>]*>(.*?)</\1>", re.S)
WIDGET = "application/vnd.jupyter.widget-view+json"


def _comments(source: str) -> list[str]:
    out = []
    try:
        for tok in tokenize.generate_tokens(io.StringIO(source).readline):
            if tok.type == tokenize.COMMENT and "NBVAL" not in tok.string:
                out.append(tok.string)
    except (tokenize.TokenError, IndentationError, SyntaxError):
        pass
    return out


def seen(path: Path) -> list[tuple[str, str]]:
    """(where, text) of everything a reader of the notebook reads."""
    nb = nbformat.read(path, as_version=4)
    out = []
    for index, cell in enumerate(nb.cells):
        where = f"{path.parent.name}/{path.name}#{cell.get('id', index)}"
        if cell.cell_type == "markdown":
            text = FOREIGN_QUOTE.sub(" ", FENCED.sub(" ", cell.source))
            text = CODE_SPAN.sub(" ", LINK_TARGET.sub("]", HTML_COMMENT.sub(" ", text)))
            out.append((f"{where} markdown", text))
            continue
        if cell.cell_type != "code":
            continue
        out += [(f"{where} comment", CODE_IN_COMMENT.sub(" ", c)) for c in _comments(cell.source)]
        for o in cell.get("outputs", []):
            if o.output_type == "stream":
                out.append((f"{where} {o.name}", o.text))
            elif o.output_type == "error":
                out.append((f"{where} error", o.get("evalue", "")))
            elif "data" in o:
                data = o.data
                if "text/html" in data:
                    out.append((f"{where} text/html", html.unescape(TAG.sub(" ", data["text/html"]))))
                elif "text/plain" in data and WIDGET not in data:
                    out.append((f"{where} text/plain", data["text/plain"]))
                if "image/svg+xml" in data:
                    for m in SVG_TEXT.finditer(data["image/svg+xml"]):
                        out.append((f"{where} svg <{m.group(1)}>", html.unescape(TAG.sub(" ", m.group(2)))))
    return out


def _without_names(text: str, used: Counter) -> str:
    text = URL.sub(" ", text)
    for name in sorted(NAMES, key=len, reverse=True):
        pattern = r"(?<![^\W\d_])" + re.escape(name) + r"(?![^\W\d_])"
        text, n = re.subn(pattern, " ", text)
        used[name] += n
    return text


def _leaks_in(places: Iterable[tuple[str, str]], code: str, used: Counter | None) -> list[tuple[str, str, str]]:
    """(word, where, the text around it) of every English word of the (where, text) ``places``."""
    english = english_to(code)
    used = Counter() if used is None else used
    out = []
    for where, text in places:
        text = _without_names(text, used)
        for m in WORD.finditer(text):
            word = m.group().lower()
            if len(word) >= MIN_LENGTH and word in english:
                around = text[max(0, m.start() - 40): m.end() + 40].replace("\n", " ")
                out.append((word, where, around))
    return out


def leaks(path: Path, code: str, used: Counter | None = None) -> list[tuple[str, str, str]]:
    """(word, where, the text around it) of every English word in the notebook at ``path``."""
    return _leaks_in(seen(path), code, used)


def translated_notebooks() -> list[tuple[str, Path]]:
    return [(code, path) for code in LANGS for path in sorted((NOTEBOOKS / code).glob("*.ipynb"))]


#: Command lines whose whole output a reader of the language reads.
CLI_RUNS = (
    ("play", "--seed", "3"),
    ("tournament", "--games", "2", "--seed", "1"),
    ("hashi", "play", "--players", "2", "--bots", "greedy,planner", "--seed", "5"),
    ("hashi", "tournament", "--games", "2", "--seed", "1"),
    ("skylands", "play", "--seed", "2"),
    ("skylands", "tournament", "--games", "2", "--seed", "1"),
)


#: Every help screen of the command line (``--help``): a reader of the language reads them too.
HELP_RUNS = (
    ("--help",), ("play", "--help"), ("tournament", "--help"), ("replay", "--help"), ("lab", "--help"),
    ("puzzle", "--help"), ("puzzle", "solve", "--help"), ("puzzle", "generate", "--help"),
    ("hashi", "--help"), ("hashi", "play", "--help"), ("hashi", "tournament", "--help"), ("hashi", "daily", "--help"),
    ("hashi", "solve", "--help"), ("skylands", "--help"), ("skylands", "play", "--help"),
    ("skylands", "tournament", "--help"), ("rooms", "--help"), ("rooms", "serve", "--help"),
    ("rooms", "open", "--help"),
)
#: What a help screen shows that one types, not reads: an option (``--bots``), a metavar (``BOTS``), a
#: choice list (``{1,2,3,4}``), a quoted key or command (``"actions"``, ``'skye-widgets[cluster]'``),
#: an address, a file's extension, an extra (``[cluster]``) and the command that installs it.
TYPED = re.compile(r"--?[\w-]+|\b[A-Z][A-Z_]+\b|\{[^}]*\}|\"[^\"]*\"|'[^']*'|\w+://\S+|\.(?:has|json)\b"
                   r"|\[\w+\]|\bpip\s+install\b"
                   r"|\b[\w.-]+/[\w./-]*")


@cache
def typed_words() -> frozenset[str]:
    """The words one types at the command line, which its help shows as they are typed: every command
    and sub-command, every option's choices and text default, every positional's name, the bots'
    kinds, the boards' names (the three games' registries) and a room's seat kinds (human, bot)."""
    import argparse

    from skye_widgets import cli
    from skye_widgets.hashi.board import board_names
    from skye_widgets.rooms.store import SEAT_KINDS
    from skye_widgets.skye.bots import BOTS
    typed: set[str] = set()

    def walk(parser: argparse.ArgumentParser) -> None:
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    typed.add(name)
                    walk(sub)
                continue
            typed.update(map(str, action.choices or ()))
            if isinstance(action.default, str):
                typed.add(action.default)
            if not action.option_strings:
                typed.add(action.dest)

    walk(cli.build_parser())
    typed.update({*BOTS, "strong"})                 # the bots' kinds, as --bots takes them
    typed.update(board_names())
    typed.update(SEAT_KINDS)                        # a room's seats, as rooms open --seats takes them
    return frozenset(w for t in typed for w in words(t))


def _printed(code: str, runs: tuple[tuple[str, ...], ...]) -> str:
    """What the command lines ``runs`` print in language ``code`` (stdout and stderr), one after the other."""
    from skye_widgets import cli
    from skye_widgets.i18n import language, set_language
    before = language()
    out = io.StringIO()
    try:
        for args in runs:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
                try:
                    cli.main(["--lang", code, *args])
                except SystemExit:
                    pass
    finally:
        set_language(before)
    return out.getvalue()


@cache
def help_output(code: str) -> str:
    """Every help screen of :data:`HELP_RUNS` in language ``code``, less what one types (:data:`TYPED`,
    :func:`typed_words`)."""
    typed = typed_words()
    return re.sub(r"[^\W\d_]+", lambda m: " " if m.group().lower() in typed else m.group(),
                  TYPED.sub(" ", _printed(code, HELP_RUNS)))


@cache
def cli_output(code: str) -> str:
    """What the commands of :data:`CLI_RUNS` print in language ``code`` (stdout and stderr)."""
    return _printed(code, CLI_RUNS)


def cli_leaks(code: str, used: Counter | None = None) -> list[tuple[str, str]]:
    """(word, the text around it) of every English word the command lines print in ``code``, their
    help screens included."""
    english = english_to(code)
    text = _without_names(cli_output(code) + "\n" + help_output(code), Counter() if used is None else used)
    return [(m.group().lower(), text[max(0, m.start() - 40): m.end() + 40].replace("\n", " "))
            for m in WORD.finditer(text) if len(m.group()) >= MIN_LENGTH and m.group().lower() in english]


#: What the widget walk's own test data says (a quiz and an exercise written in place, in English):
#: not the program's words.
WALK_DATA = ("Q?", "A is right.", "B is wrong.", "Place tile 12.", "Not yet.")


@cache
def widget_texts(code: str) -> tuple[tuple[str, str], ...]:
    """(widget, text) of every text the widgets show in language ``code``, driven a few steps each:
    the pseudo-language walk of tests/test_widgets_i18n.py, in ``code``."""
    from test_widgets_i18n import _walk

    from skye_widgets.i18n import language, set_language
    before = language()
    try:
        shown = _walk(code)
    finally:
        set_language(before)
    out = []
    for name, texts in shown.items():
        for text in texts:
            for data in WALK_DATA:
                text = text.replace(data, " ")
            out.append((name, text))
    return tuple(out)


def widget_leaks(code: str, used: Counter | None = None) -> list[tuple[str, str, str]]:
    """(word, widget, the text around it) of every English word the widgets show in ``code``."""
    return _leaks_in(widget_texts(code), code, used)


# ---------------------------------------------------------------------------- tests

def test_the_vocabularies_catch_the_words_they_must():
    for code in LANGS:
        english = english_to(code)
        for word in ("castle", "blue", "pasture", "mountain", "ships", "you", "planner", "greedy", "build"):
            assert word in english, (code, word)
        assert {"castle", "blue", "ships"} <= set(leaks_in("castle-blue per_2_ships", code)), code
    assert "zamek" not in english_to("pl") and "château" not in english_to("fr")


def leaks_in(text: str, code: str) -> list[str]:
    english = english_to(code)
    return [w for w in words(_without_names(text, Counter())) if w in english]


@pytest.mark.parametrize("code,path", [pytest.param(c, p, id=f"{c}/{p.name}") for c, p in translated_notebooks()])
def test_no_english_word_reaches_the_reader(code, path):
    found = leaks(path, code)
    assert not found, f"{len(found)} English words in {code}/{path.name}:\n" + "\n".join(
        f"  {w!r} in {where}: …{around}…" for w, where, around in found[:40])


@pytest.mark.parametrize("code", LANGS)
def test_no_english_word_in_what_the_command_line_prints(code):
    found = cli_leaks(code)
    assert not found, f"{len(found)} English words in the command line's output in {code}:\n" + "\n".join(
        f"  {w!r}: …{around}…" for w, around in found[:40])


@pytest.mark.parametrize("code", LANGS)
def test_no_english_word_in_what_the_widgets_show(code):
    """Every widget built and driven as the pseudo-language walk drives it, in each language: the
    players table's "bot (greedy)" and the Hashi puzzles' "Easy 1" were found this way."""
    found = widget_leaks(code)
    assert not found, f"{len(found)} English words the widgets show in {code}:\n" + "\n".join(
        f"  {w!r} in {name}: …{around}…" for w, name, around in found[:40])


def test_every_allowed_name_is_still_needed():
    used: Counter = Counter()
    for code, path in translated_notebooks():
        leaks(path, code, used)
    for code in LANGS:
        cli_leaks(code, used)
        widget_leaks(code, used)
    stale = sorted(name for name in NAMES if not used[name])
    assert not stale, f"allowed names no translated notebook shows any more (remove them): {stale}"


@pytest.mark.parametrize("code", LANGS)
def test_every_cognate_is_still_needed(code):
    """A cognate is listed only while a notebook of the language shows it and the language's own
    translations and glossary do not already make it a word of the language."""
    needed = english_vocabulary() - _strict_language_words(code)
    shown = {w for _c, path in translated_notebooks() if _c == code
             for _where, text in seen(path) for w in words(_without_names(text, Counter()))}
    shown |= set(words(_without_names(cli_output(code) + "\n" + help_output(code), Counter())))
    shown |= {w for _name, text in widget_texts(code) for w in words(_without_names(text, Counter()))}
    stale = sorted(w for w in COGNATES[code] if w not in needed or w not in shown)
    assert not stale, f"cognates of {code} no longer needed (remove them): {stale}"


def main(argv: list[str]) -> int:
    codes = argv or LANGS
    total = 0
    for code in codes:
        per_word: Counter = Counter()
        n = 0
        for c, path in translated_notebooks():
            if c != code:
                continue
            for word, where, around in leaks(path, code):
                per_word[word] += 1
                n += 1
                print(f"{code} {word!r} {where}: …{around}…")
        for word, around in cli_leaks(code):
            per_word[word] += 1
            n += 1
            print(f"{code} {word!r} command line: …{around}…")
        print(f"== {code}: {n} English words ({len(per_word)} distinct): "
              + ", ".join(f"{w} {k}" for w, k in per_word.most_common(40)))
        total += n
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
