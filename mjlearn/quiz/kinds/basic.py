"""Kinds on tiles and hand shapes: name a tile; is this hand complete (and how does it read);
what does it wait on; its shanten; which discard is best."""

from __future__ import annotations

import random

from ...analysis import discard_advice
from ...hand import Hand
from ...i18n import both, pick
from ...shapes import KNITTED_PATTERNS, ORPHAN_INDICES, Form, is_complete, readings
from ...shanten_core import shanten_of_counts, useful_tiles_of_counts, waits_of_counts
from ...tiles import TILES, Tile
from ..core import Grade, Kind, QuizError, register
from ..deal import counts_to_tiles, simulated_win, snapshot
from ._util import as_tile, as_tiles, as_int, pick_hand, tile_names, tiles_text


# --- name a tile -------------------------------------------------------------------------

class TileName(Kind):
    def make(self, rng, difficulty):
        pool = {1: range(27), 2: range(34), 3: range(42)}[difficulty]
        t = TILES[rng.choice(list(pool))]
        options = {t}
        while len(options) < 4:  # distractors that are easy to confuse: same rank, neighbours, same group
            i = t.index
            if i < 27:
                cand = [i % 9 + 9 * s for s in range(3)] + [i - 1 if i % 9 else i + 1, i + 1 if i % 9 < 8 else i - 1]
            elif i < 34:
                cand = list(range(27, 34))
            else:
                cand = list(range(34, 42))
            options.add(TILES[rng.choice(cand if rng.random() < 0.8 else list(pool))])
        opts = sorted(options)
        rng.shuffle(opts)
        return ({"tile": str(t), "options": [str(o) for o in opts]},
                ("这张牌叫什么？", "What is this tile called?"))

    def validate(self, data):
        t = as_tile(data.get("tile"), "tile_name question: field 'tile'")
        opts = [str(o) for o in as_tiles(data.get("options", []), "tile_name question: field 'options'")]
        if opts and str(t) not in opts:
            raise QuizError(f"tile_name question: the options {opts} do not include the tile {t}")
        return {"tile": str(t), "options": opts}

    def solve(self, data):
        return str(as_tile(data["tile"]))

    def normalize(self, data, answer):
        return str(as_tile(answer))

    def check(self, data, answer, solution):
        t, a = Tile(solution), Tile(answer)
        expl = [(f"这是{t.zh}（{t.pinyin}），{t.suit.zh}。", f"This is {t.en} ({t.zh}, {t.pinyin}), a {t.suit.en} tile.")]
        if a != t:
            expl.append((f"你选的是{a.zh}（{a.en}），{a.suit.zh}。", f"You chose {a.en} ({a.zh}), a {a.suit.en} tile."))
        return Grade(a == t, answer, solution, tuple(expl), float(a == t))

    def hints(self, data):
        t = as_tile(data["tile"])
        h = [(f"花色：{t.suit.zh}", f"Suit: {t.suit.en}")]
        if t.is_suited:
            h.append((f"数一数：点数是 {t.rank}", f"Count the marks: its rank is {t.rank}"))
        return h

    def explain_solution(self, data, solution):
        t = Tile(solution)
        return [(f"{t.zh}（{t.pinyin}），记作 {t}", f"{t.en}, written {t}")]

    def wrong(self, data, solution, rng):
        opts = [o for o in data.get("options", []) if o != solution]
        return rng.choice(opts) if opts else str(TILES[(Tile(solution).index + 1) % 34])

    def choices(self, data):
        return [(o, f"{Tile(o).zh} {Tile(o).en}") for o in data.get("options") or []]

    def figure(self, data):
        return ("tile", data["tile"])

    def describe(self, q, lang=None):
        t = as_tile(q.data["tile"])
        opts = q.data.get("options") or []
        from ...render.text import tile_face
        lines = [pick("这张牌（笔记本里显示牌面图）：", "This tile (the notebook shows its picture):", lang),
                 *tile_face(t)]
        if opts:
            lines.append(pick("选项：", "Options: ", lang) + "  ".join(
                f"{o} = {pick(Tile(o).zh, Tile(o).en, lang)}" for o in opts))
        return "\n".join(lines)


register(TileName(name="tile_name", topic="tiles", title=("认牌", "Name a tile"), answer="choice",
                  fields={"tile": str, "options": (list, str)},
                  answer_help=("输入牌的记法或名字，如 5m、五万、East Wind", "Type the tile, e.g. 5m, 五万 or East Wind")))


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
            win = hand.win_tile.index if c[hand.win_tile.index] else into
            c[win] -= 1
            return Hand(melds=hand.melds, concealed=tuple(counts_to_tiles(c)), win_tile=TILES[win])
    return hand


class Complete(Kind):
    def make(self, rng, difficulty):
        r = rng.random()
        if difficulty >= 2 and r < 0.35:
            forms = ["seven_pairs"] if difficulty == 2 else ["seven_pairs", "thirteen_orphans",
                                                             "honors_and_knitted", "knitted_straight"]
            hand = _special_hand(rng, rng.choice(forms))
        else:
            hand = simulated_win(rng).hand
        if rng.random() < 0.45:
            hand = _near_miss(rng, hand)
        return ({"hand": str(hand), "options": FORM_OPTIONS},
                ("这手牌和了吗？如果和了，是哪种和牌型？", "Is this hand complete? If so, in which form does it read?"))

    def validate(self, data):
        h = pick_hand(data, "complete")
        if h.tile_count != 14:
            raise QuizError(f"complete question: field 'hand' must have 14 tiles (kongs as three), "
                            f"{str(h)!r} has {h.tile_count}")
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
                raise QuizError("expected a form, got an empty list")
            return [x for a in answer for x in self.normalize(data, a)]
        a = str(answer).strip().lower().replace(" ", "_")
        alias = {"n": "no", "否": "no", "没有": "no", "not_complete": "no", "r": "regular", "基本和型": "regular",
                 "七对": "seven_pairs", "7": "seven_pairs", "十三幺": "thirteen_orphans", "13": "thirteen_orphans",
                 "全不靠": "honors_and_knitted", "组合龙": "knitted_straight"}
        a = alias.get(a, a)
        if a not in FORM_OPTIONS:
            raise QuizError(f"expected one of {', '.join(FORM_OPTIONS)}, got {answer!r}")
        return [a]

    def check(self, data, answer, solution):
        ok = set(answer) <= set(solution)
        expl = self.explain_solution(data, solution)
        for a in answer:
            if a not in solution and a != "no" and solution != ["no"]:
                zh, en = _FORM_LINES[a]
                expl.insert(0, (f"它不能读作{zh}。", f"It does not read as {en}."))
        return Grade(ok, answer, solution, tuple(expl), float(ok))

    def explain_solution(self, data, solution):
        hand = Hand.from_str(data["hand"])
        rs = readings(hand)
        if not rs:
            lines = [("这手牌没有和：无法分成四组加一对，也不是特殊和牌型。",
                      "Not complete: it cannot be split into four sets and a pair, nor read as a special form.")]
            # which single change would complete it: the engine's waits of the 13 tiles before the winning tile
            if hand.win_tile is not None:
                c = list(hand.counts)
                c[hand.win_tile.index] -= 1
                ws = [TILES[i] for i in range(34) if hand.all_counts[i] - (i == hand.win_tile.index) < 4
                      and (c.__setitem__(i, c[i] + 1) or True) and (is_complete(c, len(hand.melds)), c.__setitem__(i, c[i] - 1))[0]]
                if ws:
                    zh, en = tile_names(ws)
                    lines.append((f"去掉和牌张后，它听 {tiles_text(ws)}（{zh}）。",
                                  f"Without the last tile it waits on {tiles_text(ws)} ({en})."))
                else:
                    lines.append(("去掉和牌张后，它还没有听牌。", "Without the last tile it is not even ready."))
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
        return [("先找将（对子），再把其余的牌分成顺子和刻子。", "Find the pair first, then split the rest into chows and pungs."),
                (f"这手牌有 {n_pairs} 种牌成对（或更多）。", f"{n_pairs} tile kinds appear at least twice.")]

    def wrong(self, data, solution, rng):
        return [rng.choice([f for f in FORM_OPTIONS if f not in solution])]

    def choices(self, data):
        return [(o, both(*_FORM_LINES[o])) for o in data.get("options") or FORM_OPTIONS]

    def describe(self, q, lang=None):
        return pick("手牌：", "Hand: ", lang) + q.data["hand"] + "\n" + pick("选项：", "Options: ", lang) + \
            ", ".join(f"{o} ({pick(*_FORM_LINES[o], lang=lang)})" for o in FORM_OPTIONS)


register(Complete(name="complete", topic="hands", title=("和了吗", "Is it complete?"), answer="choice",
                  fields={"hand": str, "options": list},
                  answer_help=("输入 no 或和牌型：regular、seven_pairs、thirteen_orphans、honors_and_knitted、knitted_straight",
                               "Type no, or the form: regular, seven_pairs, thirteen_orphans, honors_and_knitted, knitted_straight")))


# --- waits ----------------------------------------------------------------------------------

def engine_waits(hand: Hand) -> list[Tile]:
    """The tiles a 13-tile hand waits on (mjlearn.shanten_core.waits_of_counts: formal waits included)."""
    return [TILES[i] for i in waits_of_counts(hand.counts, len(hand.melds))]


def _winning_reading(hand: Hand, t: Tile) -> str:
    """How the hand reads when it wins on ``t`` (a formal wait on a tile held four times is named so)."""
    if hand.all_counts[t.index] >= 4:
        return "（形式听牌：四张都在你手里）/ (a formal wait: all four are in your hand)"
    h = Hand(melds=hand.melds, concealed=hand.concealed, win_tile=t)
    rs = readings(h)
    return str(rs[0]) if rs else "?"


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

    def check(self, data, answer, solution):
        hand = Hand.from_str(data["hand"])
        a, s = set(answer), set(solution)
        missed = sorted((Tile(x) for x in s - a))
        extra = sorted((Tile(x) for x in a - s))
        expl = []
        for t in missed:
            r = _winning_reading(hand, t)
            expl.append((f"漏了 {t}（{t.zh}）：和牌读作 {r}", f"Missed {t} ({t.en}): it wins as {r}"))
        for t in extra:
            if True:
                expl.append((f"{t}（{t.zh}）不能和：加上它也凑不成和牌型", f"{t} ({t.en}) does not win: with it the hand is still not complete"))
        if not s:
            expl.append(("这手牌没有听牌。", "This hand is not ready: it waits on nothing."))
        ok = a == s
        score = len(a & s) / len(a | s) if a | s else 1.0
        return Grade(ok, answer, solution, tuple(expl), 1.0 if ok else score)

    def explain_solution(self, data, solution):
        hand = Hand.from_str(data["hand"])
        if not solution:
            return [("没有听牌。", "Not ready: no tile completes it.")]
        zh, en = tile_names(Tile(x) for x in solution)
        out = [(f"听 {tiles_text(Tile(x) for x in solution)}（{zh}）", f"Waits on {tiles_text(Tile(x) for x in solution)} ({en})")]
        for x in solution:
            r = _winning_reading(hand, Tile(x))
            out.append((f"  {x}：{r}", f"  {x}: {r}"))
        return out

    def hints(self, data):
        hand = Hand.from_str(data["hand"])
        n = len(engine_waits(hand))
        return [("一张一张试：加上哪张牌能凑成四组加一对？", "Try each tile: which one makes four sets and a pair?"),
                (f"一共听 {n} 种牌。", f"It waits on {n} kind(s) of tile.")]

    def wrong(self, data, solution, rng):
        s = list(solution)
        if s and rng.random() < 0.5:
            s.pop(rng.randrange(len(s)))
        else:
            s.append(str(TILES[rng.choice([i for i in range(34) if str(TILES[i]) not in s])]))
        return s

    def describe(self, q, lang=None):
        return pick("手牌：", "Hand: ", lang) + q.data["hand"]


register(Waits(name="waits", topic="waits", title=("听什么", "What does it wait on?"), answer="tiles", fields={"hand": str},
               answer_help=("输入所有听牌，如 14m 7p；没有听牌输入 -", "Type every waiting tile, e.g. 14m 7p; - for none")))


# --- shanten --------------------------------------------------------------------------------

def engine_shanten(hand: Hand) -> int:
    return shanten_of_counts(hand.counts, len(hand.melds))


class Shanten(Kind):
    def make(self, rng, difficulty):
        want = {1: (0, 1), 2: (1, 2), 3: (2, 4)}[difficulty]
        s = snapshot(rng, accept=lambda s: want[0] <= engine_shanten(s.hand) <= want[1], claim_rate=0.2)
        return ({"hand": str(s.hand)}, ("这手牌的向听数是多少？（0 = 听牌）", "What is this hand's shanten? (0 = ready)"))

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

    def check(self, data, answer, solution):
        ok = answer == solution
        expl = self.explain_solution(data, solution)
        if not ok:
            expl.insert(0, (f"你答 {answer}，实际是 {solution}。", f"You said {answer}; it is {solution}."))
        return Grade(ok, answer, solution, tuple(expl), float(ok))

    def explain_solution(self, data, solution):
        hand = Hand.from_str(data["hand"])
        useful = self._useful(hand, solution)
        zh, en = tile_names(useful)
        what = ("听牌" if solution == 0 else f"还差 {solution} 张进张才听牌", "ready" if solution == 0 else
                f"{solution} useful draw(s) away from ready")
        return [(f"向听数 {solution}：{what[0]}。", f"Shanten {solution}: {what[1]}."),
                (f"有效进张：{tiles_text(useful)}（{zh}）", f"Useful draws: {tiles_text(useful)} ({en})")]

    def hints(self, data):
        return [("数一数已成的组和搭子（两张差一张成组），看还缺几张。",
                 "Count complete sets and partial sets (two tiles one short of a set); how many tiles are missing?")]

    def wrong(self, data, solution, rng):
        return solution + 1 if solution == 0 or rng.random() < 0.5 else solution - 1

    def describe(self, q, lang=None):
        return pick("手牌：", "Hand: ", lang) + q.data["hand"]


register(Shanten(name="shanten", topic="waits", title=("向听数", "Shanten"), answer="number", fields={"hand": str},
                 answer_help=("输入一个整数，0 表示听牌", "Type a whole number; 0 means ready")))


# --- which discard is best -------------------------------------------------------------------

def engine_discards(hand: Hand) -> list[dict]:
    """Each distinct discard of a 14-tile hand with the shanten after it and its useful draws (进张),
    best first, from the engine's discard advice (mjlearn.analysis.discard_advice)."""
    return [{"discard": str(o.discard), "shanten": o.shanten, "tiles": [str(t) for t in o.useful_tiles],
             "count": o.live} for o in discard_advice(hand)]


def _best(advice: list[dict]) -> list[dict]:
    top = min((a["shanten"], -a["count"]) for a in advice)
    return [a for a in advice if (a["shanten"], -a["count"]) == top]


class Discard(Kind):
    def make(self, rng, difficulty):
        def ok(s):
            if s.before is None:
                return False
            adv = engine_discards(s.before)
            best = _best(adv)
            sh = best[0]["shanten"]
            return {1: sh <= 1, 2: sh <= 2, 3: True}[difficulty] and len(best) <= (1 if difficulty == 1 else 3)
        s = snapshot(rng, accept=ok, claim_rate=0.2)
        return ({"hand": str(s.before)}, ("打哪一张最好？", "Which discard is best?"))

    def validate(self, data):
        h = pick_hand(data, "discard")
        if h.win_tile is not None or h.tile_count != 14:
            raise QuizError(f"discard question: field 'hand' must have 14 tiles and no winning tile, got {str(h)!r}")
        return {"hand": str(h)}

    def solve(self, data):
        return [a["discard"] for a in _best(engine_discards(Hand.from_str(data["hand"])))]

    def normalize(self, data, answer):
        if isinstance(answer, (list, tuple)):  # the solution form: every best discard
            if not answer:
                raise QuizError("expected a tile to discard, got an empty list")
            return [x for a in answer for x in self.normalize(data, a)]
        t = as_tile(answer)
        if Hand.from_str(data["hand"]).counts[t.index] == 0:
            raise QuizError(f"{t} is not in the hand")
        return [str(t)]

    def check(self, data, answer, solution):
        adv = {a["discard"]: a for a in engine_discards(Hand.from_str(data["hand"]))}
        ok = set(answer) <= set(solution)
        answer = next((x for x in answer if x not in solution), answer[0])
        a, b = adv[answer], adv[solution[0]]
        expl = [(f"打 {answer}：向听 {a['shanten']}，有效进张 {a['count']} 张（{tiles_text(Tile(x) for x in a['tiles'])}）",
                 f"Discard {answer}: shanten {a['shanten']}, {a['count']} useful tiles ({tiles_text(Tile(x) for x in a['tiles'])})")]
        if not ok:
            expl.append((f"最好打 {'/'.join(solution)}：向听 {b['shanten']}，有效进张 {b['count']} 张（{tiles_text(Tile(x) for x in b['tiles'])}）",
                         f"Best is {'/'.join(solution)}: shanten {b['shanten']}, {b['count']} useful tiles ({tiles_text(Tile(x) for x in b['tiles'])})"))
        return Grade(ok, answer, solution, tuple(expl), float(ok))

    def explain_solution(self, data, solution):
        adv = engine_discards(Hand.from_str(data["hand"]))
        out = []
        for a in adv[:5]:
            out.append((f"打 {a['discard']}：向听 {a['shanten']}，进张 {a['count']}",
                        f"Discard {a['discard']}: shanten {a['shanten']}, {a['count']} useful tiles"))
        return out

    def hints(self, data):
        return [("先保持向听数最小，再比较有效进张的数量。",
                 "First keep the shanten lowest; then compare how many useful tiles remain.")]

    def wrong(self, data, solution, rng):
        adv = engine_discards(Hand.from_str(data["hand"]))
        others = [a["discard"] for a in adv if a["discard"] not in solution]
        return rng.choice(others)

    def describe(self, q, lang=None):
        return pick("手牌：", "Hand: ", lang) + q.data["hand"]


register(Discard(name="discard", topic="waits", title=("打哪张", "Best discard"), answer="tile", fields={"hand": str},
                 answer_help=("输入要打的牌，如 9s", "Type the tile to discard, e.g. 9s")))
