"""One term per concept, per language: the rulebook's where it has one (issue 27, part 3).

Each ``docs/glossary-<lang>.md`` ends with a table **Not used (one term per concept)**: a concept, the
texts it holds for (*all*, or *Hashi*: the Portuguese Hashi texts are European Portuguese, as the Hashi
rulebook, while the rest is Brazilian, as the Isle of Skye rulebook: ``docs/translating.md``), the one
term the language uses, and the words it does not use. This test reads everything a reader of the
language reads and fails on a word the table rejects, naming the place:

* every msgstr of the language's three catalogs (``skye_widgets.po``, ``lessons.po``, ``notebooks.po``;
  a notebook's code cell: its comments and its texts, not its code; markdown: without code spans, fenced
  code and link targets);
* every ``notebooks/<lang>/*.ipynb`` as ``tests/test_no_english_leaks.py`` reads it (markdown, code
  comments, every saved output): a saved output is what the program printed when the notebook ran, so
  after a catalog's fix it fails until the notebook is run again (``make notebooks``);
* the glossary itself (but for the table).

A text is a Hashi text when a location of its catalog entry is Hashi's code (``skye_widgets/hashi/``,
``skye_widgets/widgets/hashi*.py``) or when it belongs to a Hashi notebook (:data:`HASHI_NOTEBOOKS`).
Words are matched whole and in any case; a row's ``*`` stands for any ending (Polish cases are listed
form by form where a stem would catch other words), ``#`` for a number or a placeholder.

``python tests/test_one_term_i18n.py [lang]`` prints every fault with its place.
"""

from __future__ import annotations

import ast
import re
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

import data_catalogs as dc  # noqa: E402
from test_i18n import glossary_terms, read_glossary  # noqa: E402
from test_no_english_leaks import CODE_SPAN, FENCED, HTML_COMMENT, LINK_TARGET, seen  # noqa: E402

LANGS = ["pt", "pl", "fr", "es"]
DOCS = ROOT / "docs"
LOCALE = ROOT / "skye_widgets" / "locale"
NOTEBOOKS = ROOT / "notebooks"
TABLE_HEADING = "## Not used (one term per concept)"
HASHI_NOTEBOOKS = {"hashi", "rules_at_a_glance_hashi", "projector_hashi"}
HASHI_CODE = re.compile(r"^skye_widgets/(hashi/|widgets/hashi)")
SCOPES = {"all", "Hashi"}
LETTER = r"[^\W\d_]"
#: What the reader types, not words of a sentence: a bot kind given on the command line
#: ("random, greedy, planner, strong", "--bots planner,greedy").
TYPED = re.compile(r"--bots[ =][\w,]+|\b(?:random|greedy|planner|strong)(?:\s*,\s*(?:random|greedy|planner|strong)\b)+")
#: A placeholder stands for a number or a name: read as a number ("ensemble {number}" is "ensemble 2").
FIELD = re.compile(r"\{[^{}]*\}")


@dataclass(frozen=True)
class Row:
    concept: str
    scope: str
    term: str
    rejected: tuple[str, ...]

    @property
    def pattern(self) -> re.Pattern:
        return re.compile("|".join(_phrase(p) for p in self.rejected), re.I)


def _phrase(phrase: str) -> str:
    out = []
    for part in re.split(r"([*#])", phrase.replace("’", "'")):
        if part == "*":
            out.append(LETTER + "*")
        elif part == "#":
            out.append(r"(?:\d+|\{[^{}]*\})")
        else:
            out.append(r"\s+".join(re.escape(w) for w in part.split(" ")) if part.strip() else re.escape(part))
    return rf"(?<!{LETTER})(?:{''.join(out)})(?!{LETTER})"


@cache
def table(code: str) -> tuple[Row, ...]:
    """The rows of the glossary's table "Not used (one term per concept)"."""
    rows, inside = [], False
    for line in (DOCS / f"glossary-{code}.md").read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            inside = line.strip() == TABLE_HEADING
        elif inside and line.startswith("| ") and not line.startswith(("| concept |", "| --- |")):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            assert len(cells) == 4, line
            concept, scope, term, rejected = cells
            rows.append(Row(concept, scope, term, tuple(w.strip() for w in rejected.split(",") if w.strip())))
    return tuple(rows)


# ---------------------------------------------------------------------------- what is read

def _catalogs(code: str) -> list[Path]:
    return [LOCALE / code / "LC_MESSAGES" / "skye_widgets.po", LOCALE / code / "LC_MESSAGES" / "lessons.po",
            NOTEBOOKS / "locale" / code / "LC_MESSAGES" / "notebooks.po"]


def _shown_in_code(source: str) -> str:
    """A notebook code cell's comments and the texts it shows (its string constants), not its code."""
    strings, comments = dc._strings_and_comments(source)
    try:
        tree = ast.parse(dc._without_magics(source))
        strings += [v.value for node in ast.walk(tree) if isinstance(node, ast.JoinedStr)
                    for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str)]
    except SyntaxError:
        pass
    return "\n".join([c for c in comments if "NBVAL" not in c] + [s for s in strings if " " in s.strip()])


def _shown_in_markdown(text: str) -> str:
    return CODE_SPAN.sub(" ", LINK_TARGET.sub("]", HTML_COMMENT.sub(" ", FENCED.sub(" ", text))))


@cache
def texts(code: str) -> tuple[tuple[str, bool, str], ...]:
    """(where, is a Hashi text, text) of everything a reader of language ``code`` reads."""
    out = []
    for path in _catalogs(code):
        with open(path, "rb") as f:
            catalog = read_po(f, locale=code)
        for m in catalog:
            if not m.id:
                continue
            strings = m.string if isinstance(m.string, (list, tuple)) else [m.string]
            locations = [loc for loc, _line in m.locations]
            if path.stem == "notebooks":
                hashi = m.context in HASHI_NOTEBOOKS
                is_code = any(c.startswith("code:") for c in m.auto_comments)
            else:
                hashi = any(HASHI_CODE.match(loc) for loc in locations)
                is_code = False
            where = f"{path.relative_to(ROOT)} {m.context + ' ' if m.context else ''}{locations[0] if locations else ''}"
            for s in strings:
                if s:
                    shown = _shown_in_code(s) if is_code else _shown_in_markdown(s) if path.stem == "notebooks" else s
                    out.append((f"{where} msgid {_short(m.id)!r}", hashi, shown))
    for path in sorted((NOTEBOOKS / code).glob("*.ipynb")):
        for where, text in seen(path):
            out.append((f"notebooks/{where}", path.stem in HASHI_NOTEBOOKS, text))
    out += _glossary_texts(code)
    return tuple(out)


def _short(msgid) -> str:
    text = msgid[0] if isinstance(msgid, (list, tuple)) else msgid
    text = " ".join(text.split())
    return text if len(text) <= 60 else text[:57] + "..."


ITALIC = re.compile(r"(?<![*\w])\*([^*\n]+)\*(?![*\w])")


def _glossary_texts(code: str) -> list[tuple[str, bool, str]]:
    """The glossary's words in the language: a table row's term and the rulebook's words beside it, the
    words in italics elsewhere (the English around them is not read); the table of words not used is not."""
    out, section = [], ""
    path = DOCS / f"glossary-{code}.md"
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.startswith("## "):
            section = line.strip()
            continue
        if section == TABLE_HEADING:
            continue
        if line.startswith("| ") and not line.startswith(("| English |", "| --- |")):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            text = " / ".join(cells[1:3])
        else:
            text = " / ".join(ITALIC.findall(line))
        if text:
            out.append((f"docs/{path.name}:{number}", section == "## Hashi", text))
    return out


@cache
def seat_name(code: str) -> re.Pattern:
    """The learner's seat's name (``words.you()``: one name for the three games, "Você") where it
    stands as a name ("Hashi: Você", "Você: 0 pontos"): a name, not a word of the sentence around it."""
    with open(_catalogs(code)[0], "rb") as f:
        name = read_po(f, locale=code).get("You", context="player name").string
    return re.compile(rf"(?<![^\W\d_]){re.escape(name)}(?=\s*:)|(?<=: ){re.escape(name)}(?![^\W\d_]| [^\W\d_])")


def faults(code: str) -> list[tuple[str, str, str, str]]:
    """(concept, the word found, where, the text around it) of every rejected word."""
    out = []
    rows = table(code)
    for where, hashi, text in texts(code):
        text = seat_name(code).sub(" ", FIELD.sub("0", TYPED.sub(" ", text.replace("’", "'"))))
        for row in rows:
            if row.scope == "Hashi" and not hashi:
                continue
            for m in row.pattern.finditer(text):
                around = " ".join(text[max(0, m.start() - 50): m.end() + 50].split())
                out.append((row.concept, m.group(), where, around))
    return out


# ---------------------------------------------------------------------------- tests

@pytest.mark.parametrize("code", LANGS)
def test_the_table_is_well_formed_and_agrees_with_the_glossary(code):
    rows = table(code)
    assert rows, f"glossary-{code}.md has no table {TABLE_HEADING!r}"
    glossary = read_glossary(code)
    terms = {f"{game}: {term}" for game, term in glossary_terms()}
    for row in rows:
        assert row.scope in SCOPES, row
        assert row.rejected, row
        assert not row.pattern.search(row.term), f"{row.concept}: the term {row.term!r} is one it rejects"
        if row.concept in terms:                       # a glossary term: the table says the glossary's word
            game, term = row.concept.split(": ", 1)
            word, printed, _source = glossary[(game, term)]
            assert row.term.casefold() in word.casefold(), f"{row.concept}: {row.term!r}, but the glossary says {word!r}"
            assert not row.pattern.search(word) and not row.pattern.search(printed), row
    concepts = [(row.concept, row.scope) for row in rows]
    assert len(concepts) == len(set(concepts)), "a concept twice in the table"


@pytest.mark.parametrize("code", LANGS)
def test_each_term_is_used(code):
    """Every row's term is a word the language's texts use (a row whose term went away is stale)."""
    every = "\n".join(text for where, _h, text in texts(code) if not where.startswith("docs/")).casefold()
    stale = [row.concept for row in table(code)
             if not row.term.startswith("(") and row.term.split(" (")[0].casefold() not in every]
    assert not stale, f"terms of glossary-{code}.md no text uses: {stale}"


def test_the_matching_is_whole_words_in_any_case():
    row = Row("tile side", "all", "krawędź", ("bok", "boku", "boki"))
    assert row.pattern.search("Każdy BOK żetonu") and row.pattern.search("wspólnym boku")
    assert not row.pattern.search("obok zamku") and not row.pattern.search("bokser")
    star = Row("x", "all", "y", ("est* *ndo", "ensemble #", "l'ensemble"))
    assert star.pattern.search("um bot está jogando") and star.pattern.search("ensemble {number}")
    assert star.pattern.search("ensemble 2") and star.pattern.search("l’ensemble".replace("’", "'"))
    assert not star.pattern.search("brochs ensemble") and not star.pattern.search("quando")


@pytest.mark.parametrize("code", LANGS)
def test_one_term_per_concept(code):
    found = faults(code)
    assert not found, f"{len(found)} words {code} does not use (docs/glossary-{code}.md, {TABLE_HEADING[3:]}):\n" + "\n".join(
        f"  {concept}: {word!r} in {where}: …{around}…" for concept, word, where, around in found[:60])


def main(argv: list[str]) -> int:
    total = 0
    for code in argv or LANGS:
        found = faults(code)
        for concept, word, where, around in found:
            print(f"{code} [{concept}] {word!r} in {where}: …{around}…")
        print(f"== {code}: {len(found)}")
        total += len(found)
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
