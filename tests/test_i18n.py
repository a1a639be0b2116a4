"""The translation machinery (skye_widgets.i18n) and its catalogs (skye_widgets/locale).

Every catalog is complete (no text untranslated or fuzzy, the same placeholders as the English),
up to date with the code (the template holds exactly the marked texts) and compiled (each .mo
says what its .po says); the language comes from set_language or the environment; plural forms
are right (Polish has three); a text marked at import follows a later set_language.
"""

from __future__ import annotations

import gettext
import importlib.util
import re
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po

from skye_widgets import i18n
from skye_widgets.i18n import LANGUAGES, LOCALE_DIR, PSEUDO, lazy, lazy_ngettext, set_language

ROOT = Path(__file__).resolve().parent.parent
TRANSLATED = [code for code in LANGUAGES if code != "en"] + [PSEUDO]

#: Plural-Forms of each catalog: the CLDR rules as gettext writes them (Babel's `init` header).
PLURAL_FORMS = {
    "pt": "nplurals=2; plural=(n != 1);",
    "es": "nplurals=2; plural=(n != 1);",
    "fr": "nplurals=2; plural=(n > 1);",
    "pl": "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
    PSEUDO: "nplurals=2; plural=(n != 1);",
}

FIELD = re.compile(r"\{\{|\}\}|\{([^{}]*)\}|%\(([^)]*)\)")


def placeholders(text: str) -> set[str]:
    """The named fields of a text, format spec included: {name}, {count:>3}, %(x)."""
    found = set()
    for m in FIELD.finditer(text):
        if m.group(1) is not None:
            found.add("{" + m.group(1) + "}")
        elif m.group(2) is not None:
            found.add("%(" + m.group(2) + ")")
    return found


def read_catalog(path: Path, locale: str | None = None):
    with open(path, "rb") as f:
        return read_po(f, locale=locale)


def po_path(code: str) -> Path:
    return LOCALE_DIR / code / "LC_MESSAGES" / "skye_widgets.po"


def messages(catalog) -> dict:
    return {(m.context, m.id if isinstance(m.id, str) else m.id[0]): m for m in catalog if m.id}


@pytest.fixture(autouse=True)
def restore_language():
    before = i18n.language()
    yield
    set_language(before)


def test_placeholders_reads_fields_and_skips_escaped_braces():
    assert placeholders("{name} buys {{tile}} {n:>3} for %(price)s") == {"{name}", "{n:>3}", "%(price)"}
    assert placeholders("no fields") == set()


def test_the_template_holds_exactly_the_marked_texts_of_the_code():
    """`make messages` was run after the last change of a marked text (else a text has no translation)."""
    keywords = dict(DEFAULT_KEYWORDS, lazy=None, lazy_ngettext=(1, 2))
    found = set()
    for _file, _line, message, _comments, context in extract_from_dir(
            ROOT / "skye_widgets", method_map=[("**.py", "python")], keywords=keywords):
        found.add((context, message if isinstance(message, str) else message[0]))
    template = set(messages(read_catalog(LOCALE_DIR / "skye_widgets.pot")))
    assert found, "no marked text found: the extraction itself is broken"
    assert found - template == set(), "marked in the code but missing from the template: run `make messages`"
    assert template - found == set(), "in the template but no longer in the code: run `make messages`"


def test_english_singular_and_plural_have_the_same_placeholders():
    for m in read_catalog(LOCALE_DIR / "skye_widgets.pot"):
        if m.id and m.pluralizable:
            assert placeholders(m.id[0]) == placeholders(m.id[1]), m.id


@pytest.mark.parametrize("code", TRANSLATED)
def test_catalog_is_complete_and_keeps_the_placeholders(code):
    catalog = read_catalog(po_path(code), None if code == PSEUDO else code)
    assert catalog.plural_forms == PLURAL_FORMS[code]           # read from the header's Plural-Forms
    assert '"Language: %s\\n"' % code in po_path(code).read_text(encoding="utf-8")
    template = messages(read_catalog(LOCALE_DIR / "skye_widgets.pot"))
    mine = messages(catalog)
    assert set(mine) == set(template), "the catalog is not merged with the template: run `make messages`"
    nplurals = int(re.match(r"nplurals=(\d+);", PLURAL_FORMS[code]).group(1))
    faults = []
    for key, m in mine.items():
        if m.fuzzy:
            faults.append(f"fuzzy: {key}")
        if m.pluralizable:
            english = placeholders(m.id[1])
            forms = list(m.string)
            if len(forms) != nplurals:
                faults.append(f"{len(forms)} forms, not {nplurals}: {key}")
        else:
            english = placeholders(m.id)
            forms = [m.string]
        for form in forms:
            if not form:
                faults.append(f"untranslated: {key}")
            elif placeholders(form) != english:
                faults.append(f"placeholders {sorted(placeholders(form))} instead of {sorted(english)}: {key}")
    assert faults == []


@pytest.mark.parametrize("code", TRANSLATED)
def test_compiled_catalog_says_what_the_po_says(code):
    """The .mo (what the package reads) is compiled from the current .po: `make messages` was run."""
    catalog = read_catalog(po_path(code), None if code == PSEUDO else code)
    with open(po_path(code).with_suffix(".mo"), "rb") as f:
        compiled = gettext.GNUTranslations(f)
    expected = {}
    for m in catalog:
        if not m.id or m.fuzzy:
            continue
        key = m.id if m.context is None else f"{m.context}\x04{m.id}"
        if m.pluralizable:
            singular = m.id[0] if m.context is None else f"{m.context}\x04{m.id[0]}"
            for i, form in enumerate(m.string):
                expected[(singular, i)] = form
        else:
            expected[key] = m.string
    actual = {k: v for k, v in compiled._catalog.items() if k != ""}   # "" is the header
    assert actual == expected
    assert compiled._info["plural-forms"] == PLURAL_FORMS[code]


def test_pseudo_catalog_is_generated_from_the_template():
    """qps is `tests/pseudo_catalog.py`'s output for the current template: every text accented, bracketed."""
    spec = importlib.util.spec_from_file_location("pseudo_catalog", ROOT / "tests" / "pseudo_catalog.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    assert tool.pseudo("{name} buys tile {tile}.") == "[{name} ƀûýš ţîļé {tile}. ~~~~~~~~~~]"
    pseudo = messages(read_catalog(po_path(PSEUDO)))
    for key, m in messages(read_catalog(LOCALE_DIR / "skye_widgets.pot")).items():
        if m.pluralizable:
            assert pseudo[key].string == tuple(tool.pseudo(form) for form in m.id)
        else:
            assert pseudo[key].string == tool.pseudo(m.id)


# Polish: 1 wyspa (one), 2/3/4 and 22/23/24 wyspy (few), 5-21, 25-31, 101... wysp (many):
# hand-checked against the rule "n%10 in 2..4 and n%100 not in 12..14 -> few".
POLISH = {1: 0, 2: 1, 5: 2, 12: 2, 22: 1, 25: 2, 101: 2}


def test_polish_plural_rule_picks_the_form():
    with open(po_path("pl").with_suffix(".mo"), "rb") as f:
        compiled = gettext.GNUTranslations(f)
    assert {n: compiled.plural(n) for n in POLISH} == POLISH


def test_french_plural_rule_counts_zero_and_one_as_singular():
    with open(po_path("fr").with_suffix(".mo"), "rb") as f:
        compiled = gettext.GNUTranslations(f)
    assert [compiled.plural(n) for n in (0, 1, 2)] == [0, 0, 1]


@pytest.mark.parametrize("environ, expected", [
    ({"LANG": "pt_BR.UTF-8"}, "pt"),
    ({"LANG": "pl_PL.UTF-8"}, "pl"),
    ({"LC_MESSAGES": "fr_FR", "LANG": "pl_PL"}, "fr"),          # LC_MESSAGES before LANG
    ({"LC_ALL": "es_ES.UTF-8", "LC_MESSAGES": "fr_FR"}, "es"),  # LC_ALL before LC_MESSAGES
    ({"LANGUAGE": "de:es:pt", "LC_ALL": "fr_FR"}, "es"),         # LANGUAGE first, its first language spoken
    ({"LANGUAGE": "", "LANG": "fr_CA.UTF-8"}, "fr"),            # an empty variable counts as unset
    ({"LANG": "C.UTF-8"}, "en"),
    ({"LANG": "de_DE.UTF-8"}, "en"),                             # a language not spoken: English
    ({"LANGUAGE": "de", "LANG": "pt_PT"}, "en"),                 # the first variable set decides, as in gettext
    ({}, "en"),
])
def test_environment_picks_the_language(environ, expected):
    assert i18n.language_from_environment(environ) == expected


def test_set_language_none_reads_the_environment(monkeypatch):
    for name in i18n.ENVIRONMENT:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "pl_PL.UTF-8")
    assert set_language(None) == "pl" and i18n.language() == "pl"
    assert i18n._("{items} and {last}") == "{items} i {last}"
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert set_language(None) == "en" and i18n._("{items} and {last}") == "{items} and {last}"


def test_an_unknown_language_is_refused_and_changes_nothing():
    set_language("fr")
    with pytest.raises(ValueError, match=re.escape("La langue «\u00a0de\u00a0» n’existe pas\u00a0; les langues sont en, pt, pl, fr, es.")):
        set_language("de")
    assert i18n.language() == "fr"
    set_language("en")
    with pytest.raises(ValueError, match=re.escape('There is no language "xx"; the languages are en, pt, pl, fr, es.')):
        set_language("xx")


def test_set_language_is_exported_and_accepts_locale_names():
    import skye_widgets
    assert skye_widgets.set_language("pt_BR.UTF-8") == "pt" and skye_widgets.language() == "pt"
    assert skye_widgets.set_language("ES") == "es"


def test_a_text_marked_at_import_follows_a_later_set_language():
    set_language("en")
    label = lazy("{items} and {last}")          # built while English is spoken, like a module constant
    counted = lazy_ngettext("{count} more", "{count} more")
    assert label.format(items="a", last="b") == "a and b" and str(label) == "{items} and {last}"
    set_language("fr")
    assert label.format(items="a", last="b") == "a et b" and str(label) == "{items} et {last}"
    assert counted.format(count=1) == "1 autre" and counted.format(count=3) == "3 autres"
    set_language("pl")
    assert [counted.format(count=n) for n in (1, 3, 5)] == ["1 inna pozycja", "3 inne pozycje", "5 innych pozycji"]


def test_a_text_nobody_translated_stays_english():
    set_language("pt")
    assert i18n._("A sentence nobody marked.") == "A sentence nobody marked."
    assert i18n.ngettext("{n} bridge", "{n} bridges", 2) == "{n} bridges"


# --- glossaries: docs/glossary-<lang>.md gives every game term of docs/glossary-terms.txt a word and a source

SEEDS = ROOT.parent / "shared" / "seeds"          # the rulebooks (docs/*.md cite them as ../shared/seeds/)
GAMES = {"Isle of Skye": "skye", "Hashi": "hashi", "Skylands": "skylands"}
RULEBOOKS = {
    ("skye", "pt"): "isle_of_skye_rules_pt.txt", ("skye", "pl"): "isle_of_skye_rules_pl.txt",
    ("skye", "fr"): "isle_of_skye_rules_fr.txt", ("hashi", "pt"): "bridges_flip_and_write_rules_pt.txt",
    ("skylands", "es"): "skylands_rules_es.txt",
}
SOURCE = re.compile(r"^(?:\(our choice\)|(?P<ours>\(our choice\) )?(?P<file>[a-z_]+\.txt):(?P<line>[1-9]\d*))$")


def glossary_terms() -> list[tuple[str, str]]:
    lines = (ROOT / "docs" / "glossary-terms.txt").read_text(encoding="utf-8").splitlines()
    return [tuple(line.split(": ", 1)) for line in lines if line and not line.startswith("#")]


def read_glossary(code: str) -> dict[tuple[str, str], tuple[str, str, str]]:
    """(game, English term) -> (word, as printed, source), from the tables under each game's heading."""
    rows, game = {}, None
    for line in (ROOT / "docs" / f"glossary-{code}.md").read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            game = GAMES.get(line[3:].strip())       # other headings (e.g. "Other words") hold no terms
        elif line.startswith("| ") and game and not line.startswith(("| English |", "| --- |")):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            assert len(cells) == 4, line
            assert (game, cells[0]) not in rows, f"twice in glossary-{code}.md: {cells[0]}"
            rows[(game, cells[0])] = tuple(cells[1:])
    return rows


def test_the_term_list_is_whole():
    terms = glossary_terms()
    assert len(terms) == len(set(terms)) and {g for g, _ in terms} == set(GAMES.values())
    assert ("skye", "scoring tile 16, Completed mountain areas") in terms and ("hashi", "dotted line") in terms


@pytest.mark.parametrize("code", [c for c in LANGUAGES if c != "en"])
def test_glossary_has_every_term_with_a_source(code):
    rows = read_glossary(code)
    terms = glossary_terms()
    assert sorted(set(terms) - set(rows)) == [], f"glossary-{code}.md misses terms"
    assert sorted(set(rows) - set(terms)) == [], f"glossary-{code}.md has terms not in glossary-terms.txt"
    for (game, term), (word, printed, source) in rows.items():
        m = SOURCE.match(source)
        assert word and word != "—" and m, (term, word, source)
        if m.group("file"):
            assert m.group("file") == RULEBOOKS.get((game, code)), f"{term}: {source} is not the {game} rulebook in {code}"
            assert printed != "—", term
        else:
            assert printed == "—", term
    if any((g, code) in RULEBOOKS for g in GAMES.values()):    # a rulebook in this language: most words are its own
        cited = [t for (g, t), (_, _, s) in rows.items() if (g, code) in RULEBOOKS and s.startswith(RULEBOOKS[(g, code)])]
        assert len(cited) >= 30, cited


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the seed rulebooks are not next to the repository")
@pytest.mark.parametrize("code", [c for c in LANGUAGES if c != "en"])
def test_glossary_quotes_are_on_the_cited_lines(code):
    faults = []
    for (game, term), (_word, printed, source) in read_glossary(code).items():
        m = SOURCE.match(source)
        if m and m.group("file"):
            lines = (SEEDS / m.group("file")).read_text(encoding="utf-8").splitlines()
            line = lines[int(m.group("line")) - 1].replace("*", "")
            if printed.casefold() not in line.casefold():
                faults.append(f"{term}: {printed!r} is not on {source}: {line!r}")
    assert faults == []
