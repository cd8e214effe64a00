"""Kinds on hands short of complete: what does it wait on; its shanten; which discard is best. Whether
a hand is complete (and how it reads) is :mod:`.complete`; the kinds on tiles and their notation are
:mod:`.tiles`."""

from __future__ import annotations

from ...analysis import discard_advice
from ...hand import Hand
from ...i18n import pick
from ...shanten_core import regular_split_of_counts, shanten_of_counts, useful_tiles_of_counts, waits_of_counts
from ...tiles import TILES, Tile
from ..core import AnswerError, Grade, Kind, QuizError, register
from ..deal import snapshot
from ._explain import group_text, hand_text, split_lines, wait_shape
from ._util import as_int, as_tile, as_tiles, pick_hand, tile_names, tiles_text

# --- waits ----------------------------------------------------------------------------------


def engine_waits(hand: Hand) -> list[Tile]:
    """The tiles a 13-tile hand waits on (mjlearn.shanten_core.waits_of_counts: formal waits included)."""
    return [TILES[i] for i in waits_of_counts(hand.counts, len(hand.melds))]


def _wait_groups(hand: Hand) -> str:
    """The partial sets, pair and lone tiles of a ready hand's split (where its waits are)."""
    s = regular_split_of_counts(hand.counts, len(hand.melds))
    groups = list(s["partials"]) + ([s["pair"]] if s["pair"] else []) + [(i,) for i in s["singles"]]
    return group_text(groups) or hand_text(hand)


class Waits(Kind):
    def make(self, rng, difficulty):
        lo, hi = {1: (1, 2), 2: (2, 3), 3: (3, 9)}[difficulty]

        def ok(s):
            if difficulty == 1 and len(s.hand.melds) > 2:
                return False
            n = len(engine_waits(s.hand))
            return lo <= n <= hi

        s = snapshot(rng, accept=ok, claim_rate=0.3 if difficulty < 3 else 0.1)
        if s is None:  # pragma: no cover - the simulation always reaches ready hands
            raise QuizError("could not generate a waiting hand")
        return ({"hand": str(s.hand)}, ("这手牌听哪些牌？", "Which tiles does this hand wait on?"))

    def validate(self, data):
        h = pick_hand(data, "waits")
        if h.tile_count != 13 or h.win_tile is not None:
            raise QuizError(f"waits question: field 'hand' must have 13 tiles and no winning tile, got {str(h)!r}")
        return {"hand": str(h)}

    def solve(self, data):
        return [str(t) for t in engine_waits(Hand.from_str(data["hand"]))]

    def normalize(self, data, answer):
        return sorted({str(t) for t in as_tiles(answer)}, key=lambda s: Tile(s).index)

    def verdict(self, data, answer, solution):
        return set(answer) == set(solution)

    def check(self, data, answer, solution):
        hand = Hand.from_str(data["hand"])
        a, s = set(answer), set(solution)
        missed = sorted(Tile(x) for x in s - a)
        extra = sorted(Tile(x) for x in a - s)
        expl = []
        for t in missed:
            zh, en = wait_shape(hand, t)
            expl.append((f"漏了 {zh}", f"Missed {en}"))
        for t in extra:
            if t.is_flower:
                expl.append(
                    (
                        f"{t}（{t.zh}）是花牌：花牌不进手牌，补一张就是了，不能用来和",
                        f"{t} ({t.en}) is a flower: flowers are set aside and replaced, they never complete a hand",
                    )
                )
                continue
            if hand.all_counts[t.index] >= 4:
                expl.append(
                    (
                        f"{t}（{t.zh}）的四张都已经在这手牌里，没有第五张可等",
                        f"All four {t} ({t.en}) are already in this hand: there is no fifth to wait for",
                    )
                )
                continue
            with_t = Hand(melds=hand.melds, concealed=hand.concealed, win_tile=t)
            zh, en = split_lines(with_t)[0]
            expl.append(
                (
                    f"{t}（{t.zh}）不能和：加上它最好的{zh}，不是四组加一对",
                    f"{t} ({t.en}) does not win: with it the best split is {en.removeprefix('Split: ')}: "
                    f"not four sets and a pair",
                )
            )
        if not s:
            expl.append(
                (
                    f"这手牌 {hand_text(hand)} 没有听牌：",
                    f"This hand {hand_text(hand)} is not ready: it waits on nothing.",
                )
            )
            expl += split_lines(hand)
        ok = self.verdict(data, answer, solution)
        score = len(a & s) / len(a | s) if a | s else 1.0
        return Grade(ok, answer, solution, tuple(expl), 1.0 if ok else score)

    def explain_solution(self, data, solution):
        hand = Hand.from_str(data["hand"])
        if not solution:
            return [
                (
                    f"{hand_text(hand)} 没有听牌：没有一张牌能让它和。",
                    f"{hand_text(hand)} is not ready: no tile completes it.",
                )
            ] + split_lines(hand)
        zh, en = tile_names(Tile(x) for x in solution)
        out = [
            (
                f"听 {tiles_text(Tile(x) for x in solution)}（{zh}）",
                f"Waits on {tiles_text(Tile(x) for x in solution)} ({en})",
            )
        ]
        for x in solution:
            out.append(wait_shape(hand, Tile(x)))
        return out

    def hints(self, data):
        hand = Hand.from_str(data["hand"])
        n = len(engine_waits(hand))
        shapes = _wait_groups(hand)
        return [
            ("一张一张试：加上哪张牌能凑成四组加一对？", "Try each tile: which one makes four sets and a pair?"),
            (f"看这些还没成组的牌：{shapes}", f"Look at the tiles not yet in a set: {shapes}"),
            (f"一共听 {n} 种牌。", f"It waits on {n} kind(s) of tile."),
        ]

    def wrong(self, data, solution, rng):
        s = list(solution)
        if s and rng.random() < 0.5:
            s.pop(rng.randrange(len(s)))
        else:
            s.append(str(TILES[rng.choice([i for i in range(34) if str(TILES[i]) not in s])]))
        return s

    def describe(self, q, lang=None):
        return pick("手牌：", "Hand: ", lang) + q.data["hand"]


register(
    Waits(
        name="waits",
        topic="waits",
        title=("听什么", "What does it wait on?"),
        answer="tiles",
        fields={"hand": str},
        answer_help=("输入所有听牌，如 14m 7p；没有听牌输入 -", "Type every waiting tile, e.g. 14m 7p; - for none"),
    )
)


# --- shanten --------------------------------------------------------------------------------


def engine_shanten(hand: Hand) -> int:
    return shanten_of_counts(hand.counts, len(hand.melds))


class Shanten(Kind):
    def make(self, rng, difficulty):
        want = {1: (0, 1), 2: (1, 2), 3: (2, 4)}[difficulty]
        s = snapshot(rng, accept=lambda s: want[0] <= engine_shanten(s.hand) <= want[1], claim_rate=0.2)
        if s is None:  # pragma: no cover - the simulation always reaches such hands
            raise QuizError("could not generate a hand of that shanten")
        return (
            {"hand": str(s.hand)},
            ("这手牌的向听数是多少？（0 = 听牌）", "What is this hand's shanten? (0 = ready)"),
        )

    def validate(self, data):
        h = pick_hand(data, "shanten")
        if h.win_tile is not None or h.tile_count != 13:
            raise QuizError(f"shanten question: field 'hand' must have 13 tiles and no winning tile, got {str(h)!r}")
        return {"hand": str(h)}

    def solve(self, data):
        return engine_shanten(Hand.from_str(data["hand"]))

    def normalize(self, data, answer):
        return as_int(answer)

    def _useful(self, hand: Hand, n: int) -> list[Tile]:
        return [TILES[i] for i in useful_tiles_of_counts(hand.counts, len(hand.melds), all_counts=hand.all_counts)]

    def verdict(self, data, answer, solution):
        return answer == solution

    def check(self, data, answer, solution):
        ok = self.verdict(data, answer, solution)
        expl = self.explain_solution(data, solution)
        if not ok:
            h = hand_text(Hand.from_str(data["hand"]))
            expl.insert(
                0, (f"你答 {answer}，{h} 实际是 {solution} 向听。", f"You said {answer}; {h} is {solution}-shanten.")
            )
        return Grade(ok, answer, solution, tuple(expl), float(ok))

    def explain_solution(self, data, solution):
        hand = Hand.from_str(data["hand"])
        useful = self._useful(hand, solution)
        zh, en = tile_names(useful)
        what = (
            "听牌" if solution == 0 else f"还差 {solution} 张进张才听牌",
            "ready" if solution == 0 else f"{solution} useful draw(s) away from ready",
        )
        return [
            (
                f"{hand_text(hand)}：向听数 {solution}，{what[0]}。",
                f"{hand_text(hand)}: shanten {solution}, {what[1]}.",
            ),
            *split_lines(hand),
            (
                f"{'听' if solution == 0 else '有效进张'}：{tiles_text(useful)}（{zh}）",
                f"{'Waits' if solution == 0 else 'Useful draws'}: {tiles_text(useful)} ({en})",
            ),
        ]

    def hints(self, data):
        hand = Hand.from_str(data["hand"])
        s = regular_split_of_counts(hand.counts, len(hand.melds))
        n_sets = len(hand.melds) + len(s["sets"])
        return [
            (
                "数一数已成的组和搭子（两张差一张成组），看还缺几张。",
                "Count complete sets and partial sets (two tiles one short of a set); how many tiles are missing?",
            ),
            (
                f"这手牌可以拆出 {n_sets} 组（副露也算）；再找对子和搭子。",
                f"This hand has {n_sets} complete set(s), melds included; now find the pair and the partial sets.",
            ),
            (
                "公式：向听数 = 8 − 2×组数 − 搭子数 − (有将 1，无将 0)，搭子最多算到组数 + 搭子 = 4。",
                "The count: shanten = 8 − 2×sets − partial sets − (1 with a pair), with sets + partial sets at most 4.",
            ),
        ]

    def retry_note(self, data, answer, solution):
        """Which way the learner's count is off, and the sets the engine finds (not the number)."""
        hand = Hand.from_str(data["hand"])
        s = regular_split_of_counts(hand.counts, len(hand.melds))
        n_sets = len(hand.melds) + len(s["sets"])
        more = answer < solution
        zh = f"你说 {answer}；这手牌离听牌比这{'更远' if more else '更近'}。" + (
            f"再数一遍：它能拆出 {n_sets} 组（副露也算），{'有' if s['pair'] else '没有'}将；再数搭子。"
            if s["shanten"] == solution
            else "再数一遍，也试试七对等特殊牌型。"
        )
        en = f"You said {answer}; the hand is {'further from' if more else 'closer to'} ready than that. " + (
            f"Count again: it has {n_sets} complete set(s), melds included, and {'a' if s['pair'] else 'no'} "
            f"pair; now count the partial sets."
            if s["shanten"] == solution
            else "Count again, and try the special forms such as seven pairs."
        )
        return zh, en

    def wrong(self, data, solution, rng):
        return solution + 1 if solution == 0 or rng.random() < 0.5 else solution - 1

    def describe(self, q, lang=None):
        return pick("手牌：", "Hand: ", lang) + q.data["hand"]


register(
    Shanten(
        name="shanten",
        topic="waits",
        title=("向听数", "Shanten"),
        answer="number",
        fields={"hand": str},
        answer_help=("输入一个整数，0 表示听牌，例如 1", "Type a whole number, 0 for ready, e.g. 1"),
    )
)


# --- which discard is best -------------------------------------------------------------------


def engine_discards(hand: Hand) -> list[dict]:
    """Each distinct discard of a 14-tile hand with the shanten after it and its useful draws (进张),
    best first, from the engine's discard advice (mjlearn.analysis.discard_advice)."""
    return [
        {"discard": str(o.discard), "shanten": o.shanten, "tiles": [str(t) for t in o.useful_tiles], "count": o.live}
        for o in discard_advice(hand)
    ]


def _best(advice: list[dict]) -> list[dict]:
    top = min((a["shanten"], -a["count"]) for a in advice)
    return [a for a in advice if (a["shanten"], -a["count"]) == top]


def best_discards(hand: Hand) -> list[str]:
    """The discards ``_best(engine_discards(hand))`` names, in its order, measuring the useful draws of
    only the discards that keep the shanten lowest (the others cannot be best): a third of the work
    of the whole advice, which grading needs only to explain."""
    if hand.tile_count != 14:  # the advice's own refusal
        return [a["discard"] for a in _best(engine_discards(hand))]
    counts, n, held = list(hand.counts), len(hand.melds), hand.all_counts
    after = {}
    for d in range(34):
        if counts[d]:
            counts[d] -= 1
            after[d] = shanten_of_counts(counts, n)
            counts[d] += 1
    low = min(after.values())
    ranked = []
    for d, s in after.items():
        if s == low:  # the advice's order: more live copies, then more kinds, then the tile's
            counts[d] -= 1
            held_after = list(held)
            held_after[d] -= 1
            useful = useful_tiles_of_counts(counts, n, all_counts=held_after)
            counts[d] += 1
            ranked.append((-sum(max(0, 4 - held[t]) for t in useful), -len(useful), d))
    ranked.sort()
    return [str(TILES[d]) for live, _, d in ranked if live == ranked[0][0]]


def _steps_zh(n: int) -> str:
    return "0 步（听牌）" if n == 0 else f"{n} 步（{n} 向听）"


def _steps_en(n: int) -> str:
    return "ready (0 from ready)" if n == 0 else f"{n} from ready"


class Discard(Kind):
    def make(self, rng, difficulty):
        def ok(s):
            adv = engine_discards(s.before)
            best = _best(adv)
            sh = best[0]["shanten"]
            fits = {1: sh <= 1, 2: sh <= 2, 3: True}[difficulty] and len(best) <= (1 if difficulty == 1 else 3)
            return fits and len(best) < len(adv)  # some discard is worse: else there is nothing to choose

        s = snapshot(rng, accept=ok, claim_rate=0.2)
        if s is None:  # pragma: no cover - the simulation always reaches such hands
            raise QuizError("could not generate a hand to discard from")
        return ({"hand": str(s.before)}, ("打哪一张最好？", "Which discard is best?"))

    def validate(self, data):
        h = pick_hand(data, "discard")
        if h.win_tile is not None or h.tile_count != 14:
            raise QuizError(f"discard question: field 'hand' must have 14 tiles and no winning tile, got {str(h)!r}")
        return {"hand": str(h)}

    def solve(self, data):
        return best_discards(Hand.from_str(data["hand"]))

    def normalize(self, data, answer):
        if isinstance(answer, (list, tuple)):  # the solution form: every best discard
            if not answer:
                raise AnswerError("没有写要打的牌", "no tile to discard was given")
            return [x for a in answer for x in self.normalize(data, a)]
        t = as_tile(answer)
        if t.is_flower:
            raise AnswerError(
                f"{t} 是花牌：花牌不打出，放在一边", f"{t} is a flower: flowers are set aside, never discarded"
            )
        if Hand.from_str(data["hand"]).counts[t.index] == 0:
            raise AnswerError(f"手牌里没有 {t}", f"{t} is not in the hand")
        return [str(t)]

    def verdict(self, data, answer, solution):
        return set(answer) <= set(solution)

    def check(self, data, answer, solution):
        adv = {a["discard"]: a for a in engine_discards(Hand.from_str(data["hand"]))}
        ok = self.verdict(data, answer, solution)
        answer = next((x for x in answer if x not in solution), answer[0])
        a, b = adv[answer], adv[solution[0]]
        t = Tile(answer)
        best_zh = "或".join(Tile(x).zh for x in solution)
        best_en = " or ".join(Tile(x).en for x in solution)
        expl = [
            (
                f"打{t.zh}：向听 {a['shanten']}，有效进张 {a['count']} 张（{tiles_text(Tile(x) for x in a['tiles'])}）",
                f"Discard {t.en}: shanten {a['shanten']}, {a['count']} useful tiles ({tiles_text(Tile(x) for x in a['tiles'])})",
            )
        ]
        if not ok:
            expl.append(
                (
                    f"最好打{best_zh}：向听 {b['shanten']}，有效进张 {b['count']} 张（{tiles_text(Tile(x) for x in b['tiles'])}）",
                    f"Best is {best_en}: shanten {b['shanten']}, {b['count']} useful tiles ({tiles_text(Tile(x) for x in b['tiles'])})",
                )
            )
            hand = Hand.from_str(data["hand"])
            c = list(hand.concealed)
            c.remove(Tile(solution[0]))
            zh, en = split_lines(Hand(melds=hand.melds, concealed=tuple(c)))[0]
            expl.append(
                (
                    f"打{Tile(solution[0]).zh}后的{zh}",
                    f"After discarding {Tile(solution[0]).en}, the split is {en.removeprefix('Split: ')}",
                )
            )
        return Grade(ok, answer, solution, tuple(expl), float(ok))

    def explain_solution(self, data, solution):
        adv = engine_discards(Hand.from_str(data["hand"]))
        out = []
        for a in adv[:5]:
            t = Tile(a["discard"])
            out.append(
                (
                    f"打{t.zh}：向听 {a['shanten']}，进张 {a['count']}",
                    f"Discard {t.en}: shanten {a['shanten']}, {a['count']} useful tiles",
                )
            )
        return out

    def hints(self, data):
        adv = engine_discards(Hand.from_str(data["hand"]))
        lowest = min(a["shanten"] for a in adv)
        return [
            (
                "先保持向听数最小，再比较有效进张的数量。",
                "First keep the shanten lowest; then compare how many useful tiles remain.",
            ),
            (
                f"最好的打法打完是 {lowest} 向听；先找出哪些牌不属于任何组或搭子。",
                f"The best discards leave the hand {lowest}-shanten; look for tiles that belong to no set or partial set.",
            ),
        ]

    def retry_note(self, data, answer, solution):
        """Where the learner's discard leaves the hand next to where the best one does (not which it is)."""
        adv = {a["discard"]: a for a in engine_discards(Hand.from_str(data["hand"]))}
        mine = next((x for x in answer if x not in solution), None)
        if mine is None:
            return None
        a, b, t = adv[mine], adv[solution[0]], Tile(mine)
        if a["shanten"] > b["shanten"]:
            return (
                f"打{t.zh}后离听牌还差 {_steps_zh(a['shanten'])}；有别的打法只差 {_steps_zh(b['shanten'])}。",
                f"Discarding {t.en} leaves the hand {_steps_en(a['shanten'])}; another discard leaves it "
                f"{_steps_en(b['shanten'])}.",
            )
        return (
            f"打{t.zh}后离听牌还差 {_steps_zh(a['shanten'])}，有效进张 {a['count']} 张；"
            f"有别的打法同样差 {_steps_zh(b['shanten'])}，有效进张 {b['count']} 张。",
            f"Discarding {t.en} leaves the hand {_steps_en(a['shanten'])} with {a['count']} useful tiles; "
            f"another discard leaves it just as close with {b['count']}.",
        )

    def wrong(self, data, solution, rng):
        adv = engine_discards(Hand.from_str(data["hand"]))
        others = [a["discard"] for a in adv if a["discard"] not in solution]
        return rng.choice(others)

    def describe(self, q, lang=None):
        return pick("手牌：", "Hand: ", lang) + q.data["hand"]


register(
    Discard(
        name="discard",
        topic="waits",
        title=("打哪张", "Best discard"),
        answer="tile",
        fields={"hand": str},
        answer_help=("输入要打的牌，如 9s", "Type the tile to discard, e.g. 9s"),
    )
)
