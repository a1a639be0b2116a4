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
