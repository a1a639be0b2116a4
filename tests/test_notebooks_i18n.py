"""The lessons' texts and the notebooks in every language (issue 18).

The lessons' texts (``skye_widgets/lessons/data/*.json``) have their own catalogs
(``skye_widgets/locale/<lang>/LC_MESSAGES/lessons.po`` + ``.mo``), the notebooks theirs
(``notebooks/locale/<lang>/LC_MESSAGES/notebooks.po``), from which ``notebooks/<lang>/`` is built
(``tests/data_catalogs.py``, run by ``make messages``). Here: each catalog is complete (nothing
empty or fuzzy), keeps what must not change (placeholders, link targets, a table's columns, a
heading's level, a code cell's code), its template is up to date, the built notebooks are what the
catalogs say, links stay inside one language's folder, and a lesson's texts follow set_language.
nbval runs every notebook of every folder (``pytest --nbval-lax`` collects ``notebooks/**``).
"""

from __future__ import annotations

import gettext
import re
from pathlib import Path

import nbformat
import pytest
from babel.messages.pofile import read_po

import data_catalogs as dc
from skye_widgets import i18n, lessons
from skye_widgets.i18n import LESSONS, LOCALE_DIR, PSEUDO

from test_i18n import placeholders

LANGS = dc.LANGS
LINK = re.compile(r"\]\(([^)\s]+)\)")


@pytest.fixture(autouse=True)
def restore_language():
    before = i18n.language()
    yield
    i18n.set_language(before)


def read(path: Path, code: str | None = None):
    with open(path, "rb") as f:
        return read_po(f, locale=code)


def entries(catalog) -> dict:
    return {(m.context, m.id): m for m in catalog if m.id}


def lessons_po(code: str) -> Path:
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{LESSONS}.po"


def notebooks_po(code: str) -> Path:
    return dc.NB_LOCALE / code / "LC_MESSAGES" / f"{dc.NB_DOMAIN}.po"


# ---------------------------------------------------------------------------- the lessons

def test_the_lessons_template_holds_every_text_of_the_lesson_files():
    template = set(entries(read(LOCALE_DIR / f"{LESSONS}.pot")))
    found = set(entries(dc.lessons_template()))
    assert len(found) > 200                    # 10 lesson files: questions, choices, feedback, tasks
    assert found == template, "run `make messages`"


@pytest.mark.parametrize("code", LANGS)
def test_lessons_catalog_is_complete_and_keeps_the_placeholders(code):
    catalog = entries(read(lessons_po(code), code))
    assert set(catalog) == set(entries(read(LOCALE_DIR / f"{LESSONS}.pot"))), "run `make messages`"
    faults = [f"{'fuzzy' if m.fuzzy else 'untranslated'}: {key}" for key, m in catalog.items()
              if m.fuzzy or not m.string]
    faults += [f"placeholders {sorted(placeholders(m.string))}: {key}" for key, m in catalog.items()
               if m.string and placeholders(m.string) != placeholders(m.id)]
    assert faults == []


@pytest.mark.parametrize("code", [*LANGS, PSEUDO])
def test_lessons_mo_says_what_the_po_says(code):
    catalog = read(lessons_po(code), None if code == PSEUDO else code)
    with open(lessons_po(code).with_suffix(".mo"), "rb") as f:
        compiled = gettext.GNUTranslations(f)
    expected = {f"{m.context}\x04{m.id}": m.string for m in catalog if m.id and m.string and not m.fuzzy}
    assert {k: v for k, v in compiled._catalog.items() if k != ""} == expected


@pytest.mark.parametrize("code", LANGS)
def test_every_lesson_reads_in_each_language_with_the_same_answers(code):
    english = {stem: lessons.load(stem) for stem in lessons.stems()}
    i18n.set_language(code)
    for stem, en in english.items():
        mine = lessons.load(stem)
        assert mine.quizzes.keys() == en.quizzes.keys() and mine.exercises.keys() == en.exercises.keys()
        for key, quiz in mine.quizzes.items():
            assert [c.right for c in quiz.choices] == [c.right for c in en.quizzes[key].choices]
            labels = [c.label for c in quiz.choices]
            assert len(set(labels)) == len(labels), f"{stem} {key}: two choices read the same"
            assert quiz.question != en.quizzes[key].question, f"{stem} {key}: still English"
        for key, ex in mine.exercises.items():
            assert ex.check == en.exercises[key].check and ex.args == en.exercises[key].args
            assert ex.messages.keys() == en.exercises[key].messages.keys()
            assert ex.task != en.exercises[key].task, f"{stem} {key}: still English"


#: Lesson 3's first quiz and its first choice, as a reader of each language should see them
#: (written and checked by hand, not copied from the catalogs).
LESSON_3 = {
    "pt": ("Uma peça tem um pequeno lago impresso no meio, sem tocar nenhum dos lados. O que é isso?",
           "Uma área aberta"),
    "pl": ("Na środku żetonu jest nadrukowane małe jezioro, które nie dotyka żadnej krawędzi. Co to jest?",
           "Obszar otwarty"),
    "fr": ("Une tuile porte un petit lac imprimé en son milieu, qui ne touche aucun de ses côtés. "
           "Qu’est-ce que c’est\u00a0?", "Une zone ouverte"),
    "es": ("Una loseta tiene un pequeño lago impreso en el centro, que no toca ninguno de sus lados. ¿Qué es?",
           "Un área abierta"),
}


@pytest.mark.parametrize("code", LANGS)
def test_a_quiz_reads_in_the_language_with_the_rulebook_words(code):
    i18n.set_language(code)
    quiz = lessons.load("03_areas").quizzes["enclosed_lake"]
    assert (quiz.question, quiz.choices[0].label) == LESSON_3[code]


def test_a_lesson_follows_set_language_and_back():
    english = lessons.load("03_areas").quizzes["enclosed_lake"].question
    i18n.set_language("qps")
    pseudo = lessons.load("03_areas").quizzes["enclosed_lake"].question
    assert pseudo.startswith("[") and pseudo.endswith("]") and "ţîļé" in pseudo
    i18n.set_language("en")
    assert lessons.load("03_areas").quizzes["enclosed_lake"].question == english


def test_every_lesson_text_is_marked_for_translation():
    """Under the pseudo-language no lesson text is left in English (a text the extraction missed)."""
    i18n.set_language("qps")
    left = [f"{stem}: {where}" for stem in lessons.stems()
            for where, text in lessons.texts_of(lessons.load(stem))
            if not (text.startswith("[") and text.endswith("]"))]
    assert left == []


# ---------------------------------------------------------------------------- the notebooks

def test_the_notebooks_template_holds_every_block_of_the_english_notebooks():
    template = set(entries(read(dc.NB_LOCALE / f"{dc.NB_DOMAIN}.pot")))
    found = set(entries(dc.notebook_template()))
    assert len(found) > 400
    assert found == template, "run `make messages`"


def _markdown_faults(english: str, text: str) -> list[str]:
    faults = []
    if sorted(LINK.findall(english)) != sorted(LINK.findall(text)):
        faults.append(f"link targets {sorted(LINK.findall(text))} instead of {sorted(LINK.findall(english))}")
    heading = re.match(r"#+ ", english)
    if heading and not text.startswith(heading.group(0)):
        faults.append(f"not a heading of level {len(heading.group(0)) - 1}")
    rows = [line for line in english.split("\n") if line.startswith("|")]
    if rows:
        mine = [line for line in text.split("\n") if line.startswith("|")]
        if [r.count("|") for r in rows] != [r.count("|") for r in mine]:
            faults.append("the table's rows or columns changed")
    return faults


@pytest.mark.parametrize("code", LANGS)
def test_notebooks_catalog_is_complete_and_keeps_links_tables_and_code(code):
    catalog = entries(read(notebooks_po(code), code))
    assert set(catalog) == set(entries(read(dc.NB_LOCALE / f"{dc.NB_DOMAIN}.pot"))), "run `make messages`"
    faults = []
    for (context, english), m in catalog.items():
        where = f"{context}: {english[:60]!r}"
        if m.fuzzy or not m.string:
            faults.append(f"{'fuzzy' if m.fuzzy else 'untranslated'}: {where}")
            continue
        if "code" in " ".join(m.auto_comments):
            try:
                same = dc.code_shape(m.string) == dc.code_shape(english)
            except SyntaxError as e:
                faults.append(f"not Python ({e.msg}): {where}")
                continue
            if not same:
                faults.append(f"the code changed (only comments and texts may): {where}")
            if english.startswith("# NBVAL_CHECK_OUTPUT") != m.string.startswith("# NBVAL_CHECK_OUTPUT"):
                faults.append(f"nbval's mark moved: {where}")
        else:
            faults += [f"{f}: {where}" for f in _markdown_faults(english, m.string)]
    assert faults == []


def test_the_built_notebooks_are_what_the_catalogs_say():
    assert [str(p.relative_to(dc.ROOT)) for p in dc.build(check=True)] == [], "run `make messages`"


@pytest.mark.parametrize("code", LANGS)
def test_each_language_has_every_notebook_and_its_links_stay_in_the_language(code):
    folder = dc.NOTEBOOKS / code
    assert sorted(p.name for p in folder.glob("*.ipynb")) == sorted(p.name for p in dc.english_notebooks())
    broken = []
    for path in sorted(folder.glob("*.ipynb")):
        nb = nbformat.read(path, as_version=4)
        first = next(c for c in nb.cells if c.cell_type == "code" and c.get("id") != "lite-install")
        assert f'set_language("{code}")' in first.source, path.name
        for cell in nb.cells:
            if cell.cell_type != "markdown":
                continue
            for target in LINK.findall(cell.source):
                if re.match(r"[a-z]+:|#", target):
                    continue
                file = target.split("#")[0]
                resolved = (folder / file).resolve()
                if not resolved.exists():
                    broken.append(f"{path.name}: {target}")
                elif file.endswith(".ipynb") and cell.get("id") != dc.LANGUAGES_CELL_ID \
                        and resolved.parent != folder.resolve():
                    broken.append(f"{path.name}: {target} leaves the {code} notebooks")
    assert broken == []


def test_the_welcome_notebook_links_every_language():
    for code in ["en", *LANGS]:
        path = dc.NOTEBOOKS / ("" if code == "en" else code) / "00_welcome.ipynb"
        line = next(c.source for c in nbformat.read(path, as_version=4).cells
                    if c.get("id") == dc.LANGUAGES_CELL_ID)
        assert f"**{i18n.NAMES[code]}**" in line
        targets = LINK.findall(line)
        assert len(targets) == len(i18n.LANGUAGES) - 1
        assert all((path.parent / t).resolve().exists() for t in targets), targets


def test_blocks_keep_a_fenced_code_block_whole_and_skip_what_has_no_words():
    assert dc.blocks("# T\n\nA\nB\n\n```python\nx = 1\n\ny = 2\n```\n\n| a | b |") == [
        "# T", "A\nB", "```python\nx = 1\n\ny = 2\n```", "| a | b |"]
    assert not dc.translatable_block("```python\nx = 1\n```")
    assert not dc.translatable_block("![](pic.png)")
    assert dc.translatable_block("**Try:** click.")


def test_code_shape_ignores_texts_and_comments_only():
    english = 'print("tiles:", n)  # how many\nf"tile {t} at {x}"'
    assert dc.code_shape('print("peças:", n)  # quantas\nf"peça {t} em {x}"') == dc.code_shape(english)
    assert dc.code_shape('print("peças:", m)') != dc.code_shape('print("tiles:", n)')
    assert dc.code_shape('f"peça {x} em {t}"') != dc.code_shape('f"tile {t} at {x}"')
    assert dc.translatable_code('print("tiles:", n)') and dc.translatable_code("x = 1  # one")
    assert not dc.translatable_code('t = tile("castle-blue")\nt')
