"""skye_widgets.words.word_list, a list spelled out in a sentence, in each language (the pilot of issue 18)."""

import pytest

from skye_widgets.i18n import language, set_language
from skye_widgets.words import MAX_LISTED, word_list


@pytest.fixture(autouse=True)
def restore_language():
    before = language()
    yield
    set_language(before)


# language -> (three items, a list of 5 cut at 2, a list of 3 cut at 2), each written by hand
EXPECTED = {
    "en": ("a, b and c", "a, b and 3 more", "a, b and 1 more"),
    "pt": ("a, b e c", "a, b e mais 3", "a, b e mais 1"),
    "pl": ("a, b i c", "a, b i 3 inne pozycje", "a, b i 1 inna pozycja"),
    "fr": ("a, b et c", "a, b et 3 autres", "a, b et 1 autre"),
    "es": ("a, b y c", "a, b y 3 más", "a, b y 1 más"),
}


@pytest.mark.parametrize("code", sorted(EXPECTED))
def test_word_list_in_each_language(code):
    set_language(code)
    assert [word_list("abc"), word_list("abcde", limit=2), word_list("abc", limit=2)] == list(EXPECTED[code])
    assert word_list([]) == "" and word_list(["a"]) == "a"


def test_english_lists():
    set_language("en")
    assert word_list(["a", "b"]) == "a and b"
    assert word_list(str(i) for i in range(MAX_LISTED)) .endswith(f"{MAX_LISTED - 2} and {MAX_LISTED - 1}")
    assert word_list(str(i) for i in range(MAX_LISTED + 7)).endswith(f"{MAX_LISTED - 1} and 7 more")


# Polish counts the rest in three forms: 1 pozycja; 2-4, 22-24 pozycje; 5-21, 25..., 101 pozycji
POLISH_REST = {
    1: "a, b i 1 inna pozycja", 2: "a, b i 2 inne pozycje", 5: "a, b i 5 innych pozycji",
    12: "a, b i 12 innych pozycji", 22: "a, b i 22 inne pozycje", 25: "a, b i 25 innych pozycji",
    101: "a, b i 101 innych pozycji",
}


def test_polish_cut_lists_pick_the_plural_form():
    set_language("pl")
    assert {n: word_list(["a", "b"] + ["x"] * n, limit=2) for n in POLISH_REST} == POLISH_REST


def test_a_language_change_reaches_lists_built_by_the_same_module():
    set_language("es")
    assert word_list("ab") == "a y b"
    set_language("en")
    assert word_list("ab") == "a and b"
