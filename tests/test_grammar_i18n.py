"""Grammar that fits every value (issue 27, build 2).

A translated sentence holds a name or a number it has not seen: "{name} decided" reads well for Ben and
wrong for Anna in Polish, "le plateau de {name}" for Ben and wrong for Eve in French ("d'Eve"), "{count}
gold" for 5 and wrong for 1 or 22 in Polish. The tests here fill the catalogs' texts with names that begin
with a vowel and with a consonant, of either gender, and with the counts 0, 1, 2, 5, 12, 22 and 101, and
check that every result is grammatical:

* every English text that puts a count before a noun is a plural entry (``ngettext``), so that each
  language chooses its form (a list of judged exceptions says why each is not);
* Polish picks the right form of a noun after a count (1 żeton, 2 żetony, 5 żetonów, 22 mosty, 101
  mostów; "1 sztukę złota", never "1 złota"), and no sentence has a past tense agreeing with a name;
* French never puts "de", "à" or "que" right before a name (no "de Eve", "que Anna"), and the terrain a
  tile's side "montre" has its article;
* Spanish says "otras 5 losetas" (never "5 otras losetas") and "1 loseta más";
* French user-facing text writes one apostrophe, the typographic ’ (tests/french_apostrophes.py puts it in).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from skye_widgets import i18n
from skye_widgets.i18n import LOCALE_DIR, ngettext, pgettext, set_language

ROOT = Path(__file__).resolve().parent.parent
LANGS = ["pt", "pl", "fr", "es"]
#: Names of either gender, beginning with a vowel and with a consonant.
NAMES = ["Eve", "Anna", "Olaf", "Ida", "Ben", "Cara", "Max", "María"]
COUNTS = [0, 1, 2, 5, 12, 22, 101]
#: Placeholders that hold a player's (or a bot's) name.
NAME_FIELD = r"\{(?:name|seller|current|names|winner|winners|player|who|runner_up|bot|entrant)\}"


@pytest.fixture(autouse=True)
def restore_language():
    before = i18n.language()
    yield
    set_language(before)


def catalog_paths(lang: str) -> list[Path]:
    return [LOCALE_DIR / lang / "LC_MESSAGES" / "skye_widgets.po", LOCALE_DIR / lang / "LC_MESSAGES" / "lessons.po",
            ROOT / "notebooks" / "locale" / lang / "LC_MESSAGES" / "notebooks.po"]


_CACHE: dict[Path, list] = {}


def entries(path: Path) -> list:
    if path not in _CACHE:
        with open(path, "rb") as f:
            _CACHE[path] = [m for m in read_po(f) if m.id]
    return _CACHE[path]


def forms(m) -> list[str]:
    return list(m.string) if isinstance(m.string, tuple) else [m.string]


def english(m) -> str:
    return m.id[0] if isinstance(m.id, tuple) else m.id


def translated(lang: str):
    """(file name, English, form index or None, text) of every translated text of a language."""
    for path in catalog_paths(lang):
        for m in entries(path):
            for i, s in enumerate(forms(m)):
                if s:
                    yield path.name, english(m), (i if isinstance(m.id, tuple) else None), s


# --- every count goes through ngettext -----------------------------------------------------------------------

#: A noun right after a placeholder: the placeholder is a count the noun agrees with.
COUNTED_NOUN = re.compile(r"\{(\w+)(?:[:!][^}]*)?\} (gold|tiles?|points?|rounds?|cards?|bridges?|islands?|squares?"
                          r"|moves?|players?|opponents?|characters?|games?|times|coins?|hints?|actions?|inhabitants?"
                          r"|turns?|sheep|cattle|ships?|spaces?|areas?)\b")
#: Placeholders that hold a fixed bound of the code (a name's 40 characters), never a count that varies.
BOUNDS = {"most", "max", "low", "high", "length", "limit", "depth", "fewest", "terrain", "height", "width", "action",
          "kind"}
#: Texts with a count that are left singular on purpose, and why.
JUDGED = {
    "'deck' must be a list of [number, bridges] cards (a deck has {count} cards)":
        "the size of the deck, always 18",
    "tiles: {count} tiles; a territory has at most {max} (a castle and 73 tiles)":
        "shown only above the maximum (75 or more): always the plural (Polish says it as a label)",
    "name: {count} characters long; a name has at most {max}": "shown only above the maximum, as above",
    "opponents: {count} opponents; Isle of Skye has at most 4 (5 players)": "shown only for 5 or more, as above",
    "bridge {a}-{b}: {value} bridges (1 or 2 allowed)":
        "{value} is whatever a file holds, not always a number: every language says it as a label",
    # a bare number, no word agrees with it
    "{game} is for {fewest}-{most} players, not {count}": "a bare number",
    "line {line}: the island count must be 0-{most}, got {count}": "a bare number",
    "--scoring takes four numbers (slots A-D), not {count}": "a bare number",
    "--step {step} is outside 0..{count}": "a bare number",
    "action {number} of {count}: {fault}": "a bare number",
    "scroll ({rule}) {place}: {how} = {count}, x 2 in {area}": "a bare number",
    "scroll ({rule}) {place}: {how} = {count} ({area}, not doubled)": "a bare number",
    "bridge {a} - {b} ({drawn} of {count})": "a bare number",
}


def singular_texts_with_a_count() -> list[str]:
    with open(LOCALE_DIR / "skye_widgets.pot", "rb") as f:
        template = [m for m in read_po(f) if m.id and not isinstance(m.id, tuple)]
    found = []
    for m in template:
        counted = [p for p, _noun in COUNTED_NOUN.findall(m.id) if p not in BOUNDS]
        if (counted or "{count}" in m.id) and m.id not in JUDGED:
            found.append(m.id)
    return found


def test_every_count_before_a_noun_is_a_plural_entry():
    assert singular_texts_with_a_count() == []


#: The lessons' texts are data, without plural forms: a count in one is either fixed by the lesson, or said
#: in each language in a form that fits every value ("in {most} of the games", "only {most} of {games}").
LESSON_FIXED = {
    "Yes! 5 for the castle and 1 for the connected whisky make {income} gold each round.":
        "said only when the income is 6, the task's answer",
    "In these {games} games, how often did a winner have the most tiles (ties included)?":
        "the strategy lab's sample of games, dozens of them",
    "Count again: only {most} of the {games} winners had the most tiles.":
        "{games} as above; each language says {most} in a form that fits every value (“solo {most} de {games}”)",
}
LESSON_NOUN = re.compile(COUNTED_NOUN.pattern.replace("|areas?)", "|areas?|winners?)"))


def test_a_count_in_a_lesson_text_is_fixed_by_the_lesson():
    with open(LOCALE_DIR / "lessons.pot", "rb") as f:
        template = [m for m in read_po(f) if m.id]
    found = [m.id for m in template if LESSON_NOUN.search(m.id) and m.id not in LESSON_FIXED]
    assert found == []
    assert [text for text in LESSON_FIXED if text not in {m.id for m in template}] == []


def test_the_judged_exceptions_are_still_in_the_code():
    with open(LOCALE_DIR / "skye_widgets.pot", "rb") as f:
        ids = {english(m) for m in read_po(f) if m.id}
    assert [text for text in JUDGED if text not in ids] == []


# --- Polish: the form of the noun after a count ---------------------------------------------------------------

def polish_form(n: int) -> int:
    """CLDR's rule, as the catalogs' Plural-Forms header: 0 one, 1 few, 2 many."""
    if n == 1:
        return 0
    return 1 if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else 2


#: Polish nouns in the nominative or accusative after a number: (one, few, many).
POLISH_NOUNS = {
    "żeton": ({"żeton"}, {"żetony"}, {"żetonów"}),
    "most": ({"most"}, {"mosty"}, {"mostów"}),
    "wyspa": ({"wyspa", "wyspę"}, {"wyspy"}, {"wysp"}),
    "sztuka": ({"sztuka", "sztukę"}, {"sztuki"}, {"sztuk"}),
    "punkt": ({"punkt"}, {"punkty"}, {"punktów"}),
    "runda": ({"runda", "rundę"}, {"rundy"}, {"rund"}),
    "karta": ({"karta", "kartę"}, {"karty"}, {"kart"}),
    "pole": ({"pole"}, {"pola"}, {"pól"}),
    "miejsce": ({"miejsce"}, {"miejsca"}, {"miejsc"}),
    "ruch": ({"ruch"}, {"ruchy"}, {"ruchów"}),
    "owca": ({"owca", "owcę"}, {"owce"}, {"owiec"}),
    "statek": ({"statek"}, {"statki"}, {"statków"}),
    "obszar": ({"obszar"}, {"obszary"}, {"obszarów"}),
}
POLISH_WORD = {w: (noun, i) for noun, columns in POLISH_NOUNS.items() for i, col in enumerate(columns) for w in col}
#: Words before a count that govern its case ("z 5 pól", "co najmniej 3 mostów", "po 2 rundach", "grupa 2 wysp",
#: "potrzebuje 3 mostów", "nie może odsłonić 3 żetonów"): the genitive or another case, the same for 2 and 5.
GOVERNING = {"z", "ze", "po", "o", "od", "do", "najmniej", "najwyżej", "spośród", "dla", "około", "ponad", "przez",
             "wśród", "niż", "bez", "u", "przy", "mniej", "więcej", "kilku", "każdych", "każdego", "brak", "wokół",
             "grupa", "grupę", "grupy", "potrzebuje", "potrzebują", "odsłonić", "narysować", "kolumna", "wiersz"}
#: Counts that never vary, by English text: the noun's form was chosen for that one value.
FIXED_COUNTS = {"'deck' must be a list of [number, bridges] cards (a deck has {count} cards)": ("count",)}
AFTER_COUNT = re.compile(r"\{(\w+)\} (\w+)(?: (\w+))?")


def word_before(text: str, at: int) -> str:
    words = re.findall(r"[\w’']+", text[:at])
    return words[-1].lower() if words else ""


def polish_agreement_faults() -> list[str]:
    faults = []
    for name, _en, index, text in translated("pl"):
        for m in AFTER_COUNT.finditer(text):
            field, word, after = m.groups()
            before = word_before(text, m.start())
            governed = before in GOVERNING or before.endswith(("ych", "ich"))   # "pozostałych 3 mostów"
            if word in ("złota", "złoto", "bydła") and after not in ("moneta",) and not governed:
                faults.append(f"{name}: “{{{field}}} {word}” (1 sztuka złota / bydła, 2 sztuki, 5 sztuk): {text!r}")
            if word not in POLISH_WORD or governed:
                continue
            if index is None:          # a count in a text that is not a plural entry fits only some counts
                if field not in FIXED_COUNTS.get(_en, ()):
                    faults.append(f"{name}: “{{{field}}} {word}” in a text that is not a plural entry: {text!r}")
                continue
            _noun, column = POLISH_WORD[word]
            if column != index:
                faults.append(f"{name}: form {index} says “{{{field}}} {word}”: {text!r}")
    return faults


def test_polish_nouns_after_a_count_take_the_form_of_the_count():
    assert polish_agreement_faults() == []


@pytest.mark.parametrize("n", COUNTS)
def test_polish_counts_render_in_the_right_form(n):
    set_language("pl")
    form = polish_form(n)
    tile = ["żeton", "żetony", "żetonów"][form]
    bridge = ["most", "mosty", "mostów"][form]
    gold_acc = ["sztukę", "sztuki", "sztuk"][form]
    gold_nom = ["sztuka", "sztuki", "sztuk"][form]
    assert ngettext("{count} tile", "{count} tiles", n).format(count=n) == f"{n} {tile}"
    assert ngettext("{count} bridge", "{count} bridges", n).format(count=n) == f"{n} {bridge}"
    assert ngettext("{n} cattle", "{n} cattle", n).format(n=n) == f"{n} {gold_nom} bydła"
    assert ngettext("{name} receives {gold} gold ({why}).", "{name} receives {gold} gold ({why}).", n).format(
        name="Anna", gold=n, why="zamek +5") == f"Anna otrzymuje {n} {gold_acc} złota (zamek +5)."
    assert f"za {n} {gold_acc} złota" in ngettext(
        "buy tile {tile} from {seller} for {price} gold", "buy tile {tile} from {seller} for {price} gold", n).format(
        tile="12", seller="Olaf", price=n)


def test_polish_unsold_tiles_follow_the_number_of_tiles():
    from skye_widgets.skye.game import LOG
    set_language("pl")
    one = LOG["unsold"].format(name="Ida", tiles="43", gold=1, count=1)
    two = LOG["unsold"].format(name="Ida", tiles="43, 12", gold=3, count=2)
    assert "niesprzedany żeton 43 " in one and "żetony" not in one
    assert "niesprzedane żetony 43, 12 " in two


# --- Polish: no past tense agreeing with a name ---------------------------------------------------------------

#: A past tense (or conditional) form: -ł, -ła, -ło, -li, -ły, -łby, -łaby, ... after a vowel.
PAST = r"\w*[aeiouyąęó](?:ł|ła|ło|ły|li)(?:by|śmy|ście)?"
NAME_THEN_PAST = re.compile(r"(\w+\s+)?" + NAME_FIELD + r"\s+(?:\w+\s+)?(" + PAST + r")\b")
PAST_THEN_NAME = re.compile(r"\b(" + PAST + r")\s+" + NAME_FIELD)
#: Words before a name that the verb agrees with instead ("Bot {name} zawiódł", "wynik gracza {name} zmienił").
OWN_SUBJECT = {"bot", "gracza", "gracz", "bota"}


def polish_gender_faults() -> list[str]:
    faults = []
    for name, _en, _index, text in translated("pl"):
        if re.search(r"ł\(a\)", text):
            faults.append(f"{name}: “(a)” for a name's gender: {text!r}")
        for m in NAME_THEN_PAST.finditer(text):
            if (m.group(1) or "").strip().lower() not in OWN_SUBJECT:
                faults.append(f"{name}: “{m.group(0)}”: {text!r}")
        for m in PAST_THEN_NAME.finditer(text):
            faults.append(f"{name}: “{m.group(0)}”: {text!r}")
    return faults


def test_no_polish_past_tense_agrees_with_a_name():
    assert polish_gender_faults() == []


@pytest.mark.parametrize("who", NAMES)
def test_polish_decision_line_fits_every_name(who):
    set_language("pl")
    from skye_widgets.skye.game import LOG
    line = LOG["decided"].format(name=who)
    assert line.startswith(who) and not re.search(PAST, line.split(" (")[0][len(who):])


# --- French: names where no elision or article depends on them ------------------------------------------------

BEFORE_NAME = re.compile(r"\b(de|à|que|jusqu[’']à|lorsque|puisque|du|au|le|la)\s+" + NAME_FIELD, re.IGNORECASE)


def test_no_french_text_puts_de_a_or_que_right_before_a_name():
    faults = [f"{name}: {text!r}" for name, _en, _i, text in translated("fr") if BEFORE_NAME.search(text)]
    assert faults == []


def test_french_texts_read_well_with_every_name():
    """Filled with names that begin with a vowel: no "de Eve", "que Anna", "à Olaf" anywhere."""
    faults = []
    for name, _en, _i, text in translated("fr"):
        if not re.search(NAME_FIELD, text):
            continue
        for who in NAMES:
            shown = re.sub(NAME_FIELD, who, text)
            if re.search(r"\b(de|que|à|lorsque|puisque|jusque) [AEIOUYÉÈ]", shown):
                faults.append(f"{name}: {shown!r}")
                break
    assert faults == []


def test_french_terrain_after_montre_has_its_article():
    from skye_widgets.skye.territory import Terrain, terrain_shown
    set_language("fr")
    words = [terrain_shown(t) for t in (Terrain.PASTURE, Terrain.MOUNTAIN, Terrain.WATER)]
    assert words == ["du pâturage", "de la montagne", "de l’eau"]
    assert pgettext("terrain", "water") == "eau"          # the bare word elsewhere (lists, titles)


# --- Spanish: "otras 5 losetas", "1 loseta más" ---------------------------------------------------------------

def test_spanish_other_comes_before_the_count():
    faults = [f"{name}: {text!r}" for name, _en, _i, text in translated("es")
              if re.search(r"\{\w+\} otr[oa]s?\b(?! vez)|\bmejor otr[oa]\b|\bl[oa]s? \{\w+\} de oro", text)]
    assert faults == []


@pytest.mark.parametrize("n", COUNTS)
def test_spanish_territory_with_other_tiles(n):
    set_language("es")
    text = ngettext("A territory with the {colour} castle and {count} other tile, {n} tiles in all.",
                    "A territory with the {colour} castle and {count} other tiles, {n} tiles in all.", n).format(
        colour="azul", count=n, n=n + 1)
    assert (f"y {n} loseta más," if n == 1 else f"y otras {n} losetas,") in text


@pytest.mark.parametrize("n", COUNTS)
def test_gold_counts_in_portuguese_spanish_and_french(n):
    """No "perde as 1 moedas" or "pierde los 1 de oro": the count chooses the noun's form."""
    expected = {"pt": "moeda" if n == 1 else "moedas", "es": "moneda de oro" if n == 1 else "monedas de oro",
                "fr": "pièce d’or" if n <= 1 else "pièces d’or"}
    for lang, word in expected.items():
        set_language(lang)
        text = ngettext("{name} receives {gold} gold ({why}).", "{name} receives {gold} gold ({why}).", n).format(
            name="Eve", gold=n, why="x")
        assert f" {n} {word} (" in text, text


# --- French apostrophes ---------------------------------------------------------------------------------------

STRAIGHT = re.compile(r"(?<=[^\W\d_])'(?=[*_]*[^\W\d_])")


def test_french_writes_the_typographic_apostrophe():
    faults = [f"{name}: {text!r}" for name, _en, _i, text in translated("fr") if STRAIGHT.search(text)]
    assert faults == [], f"{len(faults)} French texts with a straight apostrophe: run tests/french_apostrophes.py"


# --- Portuguese wording ---------------------------------------------------------------------------------------

def test_portuguese_scrolls_are_worth_double_and_hashi_says_ronda():
    faults = [f"{name}: {text!r}" for name, _en, _i, text in translated("pt")
              if re.search(r"\bdobrad[oa]s?\b|\bdesta vez\b", text)]
    assert faults == []


@pytest.mark.parametrize("code,n,words", [("fr", -15, "à -15 points :"), ("fr", -1, "à -1 point :"),
                                          ("pt", -2, "para -2 pontos:"), ("en", -1, "to -1 point:"),
                                          ("en", -15, "to -15 points:")])
def test_a_negative_count_takes_the_form_of_its_size(code, n, words):
    """A score below zero is counted as its size says (CLDR): the French projector read "passe de -13 à
    -15 point" (the formula n > 1 took -15 for fewer than two)."""
    from skye_widgets.widgets.base import MOVE_SCORED

    set_language(code)
    try:
        text = MOVE_SCORED.format(name="Bot 3", before=-13, after=n)
    finally:
        set_language("en")
    assert text.endswith(words.replace(" :", "\u00a0:")) if code == "fr" else text.endswith(words), text


def test_polish_negative_counts_take_the_form_of_their_size():
    set_language("pl")
    try:
        forms = [ngettext("{count} bridge", "{count} bridges", n) for n in (-1, -2, -5, -22)]
    finally:
        set_language("en")
    assert forms == ["{count} most", "{count} mosty", "{count} mostów", "{count} mosty"]
