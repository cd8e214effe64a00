"""The kind on complete hands: is this hand complete, and in which form does it read. The kinds on
waits, shanten and discards are :mod:`.basic`."""

from __future__ import annotations

import random

from ...hand import Hand, format_meld
from ...i18n import pick
from ...shanten_core import shanten_of_counts
from ...shapes import KNITTED_PATTERNS, ORPHAN_INDICES, Form, is_complete, readings
from ...tiles import TILES, format_tiles
from ..core import AnswerError, Grade, Kind, QuizError, register
from ..deal import counts_to_tiles, simulated_win
from ._explain import hand_text, split_lines
from ._util import pick_hand, tile_names, tiles_text

# --- is this hand complete, and how does it read ---------------------------------------------

FORM_OPTIONS = ["no"] + [f.value for f in Form]
_FORM_LINES = {"no": ("没有和牌", "Not complete")} | {f.value: (f.zh, f.en) for f in Form}


def _special_hand(rng: random.Random, form: str) -> Hand:
    """A complete hand of a special form, built tile by tile (these are too rare in play to sample)."""
    if form == "thirteen_orphans":
        c = [0] * 34
        for i in ORPHAN_INDICES:
            c[i] = 1
        c[rng.choice(ORPHAN_INDICES)] += 1
    elif form == "honors_and_knitted":
        pat = rng.choice(KNITTED_PATTERNS)
        chosen = rng.sample(list(pat) + list(range(27, 34)), 14)
        c = [0] * 34
        for i in chosen:
            c[i] = 1
    elif form == "knitted_straight":
        pat = rng.choice(KNITTED_PATTERNS)
        c = [0] * 34
        for i in pat:
            c[i] += 1
        while True:
            s = rng.randrange(34)
            if s < 27 and s % 9 <= 6 and rng.random() < 0.5:
                for j in (s, s + 1, s + 2):
                    c[j] += 1
            else:
                c[s] += 3
            p = rng.randrange(34)
            c[p] += 2
            if max(c) <= 4:
                break
            for j in set(range(34)):
                c[j] = 0
            for i in pat:
                c[i] += 1
    else:  # seven pairs
        kinds = rng.sample(range(34), 7)
        c = [0] * 34
        for i in kinds:
            c[i] = 2
    tiles = counts_to_tiles(c)
    win = tiles.pop(rng.randrange(len(tiles)))
    return Hand(concealed=tuple(tiles), win_tile=win)


def _near_miss(rng: random.Random, hand: Hand) -> Hand:
    """The hand with one concealed tile swapped so that it is no longer complete (if possible)."""
    for _ in range(50):
        c = list(hand.counts)
        tiles = [i for i in range(34) if c[i]]
        out = rng.choice(tiles)
        into = rng.choice([j for j in range(34) if hand.all_counts[j] < 4 and j != out])
        if hand.win_tile is not None and out == hand.win_tile.index and c[out] == 1:
            continue
        c[out] -= 1
        c[into] += 1
        if not is_complete(c, len(hand.melds)):
            win = hand.win_tile.index if c[hand.win_tile.index] else into  # type: ignore[union-attr]  # a complete hand
            c[win] -= 1
            return Hand(melds=hand.melds, concealed=tuple(counts_to_tiles(c)), win_tile=TILES[win])
    return hand


def _form_miss(hand: Hand, form: str) -> tuple[str, str]:
    """(zh, en): why a complete hand does not read as ``form``, naming the tiles."""
    c = hand.counts
    if form != "regular" and form != "knitted_straight" and hand.melds:
        m = " ".join(format_meld(x) for x in hand.melds)
        return (
            f"这个和牌型要求门前清，这手牌有副露 {m}。",
            f"that form needs a concealed hand; this one has the melds {m}.",
        )
    if form == "seven_pairs":
        pairs = [TILES[i] for i in range(34) for _ in range(c[i] // 2)]
        odd = [TILES[i] for i in range(34) if c[i] % 2]
        return (
            f"只有 {len(pairs)} 个对子（{' '.join(format_tiles([t, t]) for t in pairs) or '无'}），单张 {tiles_text(odd)}，需要 7 对。",
            f"it has {len(pairs)} pairs ({' '.join(format_tiles([t, t]) for t in pairs) or 'none'}) and the odd "
            f"tiles {tiles_text(odd)}; seven are needed.",
        )
    if form == "thirteen_orphans":
        missing = [TILES[i] for i in ORPHAN_INDICES if not c[i]]
        other = [TILES[i] for i in range(34) if c[i] and i not in ORPHAN_INDICES]
        return (
            f"缺幺九字牌 {tiles_text(missing)}，多了中张 {tiles_text(other)}。",
            f"it lacks the terminals or honors {tiles_text(missing)} and holds the middle tiles {tiles_text(other)}.",
        )
    if form in ("honors_and_knitted", "knitted_straight"):
        best = max(KNITTED_PATTERNS, key=lambda p: sum(1 for i in p if c[i]))
        missing = [TILES[i] for i in best if not c[i]]
        if form == "honors_and_knitted":
            twice = [TILES[i] for i in range(34) if c[i] > 1]
            return (
                f"全不靠要 14 张各不相同的牌；重复的有 {tiles_text(twice)}，最接近的组合龙 {tiles_text(TILES[i] for i in best)} 缺 {tiles_text(missing)}。",
                f"it needs 14 different tiles; {tiles_text(twice)} repeat, and the nearest knitted pattern "
                f"{tiles_text(TILES[i] for i in best)} lacks {tiles_text(missing)}.",
            )
        return (
            f"最接近的组合龙 {tiles_text(TILES[i] for i in best)} 缺 {tiles_text(missing)}。",
            f"the nearest knitted straight {tiles_text(TILES[i] for i in best)} lacks {tiles_text(missing)}.",
        )
    line = split_lines(hand)[0]
    return (f"分不出四组加一对，{line[0]}", f"no four sets and a pair; {line[1]}")


class Complete(Kind):
    def make(self, rng, difficulty):
        r = rng.random()
        if difficulty >= 2 and r < 0.35:
            forms = (
                ["seven_pairs"]
                if difficulty == 2
                else ["seven_pairs", "thirteen_orphans", "honors_and_knitted", "knitted_straight"]
            )
            hand = _special_hand(rng, rng.choice(forms))
        else:
            hand = simulated_win(rng).hand
        if rng.random() < 0.45:
            hand = _near_miss(rng, hand)
        return (
            {"hand": str(hand), "options": FORM_OPTIONS},
            ("这手牌和了吗？如果和了，是哪种和牌型？", "Is this hand complete? If so, in which form does it read?"),
        )

    def validate(self, data):
        h = pick_hand(data, "complete")
        if h.tile_count != 14:
            raise QuizError(
                f"complete question: field 'hand' must have 14 tiles (kongs as three), {str(h)!r} has {h.tile_count}"
            )
        return {"hand": str(h), "options": FORM_OPTIONS}

    def solve(self, data):
        forms = []
        for r in readings(data["hand"]):
            if r.form.value not in forms:
                forms.append(r.form.value)
        return forms or ["no"]

    def normalize(self, data, answer):
        if isinstance(answer, (list, tuple)):
            if not answer:
                raise AnswerError("没有选和牌型", "no form was chosen")
            return [x for a in answer for x in self.normalize(data, a)]
        a = str(answer).strip().lower().replace(" ", "_")
        alias = {
            "n": "no",
            "否": "no",
            "没有": "no",
            "not_complete": "no",
            "r": "regular",
            "基本和型": "regular",
            "七对": "seven_pairs",
            "7": "seven_pairs",
            "十三幺": "thirteen_orphans",
            "13": "thirteen_orphans",
            "全不靠": "honors_and_knitted",
            "组合龙": "knitted_straight",
        }
        a = alias.get(a, a)
        if a not in FORM_OPTIONS:
            raise AnswerError(f"“{answer}” 不是一种和牌型", f"“{answer}” is not one of the forms")
        return [a]

    def verdict(self, data, answer, solution):
        return set(answer) <= set(solution)

    def check(self, data, answer, solution):
        ok = self.verdict(data, answer, solution)
        expl = self.explain_solution(data, solution)
        hand = Hand.from_str(data["hand"])
        for a in answer:
            if a in solution:
                continue
            if a == "no":
                expl.insert(
                    0,
                    (
                        f"它已经和了：{hand_text(hand)} + {hand.win_tile} 可以读成下面的和牌型。",
                        f"It is complete: {hand_text(hand)} + {hand.win_tile} reads as shown below.",
                    ),
                )
            elif solution != ["no"]:
                zh, en = _FORM_LINES[a]
                why = _form_miss(hand, a)
                expl.insert(0, (f"它不能读作{zh}：{why[0]}", f"It does not read as {en}: {why[1]}"))
        return Grade(ok, answer, solution, tuple(expl), float(ok))

    def explain_solution(self, data, solution):
        hand = Hand.from_str(data["hand"])
        rs = readings(hand)
        if not rs:
            lines = [
                (
                    f"这手牌没有和：{hand_text(hand)} + {hand.win_tile} 无法分成四组加一对，也不是特殊和牌型。",
                    f"Not complete: {hand_text(hand)} + {hand.win_tile} cannot be split into four sets and a pair, "
                    f"nor read as a special form.",
                )
            ]
            lines += split_lines(hand)
            # which single change would complete it: the engine's waits of the 13 tiles before the winning tile
            if hand.win_tile is not None:
                c = list(hand.counts)
                c[hand.win_tile.index] -= 1
                ws = [
                    TILES[i]
                    for i in range(34)
                    if hand.all_counts[i] - (i == hand.win_tile.index) < 4
                    and (c.__setitem__(i, c[i] + 1) or True)
                    and (is_complete(c, len(hand.melds)), c.__setitem__(i, c[i] - 1))[0]
                ]
                if ws:
                    zh, en = tile_names(ws)
                    lines.append(
                        (
                            f"去掉和牌张后，它听 {tiles_text(ws)}（{zh}）。",
                            f"Without the last tile it waits on {tiles_text(ws)} ({en}).",
                        )
                    )
                else:
                    before = Hand(melds=hand.melds, concealed=hand.concealed)
                    n = shanten_of_counts(before.counts, len(before.melds))
                    lines.append(
                        (
                            f"去掉和牌张 {hand.win_tile} 后，它还没有听牌（{n} 向听）。",
                            f"Without the last tile {hand.win_tile} it is not even ready ({n}-shanten).",
                        )
                    )
            return lines
        out = []
        for r in rs[:4]:
            out.append((f"{r.form.zh}：{r}", f"{r.form.en}: {r}"))
        if len(rs) > 4:
            out.append((f"……共 {len(rs)} 种读法", f"... {len(rs)} readings in all"))
        return out

    def hints(self, data):
        h = Hand.from_str(data["hand"])
        n_pairs = sum(1 for n in h.counts if n >= 2)
        return [
            (
                "先找将（对子），再把其余的牌分成顺子和刻子。",
                "Find the pair first, then split the rest into chows and pungs.",
            ),
            (f"这手牌有 {n_pairs} 种牌成对（或更多）。", f"{n_pairs} tile kinds appear at least twice."),
        ]

    def wrong(self, data, solution, rng):
        return [rng.choice([f for f in FORM_OPTIONS if f not in solution])]

    def choices(self, data):
        return [
            (o, f"{_FORM_LINES[o][0]} {_FORM_LINES[o][1]}") for o in data.get("options") or FORM_OPTIONS
        ]  # Chinese first, as every other kind

    def describe(self, q, lang=None):
        return (
            pick("手牌：", "Hand: ", lang)
            + q.data["hand"]
            + "\n"
            + pick("选项：", "Options: ", lang)
            + ", ".join(f"{o} ({pick(*_FORM_LINES[o], lang=lang)})" for o in FORM_OPTIONS)
        )


register(
    Complete(
        name="complete",
        topic="hands",
        title=("和了吗", "Is it complete?"),
        answer="choice",
        fields={"hand": str, "options": list},
        answer_help=(
            "输入 no 或和牌型：regular、seven_pairs、thirteen_orphans、honors_and_knitted、knitted_straight",
            "Type no, or the form: regular, seven_pairs, thirteen_orphans, honors_and_knitted, knitted_straight",
        ),
    )
)
