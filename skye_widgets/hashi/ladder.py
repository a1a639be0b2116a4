"""The ladder of Hashiwokakero techniques: hints that reason to the end, and grades.

The rungs follow the stages of Simon Tatham's Bridges solver (the levels puzzle
fans know), with a fourth rung above them:

======  ============  ================================================================
 level  name          techniques (each rung includes the ones below)
======  ============  ================================================================
 1      easy          an island as a whole: its neighbours can take exactly its number
                      (``full``), or it needs more than its other neighbours could ever
                      give, so at least one bridge each way (``each-way``)
 2      medium        each connection: without this pair the others fall short, so it
                      needs at least so many bridges (``at-least``)
 3      hard          groups: a value that would finish a group cut off from the rest
                      (``isolation``); an island that would close off its group unless it
                      bridges one way (``way-out``); a group's only way out
                      (``connectivity``); one or two
                      more bridges on a pair that would at once leave some island over its
                      number or short (``lookahead``)
 4      expert        a trial: assume a value, apply the rules above until a
                      contradiction (``trial``); a trial inside a trial (``nested``)
======  ============  ================================================================

Silent bookkeeping goes with every rung: a finished island takes no more
bridges, a bridge blocks the pairs it crosses, and no pair gets more than an
island still has room for.

A state is a pair of bounds ``lo..hi`` per pair of islands (the solver's
numbering, :class:`.engine._Model`). :class:`Reasoner` finds the simplest step
that applies (:meth:`Reasoner.next`), each a :class:`Step` with whole sentences
and, for a trial, its chain of :class:`ChainStep` (each with the cells and
bridges to highlight). :func:`grade` is the hardest rung a walk of such steps
needs, simplest first, to solve the puzzle.

>>> from .puzzle import HashiPuzzle
>>> grade(HashiPuzzle.from_text("3 3 3\\n2 0 1\\n0 0 0\\n1 0 0\\n"))
1
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..i18n import _, lazy, ngettext
from ..words import word_list
from .cdcl import CutEdges
from .engine import _Engine, _Model
from .puzzle import Cell, HashiPuzzle, cell_name

EASY, MEDIUM, HARD, EXPERT = 1, 2, 3, 4
#: The rung of each technique.
TECHNIQUES: dict[str, int] = {"full": EASY, "each-way": EASY, "at-least": MEDIUM, "isolation": HARD,
                              "connectivity": HARD, "way-out": HARD, "lookahead": HARD, "trial": EXPERT, "nested": EXPERT}
#: Traces longer than this are not offered (a person could not follow them).
MAX_CHAIN = 40
#: How many failing trials are traced in words to find the shortest chain.
TRACE_CANDIDATES = 6
#: Suppositions one step may try (a nested trial counts once per pair it tries inside): keeps
#: every hint well under half a second on 25 x 25 puzzles (benchmarks/bench_hashi_hints.py).
#: Work, not time, so hints and grades stay deterministic; the grade uses the same budget per
#: step as a hint, so a puzzle graded 1-4 is one its hints finish.
TRIAL_BUDGET = 4000


@dataclass(frozen=True)
class ChainStep:
    """One step of a trial's chain: its sentence and what to highlight
    (``bridges``: the pairs supposed or deduced so far, ``(a, b, count)``)."""

    text: str
    cells: tuple[Cell, ...] = ()
    bridges: tuple[tuple[Cell, Cell, int], ...] = ()


@dataclass(frozen=True)
class Step:
    """A deduction: the technique, its rung, its words and the bounds it sets.

    ``changes`` lists ``(edge, lo, hi)`` (the new bounds of a pair); ``chain`` the
    steps of a trial, in order, ending with the contradiction and the conclusion.
    """

    technique: str
    text: str
    island: Cell | None
    changes: tuple[tuple[int, int, int], ...]
    chain: tuple[ChainStep, ...] = ()

    @property
    def level(self) -> int:
        return TECHNIQUES[self.technique]


_DIR = {(0, -1): "north", (0, 1): "south", (1, 0): "east", (-1, 0): "west"}
#: The pieces a hint lists, by direction (marked; translated when a hint is made).
# Translators: items of a Hashi hint's list: "it takes all of them: double bridge north and a single bridge east".
_SINGLE = {"north": lazy("a single bridge north"), "south": lazy("a single bridge south"),
           "east": lazy("a single bridge east"), "west": lazy("a single bridge west")}
_DOUBLE = {"north": lazy("double bridge north"), "south": lazy("double bridge south"),
           "east": lazy("double bridge east"), "west": lazy("double bridge west")}
# Translators: items of a Hashi hint's list: "it still needs at least one to the north and two to the east".
_ONE = {"north": lazy("at least one to the north"), "south": lazy("at least one to the south"),
        "east": lazy("at least one to the east"), "west": lazy("at least one to the west")}
_TWO = {"north": lazy("two to the north"), "south": lazy("two to the south"),
        "east": lazy("two to the east"), "west": lazy("two to the west")}


def _direction(a: Cell, b: Cell) -> str:
    return _DIR[((b[0] > a[0]) - (b[0] < a[0]), (b[1] > a[1]) - (b[1] < a[1]))]


class Contradiction(Exception):
    """Bounds that no solution can meet (raised by the bookkeeping)."""


class Reasoner:
    """Bounds per pair and the techniques of the ladder over them."""

    def __init__(self, mo: Any, lo: list[int] | None = None, hi: list[int] | None = None,
                 strong: bool = False) -> None:
        self.mo = mo
        self.lo = list(lo) if lo is not None else [0] * mo.m
        self.hi = list(hi) if hi is not None else list(mo.hi0)
        #: how many suppositions the trials may still try (None: no limit); a nested one
        #: counts once per pair it tries inside. Work, not time, so hints stay deterministic.
        self.budget: int | None = None
        #: inside a trial the island rules also count the room the neighbours have left
        #: (Tatham's easy and medium stages count only the island's own)
        self.strong = strong
        #: lo and hi are at settle()'s fixpoint: apply() then settles only around what it changes
        self.settled = False

    def copy(self, strong: bool | None = None) -> "Reasoner":
        r = Reasoner(self.mo, self.lo, self.hi, self.strong if strong is None else strong)
        r.budget = self.budget
        return r

    def missing(self, i: int) -> int:
        lo = self.lo
        return self.mo.need[i] - sum(lo[e] for e in self.mo.inc[i])

    def caps(self, i: int) -> list[tuple[int, int]]:
        """``(edge, most bridges)`` of island ``i``'s open ways: the pair's bound, and no more
        than the island (with ``strong``, also the neighbour) still needs."""
        mo, lo, hi = self.mo, self.lo, self.hi
        miss = self.missing(i)
        out = []
        for e in mo.inc[i]:
            if not hi[e]:
                continue
            c = min(hi[e], lo[e] + miss)
            if self.strong:
                c = min(c, lo[e] + self.missing(self.other(e, i)))
            if c:
                out.append((e, c))
        return out

    # -- words ---------------------------------------------------------------
    def isl(self, i: int, j: int | None = None) -> dict[str, Any]:
        mo = self.mo
        out: dict[str, Any] = {"n": mo.need[i], "cell": cell_name(mo.cells[i])}
        if j is not None:
            out.update(n2=mo.need[j], cell2=cell_name(mo.cells[j]))
        return out

    def ends(self, e: int) -> tuple[int, int]:
        return self.mo.ea[e], self.mo.eb[e]

    def other(self, e: int, i: int) -> int:
        mo = self.mo
        return mo.eb[e] if mo.ea[e] == i else mo.ea[e]

    def supposed(self, before: "Reasoner") -> tuple[tuple[Cell, Cell, int], ...]:
        """The bridges a trial has added to ``before``'s: ``(a, b, count)``, count the total."""
        mo = self.mo
        return tuple((mo.pairs[e][0], mo.pairs[e][1], self.lo[e]) for e in range(mo.m)
                     if self.lo[e] > before.lo[e])

    # -- bookkeeping -----------------------------------------------------------
    def set(self, e: int, nl: int, nh: int) -> None:
        lo, hi = self.lo, self.hi
        nl, nh = max(nl, lo[e]), min(nh, hi[e])
        if nl > nh:
            raise Contradiction
        lo[e], hi[e] = nl, nh

    def settle(self) -> None:
        """Finished islands and crossing bounds to a fixpoint (raises Contradiction)."""
        self.settled = False
        mo, lo, hi = self.mo, self.lo, self.hi
        changed = True
        while changed:
            changed = False
            for i in range(mo.n):
                es = mo.inc[i]
                slo = 0
                for e in es:
                    slo += lo[e]
                N = mo.need[i]
                if slo > N:
                    raise Contradiction
                if slo == N:
                    for e in es:
                        if hi[e] > lo[e]:
                            hi[e] = lo[e]
                            changed = True
            for e in range(mo.m):
                if lo[e]:
                    for f in mo.cross[e]:
                        if hi[f]:
                            if lo[f]:
                                raise Contradiction
                            hi[f] = 0
                            changed = True
        self.settled = True

    def solved(self) -> bool:
        lo, hi = self.lo, self.hi
        return all(lo[e] == hi[e] for e in range(self.mo.m))

    def groups(self) -> tuple[list[int], list[list[int]], list[int]]:
        """Groups joined by certain bridges: ``comp`` per island, members, bridges still needed."""
        mo, lo = self.mo, self.lo
        comp = [-1] * mo.n
        members: list[list[int]] = []
        resid: list[int] = []
        for s in range(mo.n):
            if comp[s] >= 0:
                continue
            c = len(members)
            comp[s] = c
            stack, mem, r = [s], [], 0
            while stack:
                i = stack.pop()
                mem.append(i)
                r += mo.need[i]
                for e, j in mo.nb[i]:
                    if lo[e]:
                        r -= lo[e]
                        if comp[j] < 0:
                            comp[j] = c
                            stack.append(j)
            members.append(mem)
            resid.append(r)
        return comp, members, resid

    def contradiction(self) -> tuple[str, tuple[Cell, ...]] | None:
        """Why these bounds cannot be met, in words (and the islands to show), or None."""
        mo, lo, hi = self.mo, self.lo, self.hi
        miss = [self.missing(i) for i in range(mo.n)]
        for i in range(mo.n):
            N = mo.need[i]
            slo = shi = 0
            for e in mo.inc[i]:
                slo += lo[e]
                shi += lo[e] + max(0, min(hi[e] - lo[e], miss[self.other(e, i)]))
            if shi < N:
                # Translators: the end of a Hashi hint's trial: an island left short.
                return ngettext("Then the {n} at {cell} could get at most {most} bridge, fewer than its number.",
                                "Then the {n} at {cell} could get at most {most} bridges, fewer than its number.",
                                shi).format(most=shi, **self.isl(i)), (mo.cells[i],)
            if slo > N:
                return ngettext("Then the {n} at {cell} would have {count} bridge, more than its number.",
                                "Then the {n} at {cell} would have {count} bridges, more than its number.",
                                slo).format(count=slo, **self.isl(i)), (mo.cells[i],)
        if mo.n <= 1:
            return None
        comp, members, resid = self.groups()
        if len(members) > 1:
            for c, mem in enumerate(members):
                if resid[c] == 0:
                    first = min(mem)
                    return ngettext("Then a group of {count} island around the {n} at {cell} would be finished "
                                    "and cut off from the rest.",
                                    "Then a group of {count} islands around the {n} at {cell} would be finished "
                                    "and cut off from the rest.", len(mem)).format(
                        count=len(mem), **self.isl(first)), tuple(mo.cells[i] for i in sorted(mem))
        seen = self.reach(0, -1)
        k = sum(seen)
        if k < mo.n:
            part = [i for i in range(mo.n) if seen[i] == (k <= mo.n - k)]
            first = min(part)
            return ngettext("Then {count} island around the {n} at {cell} could no longer reach the others.",
                            "Then {count} islands around the {n} at {cell} could no longer reach the others.",
                            len(part)).format(count=len(part), **self.isl(first)), \
                tuple(mo.cells[i] for i in part)
        return None

    def reach(self, start: int, without: int) -> list[bool]:
        """Islands reachable from ``start`` over possible pairs, leaving out pair ``without``."""
        mo, hi = self.mo, self.hi
        seen = [False] * mo.n
        seen[start] = True
        stack = [start]
        while stack:
            i = stack.pop()
            for e, j in mo.nb[i]:
                if hi[e] and e != without and not seen[j]:
                    seen[j] = True
                    stack.append(j)
        return seen

    # -- easy and medium: one island -------------------------------------------
    def find_full(self) -> Step | None:
        mo, lo, hi, need, inc = self.mo, self.lo, self.hi, self.mo.need, self.mo.inc
        for i in range(mo.n):
            # an island whose pairs are all settled, not over its number, has no step: each cap is
            # then its pair's count (the walk over a big puzzle meets thousands of these a step)
            slo = 0
            settled = True
            for e in inc[i]:
                slo += lo[e]
                if lo[e] != hi[e]:
                    settled = False
            if settled and slo <= need[i]:
                continue
            caps = self.caps(i)
            N = mo.need[i]
            cap = sum(c for _e, c in caps)
            if cap != N or all(lo[e] == c for e, c in caps):
                continue
            a = mo.cells[i]
            parts = [str((_DOUBLE if c == 2 else _SINGLE)[_direction(a, mo.cells[self.other(e, i)])])
                     for e, c in caps]
            values = {"n": N, "cell": cell_name(a), "cap": cap}
            if all(c == 2 for _e, c in caps) and len(caps) > 1:
                es = caps
                text = (_("This {n} at {cell} needs double bridges in both directions: its neighbours can take "
                          "only {cap} in all.") if len(es) == 2 else
                        _("This {n} at {cell} needs double bridges in all three directions: its neighbours can "
                          "take only {cap} in all.") if len(es) == 3 else
                        _("This {n} at {cell} needs double bridges in all four directions: its neighbours can "
                          "take only {cap} in all.")).format(**values)
            else:
                text = ngettext("The {n} at {cell} can get at most {cap} bridge from its neighbours, exactly its "
                                "number, so it takes all of them: {bridges}.",
                                "The {n} at {cell} can get at most {cap} bridges from its neighbours, exactly its "
                                "number, so it takes all of them: {bridges}.", cap).format(
                    bridges=word_list(parts), **values)
            return Step("full", text, a, tuple((e, c, c) for e, c in caps if lo[e] < c))
        return None

    def find_at_least(self, each_way: bool) -> Step | None:
        """``each_way``: Tatham's island rule (the number is more than two bridges to all but
        one neighbour could give: at least one each way); else the general rule per pair."""
        mo, lo, hi = self.mo, self.lo, self.hi
        for i in range(mo.n):
            es = [e for e in mo.inc[i] if hi[e]]
            N = mo.need[i]
            cap = sum(hi[e] for e in es)
            if self.strong:
                caps = self.caps(i)
                es = [e for e, _c in caps]
                cap = sum(c for _e, c in caps) + sum(lo[e] for e in mo.inc[i] if e not in es)
                cap_of = dict(caps)
            else:
                cap_of = {e: hi[e] for e in es}
            if each_way:
                if N <= 2 * (len(es) - 1):
                    continue
                gains = [(e, 1) for e in es if lo[e] == 0]
            else:
                gains = [(e, N - (cap - cap_of[e])) for e in es if N - (cap - cap_of[e]) > lo[e]]
            if not gains:
                continue
            a = mo.cells[i]
            parts = [str((_ONE if k == 1 else _TWO)[_direction(a, mo.cells[self.other(e, i)])]) for e, k in gains]
            text = ngettext("The {n} at {cell} needs {n} bridge but its neighbours can take at most {cap}; even "
                            "with every other bridge it still needs {bridges}.",
                            "The {n} at {cell} needs {n} bridges but its neighbours can take at most {cap}; even "
                            "with every other bridge it still needs {bridges}.", N).format(
                n=N, cell=cell_name(a), cap=cap, bridges=word_list(parts))
            return Step("each-way" if each_way else "at-least", text, a,
                        tuple((e, k, hi[e]) for e, k in gains))
        return None

    # -- hard: groups ------------------------------------------------------------
    def find_isolation(self) -> Step | None:
        mo, lo, hi = self.mo, self.lo, self.hi
        n = mo.n
        comp, members, resid = self.groups()
        if len(members) == 1:
            return None
        for e in range(mo.m):
            h, le = hi[e], lo[e]
            if h == le:
                continue
            a, b = mo.ea[e], mo.eb[e]
            ca, cb = comp[a], comp[b]
            total = resid[ca] + (resid[cb] if ca != cb else 0)
            k = len(members[ca]) + (len(members[cb]) if ca != cb else 0)
            if k < n and total % 2 == 0 and le < total // 2 + le <= h:
                h = total // 2 + le
                if k == 2 and le == 0:
                    text = ngettext("The {n} at {cell} and the {n2} at {cell2} cannot be joined by {count} bridge: "
                                    "both would be finished and cut off from the rest.",
                                    "The {n} at {cell} and the {n2} at {cell2} cannot be joined by {count} bridges: "
                                    "both would be finished and cut off from the rest.", h).format(
                        count=h, **self.isl(a, b))
                else:
                    text = ngettext("{count} bridge between the {n} at {cell} and the {n2} at {cell2} would finish a "
                                    "group of {size} islands cut off from the rest, so at most {most}.",
                                    "{count} bridges between the {n} at {cell} and the {n2} at {cell2} would finish a "
                                    "group of {size} islands cut off from the rest, so at most {most}.", h).format(
                        count=h, size=k, most=h - 1, **self.isl(a, b))
                return Step("isolation", text, mo.cells[a], ((e, le, h - 1),))
        return None

    def find_way_out(self) -> Step | None:
        """An island that would finish a group cut off from the rest if it took every bridge
        it can get except one way: it needs at least one bridge that way."""
        mo, lo = self.mo, self.lo
        n = mo.n
        comp, members, resid = self.groups()
        if len(members) == 1:
            return None
        for i in range(n):
            miss = self.missing(i)
            if miss <= 0:
                continue
            caps = self.caps(i)
            for e, _c in caps:
                if lo[e]:
                    continue
                rest = [(f, c) for f, c in caps if f != e and c > lo[f]]
                if sum(c - lo[f] for f, c in rest) != miss:
                    continue
                joined = {comp[i]} | {comp[self.other(f, i)] for f, _c in rest}
                left = sum(resid[g] for g in joined) - 2 * miss
                size = sum(len(members[g]) for g in joined)
                if left == 0 and size < n:
                    j = self.other(e, i)
                    # Translators: a Hashi hint (hard): {size} counts the islands of the group.
                    text = ngettext("If the {n} at {cell} took every bridge it can get except towards the {n2} at "
                                    "{cell2}, it would finish a group of {size} island cut off from the rest, so it "
                                    "needs at least one bridge to the {n2} at {cell2}.",
                                    "If the {n} at {cell} took every bridge it can get except towards the {n2} at "
                                    "{cell2}, it would finish a group of {size} islands cut off from the rest, so it "
                                    "needs at least one bridge to the {n2} at {cell2}.", size).format(
                        size=size, **self.isl(i, j))
                    return Step("way-out", text, mo.cells[i], ((e, 1, self.hi[e]),))
        return None

    def find_connectivity(self) -> Step | None:
        mo, lo, hi = self.mo, self.lo, self.hi
        if mo.n <= 1:
            return None
        comp, members, _resid = self.groups()
        c = len(members)
        if c == 1:
            return None
        adj: list[list[tuple[int, int]]] = [[] for _ in range(c)]
        for e in range(mo.m):
            if hi[e] and not lo[e]:
                ca, cb = comp[mo.ea[e]], comp[mo.eb[e]]
                if ca != cb:
                    adj[ca].append((e, cb))
                    adj[cb].append((e, ca))
        ce = CutEdges(adj, 0)
        if len(ce.order) < c or not ce.cut:
            return None
        e = min(ce.pedge[g] for g in ce.cut)
        seen = self.reach(mo.ea[e], e)
        k = sum(seen)
        group = min(k, mo.n - k)
        a, b = mo.pairs[e]
        side = a if (k <= mo.n - k) else b
        other = b if side == a else a
        text = ngettext("The group of {count} island around {a} can reach the other islands only through "
                        "{a}-{b}, so that pair needs at least one bridge.",
                        "The group of {count} islands around {a} can reach the other islands only through "
                        "{a}-{b}, so that pair needs at least one bridge.", group).format(
            count=group, a=cell_name(side), b=cell_name(other))
        return Step("connectivity", text, side, ((e, 1, hi[e]),))

    # -- trials ------------------------------------------------------------------
    def assumptions(self) -> list[tuple[int, int, int, bool]]:
        """``(edge, lo, hi, fewer)`` to try, row by row: no more bridges than now (``fewer``),
        then one more."""
        lo, hi = self.lo, self.hi
        out = []
        for e in range(self.mo.m):
            if lo[e] != hi[e]:
                out.append((e, lo[e], lo[e], True))
                out.append((e, lo[e] + 1, hi[e], False))
        return out

    def suppose_text(self, e: int, nl: int, nh: int, fewer: bool) -> str:
        a, b = self.ends(e)
        v = self.isl(a, b)
        if fewer:
            if nh == 0:
                # Translators: the start of a Hashi trial: "Suppose ..." a value for a pair of islands.
                return _("Suppose the {n} at {cell} and the {n2} at {cell2} had no bridge.").format(**v)
            return ngettext("Suppose the {n} at {cell} and the {n2} at {cell2} had only {count} bridge.",
                            "Suppose the {n} at {cell} and the {n2} at {cell2} had only {count} bridges.",
                            nh).format(count=nh, **v)
        return ngettext("Suppose the {n} at {cell} and the {n2} at {cell2} were joined by {count} bridge.",
                        "Suppose the {n} at {cell} and the {n2} at {cell2} were joined by {count} bridges.",
                        nl).format(count=nl, **v)

    def conclusion(self, e: int, nl: int, nh: int, fewer: bool) -> tuple[str, tuple[int, int, int]]:
        """The words and the bounds a failed supposition gives."""
        a, b = self.ends(e)
        v = self.isl(a, b)
        if fewer:
            k = nh + 1
            # Translators: the end of a Hashi trial: what the contradiction proves.
            return ngettext("So the {n} at {cell} and the {n2} at {cell2} need at least {count} bridge.",
                            "So the {n} at {cell} and the {n2} at {cell2} need at least {count} bridges.",
                            k).format(count=k, **v), (e, k, self.hi[e])
        k = nl - 1
        if k == 0:
            return _("So there is no bridge between the {n} at {cell} and the {n2} at {cell2}.").format(**v), \
                (e, self.lo[e], 0)
        return ngettext("So the {n} at {cell} and the {n2} at {cell2} have at most {count} bridge.",
                        "So the {n} at {cell} and the {n2} at {cell2} have at most {count} bridges.",
                        k).format(count=k, **v), (e, self.lo[e], k)

    def find_lookahead(self) -> Step | None:
        """More bridges on a pair (one more, then two) that at once leave an island over its
        number or short, counting the room its neighbours have left: Tatham's hard stage."""
        mo, lo, hi = self.mo, self.lo, self.hi
        for e in range(mo.m):
            old = lo[e]
            for nl in range(old + 1, hi[e] + 1):
                why = self._at_once(e, nl)
                if why is None:
                    continue
                pa, pb = mo.pairs[e]
                first = ChainStep(self.suppose_text(e, nl, hi[e], False), (pa, pb), ((pa, pb, nl),))
                last, change = self.conclusion(e, nl, hi[e], False)
                chain = (first, ChainStep(why[0], why[1], ((pa, pb, nl),)),
                         ChainStep(last, (pa, pb)))
                return Step("lookahead", " ".join(c.text for c in chain), pa, (change,), chain)
        return None

    def _at_once(self, e: int, nl: int) -> tuple[str, tuple[Cell, ...]] | None:
        """What goes wrong at once with ``nl`` bridges on pair ``e`` (None: nothing)."""
        mo, lo, hi = self.mo, self.lo, self.hi
        need, nb = mo.need, mo.nb
        a, b = mo.ea[e], mo.eb[e]
        old = lo[e]
        lo[e] = nl
        killed = [(f, hi[f]) for f in mo.cross[e] if hi[f] and not lo[f]] if not old else []
        for f, _h in killed:
            hi[f] = 0
        look = {a, b}
        for i in (a, b):
            look.update(j for _f, j in nb[i])
        for f, _h in killed:
            look.update((mo.ea[f], mo.eb[f]))
        why = None
        for i in sorted(look):
            slo = sum(lo[f] for f, _j in nb[i])
            if slo > need[i]:
                why = (ngettext("Then the {n} at {cell} would have {count} bridge, more than its number.",
                                "Then the {n} at {cell} would have {count} bridges, more than its number.",
                                slo).format(count=slo, **self.isl(i)), (mo.cells[i],))
                break
            shi = 0
            for f, j in nb[i]:
                room = need[j] - sum(lo[g] for g, _k in nb[j])
                shi += lo[f] + max(0, min(hi[f] - lo[f], room))
            if shi < need[i]:
                why = (ngettext("Then the {n} at {cell} could get at most {most} bridge, fewer than its number.",
                                "Then the {n} at {cell} could get at most {most} bridges, fewer than its "
                                "number.", shi).format(most=shi, **self.isl(i)), (mo.cells[i],))
                break
        lo[e] = old
        for f, h in killed:
            hi[f] = h
        return why

    def simple(self, upto: int = HARD) -> Step | None:
        """The first step of rungs 1 to ``upto`` (without look-ahead), simplest first."""
        s = self.find_full() or self.find_at_least(True)
        if s is None and upto >= MEDIUM:
            s = self.find_at_least(False)
        if s is None and upto >= HARD:
            s = self.find_isolation() or self.find_way_out() or self.find_connectivity()
        return s

    def apply(self, step: Step) -> None:
        if not self.settled:
            for e, nl, nh in step.changes:
                self.set(e, nl, nh)
            self.settle()
            return
        # From a fixpoint of settle() only the changes can make its rules fire again: they read
        # lo alone (never written by settle), so only the islands and crossings of the pairs whose
        # lo rose. The same state and the same Contradiction as settle() over the whole board.
        self.settled = False
        lo, hi, mo = self.lo, self.hi, self.mo
        rose = []
        for e, nl, nh in step.changes:
            old = lo[e]
            self.set(e, nl, nh)
            if lo[e] > old:
                rose.append(e)
        need, inc = mo.need, mo.inc
        for e in rose:
            for i in (mo.ea[e], mo.eb[e]):
                es = inc[i]
                slo = 0
                for f in es:
                    slo += lo[f]
                if slo > need[i]:
                    raise Contradiction
                if slo == need[i]:
                    for f in es:
                        if hi[f] > lo[f]:
                            hi[f] = lo[f]
        for e in rose:
            for f in mo.cross[e]:
                if hi[f]:
                    if lo[f]:
                        raise Contradiction
                    hi[f] = 0
        self.settled = True

    def trace(self, e: int, nl: int, nh: int, fewer: bool, depth: int) -> tuple[ChainStep, ...] | None:
        """The chain of a failing supposition in words (None when the rules, trials up to
        ``depth`` deep inside, do not reach a contradiction)."""
        mo = self.mo
        a, b = mo.pairs[e]
        r = self.copy()
        chain = [ChainStep(self.suppose_text(e, nl, nh, fewer), (a, b), ((a, b, nl),) if nl else ())]
        try:
            r.set(e, nl, nh)
            r.settle()
            while len(chain) <= MAX_CHAIN:
                why = r.contradiction()
                if why is not None:
                    chain.append(ChainStep(why[0], why[1], r.supposed(self)))
                    break
                s = r.simple()
                if s is None and depth > 0:
                    s = r.find_trial(depth - 1)
                if s is None:
                    return None
                r.apply(s)
                if s.chain:
                    chain.extend(s.chain)
                else:
                    cells = tuple(dict.fromkeys(c for f, _l, _h in s.changes for c in mo.pairs[f]))
                    chain.append(ChainStep(s.text, cells, r.supposed(self)))
            else:
                return None
        except Contradiction:
            # an island over its number after the last step
            for i in range(mo.n):
                if sum(r.lo[f] for f in mo.inc[i]) > mo.need[i]:
                    cnt = sum(r.lo[f] for f in mo.inc[i])
                    chain.append(ChainStep(ngettext(
                        "Then the {n} at {cell} would have {count} bridge, more than its number.",
                        "Then the {n} at {cell} would have {count} bridges, more than its number.", cnt).format(
                        count=cnt, **r.isl(i)), (mo.cells[i],), r.supposed(self)))
                    break
            else:
                return None
        last, _change = self.conclusion(e, nl, nh, fewer)
        chain.append(ChainStep(last, (a, b)))
        return tuple(chain)

    def find_trial(self, depth: int = 0) -> Step | None:
        """The failing supposition with the shortest chain (``depth`` 1: trials inside it)."""
        mo = self.mo
        en = _Engine(mo)
        en.lo, en.hi = list(self.lo), list(self.hi)
        queue = list(range(mo.n))
        for i in queue:
            en.inq[i] = 1
        if not en.propagate(queue):
            return None
        cands = []
        for e, nl, nh, fewer in self.assumptions():
            if self.budget is not None:
                if self.budget <= 0:
                    break
                self.budget -= 1 + depth * 2 * mo.m
            cost = _fails(en, e, nl, nh, depth)
            if cost is not None:
                cands.append((cost, not fewer, e, nl, nh, fewer))
        cands.sort()
        best: tuple[int, bool, tuple[ChainStep, ...], tuple] | None = None
        for cost, _more, e, nl, nh, fewer in cands[:TRACE_CANDIDATES]:
            chain = self.trace(e, nl, nh, fewer, depth)
            if chain is None:
                continue
            key = (len(chain), not fewer)
            if best is None or key < best[:2]:
                best = (len(chain), not fewer, chain, (e, nl, nh, fewer))
        if best is None:
            return None
        chain = best[2]
        e, nl, nh, fewer = best[3]
        _last, change = self.conclusion(e, nl, nh, fewer)
        return Step("nested" if depth else "trial", " ".join(s.text for s in chain), mo.pairs[e][0], (change,),
                    chain)

    def next(self, depth: int = 1) -> Step | None:
        """The simplest step that applies (trials, and with ``depth`` 1 nested trials, last)."""
        s = self.simple() or self.find_lookahead()
        if s is None:
            s = self.find_trial(0)
        if s is None and depth >= 1:
            s = self.find_trial(1)
        return s


def _fails(en: Any, e: int, nl: int, nh: int, depth: int) -> int | None:
    """The engine's work until the supposition fails, or None when it does not (with
    ``depth`` 1, failed suppositions inside it are ruled out first)."""
    mark = len(en.trail)
    queue: list[int] = []
    ok = en.set_edge(e, nl, nh, queue) and en.propagate(queue)
    if not ok:
        for j in queue:
            en.inq[j] = 0
    cost = len(en.trail) - mark
    if ok and depth:
        changed = True
        while ok and changed:
            changed = False
            lo, hi = en.lo, en.hi
            for f in range(en.mo.m):
                if lo[f] == hi[f]:
                    continue
                for fl, fh, gl, gh in ((lo[f], lo[f], lo[f] + 1, hi[f]), (lo[f] + 1, hi[f], lo[f], lo[f])):
                    if _fails(en, f, fl, fh, 0) is not None:
                        q: list[int] = []
                        ok = en.set_edge(f, gl, gh, q) and en.propagate(q)
                        if not ok:
                            for j in q:
                                en.inq[j] = 0
                        changed = True
                        break
                if not ok or changed:
                    break
        cost = len(en.trail) - mark + 1000
    en.undo(mark)
    en.cut_dirty = True
    return None if ok else cost


def grade_model(mo: Any, budget: int | None = TRIAL_BUDGET) -> int:
    """The hardest rung (1-4) a simplest-first walk needs; 5 when the ladder cannot finish
    (more than one solution, or beyond nested trials)."""
    r = Reasoner(mo)
    try:
        r.settle()
    except Contradiction:
        return 5
    level = EASY
    while not r.solved():
        r.budget = budget
        s = r.next(1)
        if s is None:
            return 5
        level = max(level, s.level)
        try:
            r.apply(s)
        except Contradiction:
            return 5
    return 5 if r.contradiction() is not None else level


def grade(puzzle: HashiPuzzle, budget: int | None = TRIAL_BUDGET) -> int:
    """The grade of ``puzzle``: 1 easy, 2 medium, 3 hard, 4 expert, 5 when the ladder
    cannot solve it (more than one solution)."""
    if len(puzzle.islands) <= 1:
        return EASY
    return grade_model(_Model(puzzle), budget)
