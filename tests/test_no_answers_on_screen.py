"""No quiz or exercise answer is readable in a notebook without a deliberate step.

For every lesson text file (``skye_widgets/lessons/data/*.json``) the answers
are: the right choice's feedback of each quiz, and every success message of
each exercise (placeholders turned into wildcards). Every notebook's visible
cell sources (code and markdown) and saved outputs (printed text, HTML,
markdown, SVG text, widget reprs and saved widget state) must contain none of
them, nor a quiz written in place (``answer=...``, ``"right": true``).
Nor may any show a curated Isle of Skye puzzle's solution: its optimum as the
puzzle widget states it (only after "reveal"), its solution placements as the
widget prints them, or as code placing them one after the other.
The scanner is itself tested: an answer planted in a copy of a notebook is
caught, with the notebook and the cell named.

Nor may a notebook show, **above** a question, what gives its answer away (issue 28, "answers
before their question"): a lesson file's quiz or exercise may declare ``spoilers`` (a regular
expression each, for the English notebooks or for every language; see
:mod:`skye_widgets.lessons`), and none may be readable in a cell above the one that asks the
question — in its markdown, its code and comments, its printed text, or a picture's
``<title>``, ``<desc>`` and ``<text>``. A learner tries first, then reads ("predict, then read").
"""

from __future__ import annotations

import json
import re
import shutil
from html import unescape
from pathlib import Path

import pytest

from skye_widgets import i18n, lessons
from skye_widgets.skye.puzzles import load_all
from skye_widgets.widgets import skye_puzzles as widget_texts

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
#: A quiz's right choice written next to its question, in any notebook code.
IN_PLACE = re.compile(r"\banswer\s*=|[\"']right[\"']\s*:\s*(true|True)\b|\bright\s*=\s*True\b")
TEXT_MIMES = ("text/plain", "text/html", "text/markdown", "image/svg+xml")
#: A cell that asks a lesson's question: ``lesson.quiz("key"`` or ``lesson.exercise("key"``.
ASKS = re.compile(r"\blesson\.(quiz|exercise)\(\s*[\"']([a-z][a-z0-9_]*)[\"']")
#: The words of a picture a reader (or a screen reader) meets: its title, description and texts.
SVG_WORDS = re.compile(r"<(title|desc|text)\b[^>]*>(.*?)</\1>", re.DOTALL)


def _pattern(template: str) -> re.Pattern[str]:
    """``template`` as a regex: its literal text (whitespace-insensitive), each placeholder a wildcard."""
    parts = re.split(r"\{[a-z][a-z0-9_]*\}", template)
    literal = [r"\s+".join(re.escape(w) for w in part.split()) for part in parts]
    out = literal[0]
    for part, lit in zip(parts[1:], literal[1:]):
        out += r"\s*.{1,200}?" + (r"\s*" if part[:1].isspace() else "") + lit
    return re.compile(out, re.DOTALL)


def answers() -> list[tuple[str, re.Pattern[str]]]:
    """(what, pattern) for every answer of every lesson text file."""
    found = []
    for stem in lessons.stems():
        texts = lessons.load(stem)
        for key, q in texts.quizzes.items():
            found.append((f"{stem} quiz {key}: the right choice's feedback", _pattern(q.right.feedback)))
        for key, e in texts.exercises.items():
            for m in e.success_keys():
                found.append((f"{stem} exercise {key}: success message {m!r}", _pattern(e.messages[m])))
    return found


def puzzle_answers() -> list[tuple[str, re.Pattern[str]]]:
    """(what, pattern) for every curated Isle of Skye puzzle's solution."""
    found = []
    for p in load_all():
        placed = [m for m in p.solution if not m.returned]
        moves = ", ".join(f"tile {m.tile} at ({m.x}, {m.y}) rotation {m.rotation}" if not m.returned
                          else f"tile {m.tile} returned" for m in p.solution)
        found.append((f"puzzle {p.id}: the revealed solution",
                      re.compile(re.escape(widget_texts.REVEALED.format(count=p.optimum, moves=moves)))))
        found.append((f"puzzle {p.id}: the solution's placements",
                      re.compile(r"\s*".join(re.escape(f"tile {m.tile} at ({m.x}, {m.y}) rotation {m.rotation}")
                                             + r".{0,40}?" for m in placed), re.DOTALL)))
        found.append((f"puzzle {p.id}: the solution placed in code",
                      re.compile(r".{0,200}?".join(rf"place\(\s*{m.tile}\s*,\s*{m.x}\s*,\s*{m.y}\s*,\s*{m.rotation}\s*\)"
                                                   for m in placed), re.DOTALL)))
        found.append((f"puzzle {p.id}: the optimum stated",
                      re.compile(rf"{re.escape(p.title)}.{{0,400}}?best possible(: <b>| is |: ){p.optimum}\b",
                                 re.DOTALL)))
    return found


def _normalise_source(source: str) -> str:
    """A cell as the eye reads it: adjacent string literals joined (``"a " "b"`` -> ``a b``),
    a comment's continuation lines joined, HTML entities decoded."""
    source = re.sub(r"[\"']\s*\n?\s*f?[\"']", "", source)
    return unescape(re.sub(r"\n\s*#+\s?", " ", source))


def _output_texts(out: dict) -> list[str]:
    texts = []
    if out.get("output_type") == "stream":
        texts.append("".join(out.get("text", "")))
    for mime, value in out.get("data", {}).items():
        if mime in TEXT_MIMES or mime.startswith("application/vnd.jupyter.widget"):
            texts.append(value if isinstance(value, str) else
                         "".join(value) if isinstance(value, list) else json.dumps(value))
    if out.get("output_type") == "error":
        texts.append("\n".join(out.get("traceback", [])))
    return [unescape(t) for t in texts]


def scan(path: Path, code: str = "en") -> list[str]:
    """Every answer visible in notebook ``path`` (written in language ``code``): 'notebook: cell i: what'."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    before = i18n.language()
    i18n.set_language(code)                     # the answers as that language's learner reads them
    try:
        patterns = answers() + puzzle_answers()
    finally:
        i18n.set_language(before)
    problems = []
    for i, cell in enumerate(nb["cells"]):
        source = "".join(cell.get("source", ""))
        places = [("source", _normalise_source(source))]
        places += [("output", t) for out in cell.get("outputs", []) for t in _output_texts(out)]
        if cell["cell_type"] == "code" and IN_PLACE.search(source):
            problems.append(f"{path.name}: cell {i}: a quiz answer written in place "
                            f"({IN_PLACE.search(source).group(0)!r})")
        for where, text in places:
            for what, pattern in patterns:
                if pattern.search(text):
                    problems.append(f"{path.name}: cell {i} ({where}): {what}")
    state = json.dumps(nb.get("metadata", {}).get("widgets", {}))
    for what, pattern in patterns:
        if pattern.search(unescape(state)):
            problems.append(f"{path.name}: saved widget state: {what}")
    return problems


#: Every notebook: the English ones and each language's (notebooks/<lang>/, built from the catalogs).
EVERY = [(p, "en") for p in sorted(NOTEBOOKS.glob("*.ipynb"))] + [
    (p, code) for code in i18n.LANGUAGES if code != "en" for p in sorted((NOTEBOOKS / code).glob("*.ipynb"))]


@pytest.mark.parametrize(("path", "code"), EVERY, ids=lambda x: x.stem if isinstance(x, Path) else x)
def test_no_answer_in_sources_or_outputs(path, code):
    assert scan(path, code) == []


def test_every_lesson_has_answers_to_look_for():
    found = answers()
    per_stem = {stem: sum(what.startswith(stem + " ") for what, _ in found) for stem in lessons.stems()}
    assert all(per_stem.values()), per_stem
    # 01-09 and the strategy lab: 23 quizzes and 21 exercises, one success message each
    assert len(found) == 23 + 21


def test_a_planted_answer_is_caught(tmp_path):
    copy = tmp_path / "03_areas.ipynb"
    shutil.copy(NOTEBOOKS / "03_areas.ipynb", copy)
    assert scan(copy) == []
    nb = json.loads(copy.read_text(encoding="utf-8"))
    texts = lessons.load("03_areas")
    right = texts.quizzes["enclosed_lake"].right.feedback
    nb["cells"].append({"cell_type": "code", "id": "planted-1", "metadata": {}, "execution_count": None,
                        "outputs": [], "source": "# " + right.replace(" ", "\n# ", 3)})
    ok = lessons.fill(texts.exercises["close_the_lake"].messages["ok"], {"area": "completed water area of 3 tiles"})
    nb["cells"].append({"cell_type": "code", "id": "planted-2", "metadata": {}, "execution_count": 1,
                        "outputs": [{"output_type": "stream", "name": "stdout", "text": [ok + "\n"]}],
                        "source": "print(secret)"})
    nb["cells"].append({"cell_type": "code", "id": "planted-3", "metadata": {}, "execution_count": None,
                        "outputs": [], "source": 'Quiz("?", [("a", "x"), ("b", "y")],\n     answer="a")'})
    nb["cells"].append({"cell_type": "markdown", "id": "planted-4", "metadata": {},
                        "source": "Hint: " + right.replace("'", "&#x27;")})
    nb["cells"].append({"cell_type": "code", "id": "planted-5", "metadata": {}, "execution_count": 2,
                        "outputs": [{"output_type": "display_data", "metadata": {},
                                     "data": {"text/html": "<span>" + ok.replace(" ", "\n ") + "</span>"}}],
                        "source": "show()"})
    copy.write_text(json.dumps(nb), encoding="utf-8")
    n = len(nb["cells"])
    found = scan(copy)
    assert found == [
        f"03_areas.ipynb: cell {n - 5} (source): 03_areas quiz enclosed_lake: the right choice's feedback",
        f"03_areas.ipynb: cell {n - 4} (output): 03_areas exercise close_the_lake: success message 'ok'",
        f"03_areas.ipynb: cell {n - 3}: a quiz answer written in place ('answer=')",
        f"03_areas.ipynb: cell {n - 2} (source): 03_areas quiz enclosed_lake: the right choice's feedback",
        f"03_areas.ipynb: cell {n - 1} (output): 03_areas exercise close_the_lake: success message 'ok'",
    ]


def test_a_planted_puzzle_solution_is_caught(tmp_path):
    copy = tmp_path / "skye_puzzles.ipynb"
    shutil.copy(NOTEBOOKS / "skye_puzzles.ipynb", copy)
    assert scan(copy) == []
    p = load_all()[0]
    placed = [m for m in p.solution if not m.returned]
    nb = json.loads(copy.read_text(encoding="utf-8"))
    code = "\n".join(f"w.place({m.tile}, {m.x}, {m.y}, {m.rotation})" for m in placed)
    nb["cells"].append({"cell_type": "code", "id": "planted-1", "metadata": {}, "execution_count": None,
                        "outputs": [], "source": code})
    header = (f"<div><b>{p.title}</b> ★<br>Objective: ...<br>Hand: 1, 2 · best possible: <b>{p.optimum}</b> "
              "points</div>")
    nb["cells"].append({"cell_type": "code", "id": "planted-2", "metadata": {}, "execution_count": 1,
                        "outputs": [{"output_type": "display_data", "metadata": {},
                                     "data": {"text/html": header}}], "source": "show()"})
    copy.write_text(json.dumps(nb), encoding="utf-8")
    n = len(nb["cells"])
    found = scan(copy)
    # (another puzzle with the same start and solution is named too)
    assert {f"skye_puzzles.ipynb: cell {n - 2} (source): puzzle {p.id}: the solution placed in code",
            f"skye_puzzles.ipynb: cell {n - 1} (output): puzzle {p.id}: the optimum stated"} <= set(found)
    assert all(f.startswith((f"skye_puzzles.ipynb: cell {n - 2} ", f"skye_puzzles.ipynb: cell {n - 1} "))
               for f in found)


# ---------------------------------------------------------------------------- answers above their question

def _words(text: str) -> str:
    """Text as a reader reads it: tags and markdown emphasis gone, entities decoded, spaces joined."""
    text = unescape(re.sub(r"<[^>]+>", " ", text))
    return re.sub(r"\s+", " ", text.replace("**", "").replace("`", "").replace("*", ""))


def readable_texts(cell: dict) -> list[tuple[str, str]]:
    """(where, text) for every text a reader meets in ``cell``: its source (code and comments,
    or markdown), its printed text and plain values, and each picture's title, desc and texts."""
    found = [("source", _words(_normalise_source("".join(cell.get("source", "")))))]
    for out in cell.get("outputs", []):
        if out.get("output_type") == "stream":
            found.append(("printed text", _words("".join(out.get("text", "")))))
        for mime, value in out.get("data", {}).items():
            value = "".join(value) if isinstance(value, list) else value
            if mime == "image/svg+xml":
                found += [(f"picture <{tag}>", _words(words)) for tag, words in SVG_WORDS.findall(value)]
            elif mime in ("text/plain", "text/html", "text/markdown"):
                found.append((mime, _words(value)))
    return found


def questions(nb: dict, stem: str) -> list[tuple[int, object]]:
    """(cell index, quiz or exercise text) for every question of lesson ``stem`` the notebook asks."""
    if stem not in lessons.stems():
        return []
    texts = lessons._english(stem)
    asked = []
    for i, cell in enumerate(nb["cells"]):
        if cell["cell_type"] == "code":
            for kind, key in ASKS.findall("".join(cell["source"])):
                asked.append((i, (texts.quizzes if kind == "quiz" else texts.exercises)[key]))
    return asked


def spoiled(path: Path, code: str = "en") -> list[str]:
    """Every declared spoiler readable above its question in notebook ``path`` (language ``code``):
    'notebook: cell i (where) above cell j: key: why'."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    problems = []
    for j, question in questions(nb, path.stem):
        for spoiler in question.spoilers:
            if spoiler.languages != "all" and code != "en":
                continue
            pattern = spoiler.regex()
            for i, cell in enumerate(nb["cells"][:j]):
                for where, text in readable_texts(cell):
                    if pattern.search(text):
                        problems.append(f"{path.name}: cell {i} ({where}) above cell {j}: "
                                        f"{question.key}: {spoiler.why}")
    return problems


@pytest.mark.parametrize(("path", "code"), [(p, c) for p, c in EVERY if p.stem in lessons.stems()],
                         ids=lambda x: x.stem if isinstance(x, Path) else x)
def test_no_answer_above_its_question(path, code):
    assert spoiled(path, code) == []


def test_every_lesson_asks_each_question_once_and_declares_spoilers():
    """Every quiz and exercise of a lesson file is asked in its notebook (so its spoilers are
    looked for), and the six cases of issue 28 and the other obvious ones declare spoilers."""
    declared = {}
    for stem in lessons.stems():
        nb = json.loads((NOTEBOOKS / f"{stem}.ipynb").read_text(encoding="utf-8"))
        asked = [q.key for _, q in questions(nb, stem)]
        texts = lessons._english(stem)
        assert sorted(asked) == sorted([*texts.quizzes, *texts.exercises]), stem
        for q in [*texts.quizzes.values(), *texts.exercises.values()]:
            if q.spoilers:
                declared[f"{stem}.{q.key}"] = len(q.spoilers)
    assert {"04_auction.cara_gold", "04_auction.ben_gold", "03_areas.count_completed",
            "05_building.build_both", "02_roads_castle_income.catch_up_tie",
            "09_round_track_and_final_scoring.round_4_slots", "strategy_lab.most_tiles"} <= set(declared)


def _planted(tmp_path: Path, stem: str, folder: Path = NOTEBOOKS) -> tuple[Path, dict]:
    copy = tmp_path / f"{stem}.ipynb"
    shutil.copy(folder / f"{stem}.ipynb", copy)
    return copy, json.loads(copy.read_text(encoding="utf-8"))


def test_a_spoiler_planted_above_its_question_is_caught(tmp_path):
    """A spoiler above its question is caught in markdown, a comment, printed text and a picture's
    <desc>, in the notebook's language; the same text below the question is not."""
    copy, nb = _planted(tmp_path, "05_building")
    assert spoiled(copy) == []
    j = next(i for i, q in questions(nb, "05_building") if q.key == "build_both")
    md = {"cell_type": "markdown", "id": "planted-1", "metadata": {}, "source": "So: place 56 *first*."}
    comment = {"cell_type": "code", "id": "planted-2", "metadata": {}, "execution_count": None, "outputs": [],
               "source": "# the trick: tile 56\n# first, then 66"}
    printed = {"cell_type": "code", "id": "planted-3", "metadata": {}, "execution_count": 1, "source": "go()",
               "outputs": [{"output_type": "stream", "name": "stdout",
                            "text": ["after tile 56 at (2, 0): tile 66 fits in 7 placements\n"]}]}
    svg = ('<svg xmlns="http://www.w3.org/2000/svg"><title>a board</title>'
           "<desc>Tile 56 at (2, 0), then tile 66 at (2, 1).</desc><text>x</text></svg>")
    picture = {"cell_type": "code", "id": "planted-4", "metadata": {}, "execution_count": 2, "source": "show()",
               "outputs": [{"output_type": "display_data", "metadata": {}, "data": {"image/svg+xml": svg}}]}
    nb["cells"][j:j] = [md, comment, printed, picture]
    nb["cells"].append(dict(md, id="planted-5"))             # below its question: allowed
    copy.write_text(json.dumps(nb), encoding="utf-8")
    found = spoiled(copy)
    assert [f.split(" above ")[0] for f in found] == [
        f"05_building.ipynb: cell {j} (source)", f"05_building.ipynb: cell {j + 1} (source)",
        f"05_building.ipynb: cell {j + 2} (printed text)", f"05_building.ipynb: cell {j + 3} (picture <desc>)"]
    assert all(f" above cell {j + 4}: build_both: " in f for f in found)

    # in a translated notebook, only the spoilers for every language count
    copy, nb = _planted(tmp_path, "05_building", NOTEBOOKS / "pt")
    j = next(i for i, q in questions(nb, "05_building") if q.key == "build_both")
    nb["cells"][j:j] = [md, printed]
    copy.write_text(json.dumps(nb), encoding="utf-8")
    assert [f.split(" above ")[0] for f in spoiled(copy, "pt")] == [f"05_building.ipynb: cell {j + 1} (printed text)"]
