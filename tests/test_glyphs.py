"""Every character a reader meets is drawn by the fonts every Debian/Ubuntu browser has (issue 28).

The page brings no font of its own: JupyterLab, Notebook 7 and Voilà show the program's texts in the
system's sans-serif. Debian's Chromium has no emoji font, so "💡 Hint 1" showed an empty box. Every
character of the texts a reader can see — the catalogs (program, lessons, notebooks; every language),
the notebooks (sources and saved outputs) and the lessons' data — must be ASCII, Latin-1, Latin
Extended-A (Polish), or one of :data:`SYMBOLS`, each checked to be in DejaVu Sans (``fonts-dejavu-core``,
which fontconfig itself depends on) with ``fc-list ":charset=<hex>:family=DejaVu Sans"``.
"""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: Symbols beyond Latin Extended-A that the texts use, each checked in DejaVu Sans.
SYMBOLS = set("–—’“”„…→↶−○▶▸◀★☆✓⟲⟳")


def reader_files() -> list[Path]:
    files = [*ROOT.glob("skye_widgets/locale/*.pot"), *ROOT.glob("notebooks/locale/*.pot"),
             *ROOT.glob("skye_widgets/locale/*/LC_MESSAGES/*.po"), *ROOT.glob("notebooks/locale/*/LC_MESSAGES/*.po"),
             *ROOT.glob("notebooks/**/*.ipynb"), *ROOT.glob("skye_widgets/**/*.json")]
    return sorted(f for f in files if "/qps/" not in f.as_posix())     # the pseudo-language's accents are its own


def foreign_glyphs(text: str) -> set[str]:
    return {c for c in text if ord(c) > 0x17F and c not in SYMBOLS}


def test_the_symbol_list_is_checked_against_the_font_and_used():
    used = set()
    for f in reader_files():
        used |= {c for c in f.read_text(encoding="utf-8") if c in SYMBOLS}
    assert SYMBOLS - used == set(), f"symbols no text uses any more: {sorted(SYMBOLS - used)}"
    assert foreign_glyphs("Hint 1: łódź, à côté — “quoted” ★☆ ✓") == set()
    assert foreign_glyphs("💡 Hint 1") == {"💡"}


@pytest.mark.parametrize("path", reader_files(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_character_is_in_the_fonts_every_browser_has(path: Path):
    found = foreign_glyphs(path.read_text(encoding="utf-8"))
    assert not found, (f"{path.relative_to(ROOT)}: " + ", ".join(f"{c!r} U+{ord(c):04X} {unicodedata.name(c, '?')}"
                                                              for c in sorted(found))
                       + " — not in the symbols checked in DejaVu Sans (SYMBOLS)")
