"""Kinds on tiles and hand shapes: name a tile; is this hand complete (and how does it read);
what does it wait on; its shanten; which discard is best."""

from __future__ import annotations

import random

from ...analysis import discard_advice
from ...hand import Hand, format_meld
from ...i18n import pick
from ...shapes import KNITTED_PATTERNS, ORPHAN_INDICES, Form, is_complete, readings
from ...shanten_core import regular_split_of_counts, shanten_of_counts, useful_tiles_of_counts, waits_of_counts
from ...errors import NotationError
from ...notation import parse_tiles
from ...tiles import TILES, Tile, format_tiles
from ..core import AnswerError, Grade, Kind, QuizError, register
from ..deal import counts_to_tiles, simulated_win, snapshot
from ._explain import group_text, hand_text, split_lines, wait_shape
from ._util import as_tile, as_tiles, as_int, need, pick_hand, tile_names, tiles_text


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

    def verdict(self, data, answer, solution):
        return Tile(answer) == Tile(solution)

    def check(self, data, answer, solution):
        t, a = Tile(solution), Tile(answer)
        ok = self.verdict(data, answer, solution)
        expl = [(f"这是{t.zh}（{t.pinyin}），记作 {t}，{t.suit.zh}。",
                 f"This is {t.en} ({t.zh}, {t.pinyin}), written {t}: {_a(t.suit.en)} tile.")]
        if a != t:
            why = _tile_difference(a, t)
            expl.append((f"你选的是{a.zh}（{a}）：{why[0]}", f"You chose {a.en} ({a}): {why[1]}"))
        return Grade(ok, answer, solution, tuple(expl), float(ok))

    def hints(self, data):
        t = as_tile(data["tile"])
        h = [(f"先看花色：这是{t.suit.zh}。", f"Look at the suit first: it is {_a(t.suit.en)} tile.")]
        if t.is_suited:
            h.append((f"数一数：点数是 {t.rank}", f"Count the marks: its rank is {t.rank}"))
        elif t.index < 34:
            h.append(("字牌：风牌是东南西北（E S W N），箭牌是中发白（C F P）。",
                      "Honors: the winds are East, South, West, North (E S W N); the dragons Red, Green, White (C F P)."))
        else:
            h.append(("花牌：春夏秋冬和梅兰竹菊，各有编号 1-4。", "Flowers: the seasons and the plants, each numbered 1-4."))
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

    def subject(self, data):
        return ("tile", str(data["tile"]))

    def describe(self, q, lang=None):
        t = as_tile(q.data["tile"])
        opts = q.data.get("options") or []
        from ...render.text import tile_face
        lines = [pick("这张牌：", "This tile:", lang), *tile_face(t)]
        if opts:
            lines.append(pick("选项：", "Options: ", lang) + "  ".join(
                f"{o} = {pick(Tile(o).zh, Tile(o).en, lang)}" for o in opts))
        return "\n".join(lines)


def _a(word: str) -> str:
    return ("an " if word[:1] in "AEIOUH" else "a ") + word


def _tile_difference(a: Tile, t: Tile) -> tuple[str, str]:
    """(zh, en): how the chosen tile ``a`` differs from the right one ``t``."""
    if a.suit != t.suit:
        return (f"那是{a.suit.zh}，这张是{t.suit.zh}（{t.zh}）。", f"that is {_a(a.suit.en)} tile; this one is {t.suit.en} ({t}).")
    if a.is_suited and t.is_suited:
        return (f"花色对了（{t.suit.zh}），点数是 {t.rank} 不是 {a.rank}。",
                f"the suit is right ({t.suit.en}), but the rank is {t.rank}, not {a.rank} ({t}).")
    return (f"同是{t.suit.zh}，但这张是{t.zh}（{t}）。", f"both are {t.suit.en} tiles, but this one is {t.en} ({t}).")


register(TileName(name="tile_name", topic="tiles", title=("认牌", "Name a tile"), answer="choice",
                  fields={"tile": str, "options": (list, str)},
                  answer_help=("输入牌的记法或名字，如 5m、五万、East Wind", "Type the tile, e.g. 5m, 五万 or East Wind")))


# --- read and write the notation --------------------------------------------------------------

def _group(rng: random.Random, difficulty: int) -> list[Tile]:
    """A few tiles as lesson 01 writes them: a run or a pair in one suit (easy), two suits or
    honors (medium), suits, honors and a flower together (hard)."""
    def run(suit: int) -> list[Tile]:
        if rng.random() < 0.5:
            r = rng.randrange(7)
            return [TILES[suit * 9 + r + k] for k in range(3)]
        r = rng.randrange(9)
        return [TILES[suit * 9 + r]] * 2
    suits = rng.sample(range(3), 2)
    out = run(suits[0])
    if difficulty >= 2:
        out += run(suits[1]) if rng.random() < 0.5 else [TILES[i] for i in sorted(rng.sample(range(27, 34), 2))]
    if difficulty >= 3:
        out += [TILES[rng.randrange(27, 34)], TILES[rng.randrange(34, 42)]]
    return sorted(out)


def _names(tiles) -> tuple[str, str]:
    return ("、".join(t.zh for t in tiles), ", ".join(t.en for t in tiles))


def _misread(rng: random.Random, tiles: list[Tile]) -> list[Tile]:
    """The same tiles read wrong the way a beginner does: another suit letter, a digit off by one,
    one tile too few or too many."""
    ts = list(tiles)
    i = rng.randrange(len(ts))
    t = ts[i]
    how = rng.randrange(3)
    if t.is_suited and how == 0:  # the suit letter
        ts = [TILES[(u.index + 9 * rng.choice((1, 2))) % 27] if u.is_suited and u.suit == t.suit else u for u in ts]
    elif t.is_suited and how == 1:  # a digit
        ts[i] = TILES[t.index + (1 if t.rank < 9 else -1)]
    elif how == 2 and len(ts) > 1:
        ts.pop(i)
    else:
        ts.append(t if ts.count(t) < 2 else TILES[(t.index + 1) % 34])
    return sorted(ts)


def _notation_lines(tiles: list[Tile]) -> list[tuple[str, str]]:
    """How a group is written, suit by suit, from the tiles (digits share one suit letter)."""
    text = format_tiles(tiles)
    out = [(f"{text} 就是 {_names(tiles)[0]}。", f"{text} is {_names(tiles)[1]}.")]
    by_suit = {}
    for t in tiles:
        by_suit.setdefault(t.suit, []).append(t)
    for suit, ts in by_suit.items():
        part = format_tiles(ts)
        if ts[0].is_suited:
            out.append((f"{part}：数字 {''.join(str(t.rank) for t in ts)} 共用后面的字母 {part[-1]}（{suit.zh}）",
                        f"{part}: the digits {''.join(str(t.rank) for t in ts)} share the letter after them, "
                        f"{part[-1]} ({suit.en})"))
        elif ts[0].index < 34:
            out.append((f"{part}（{_names(ts)[0]}）：字牌各用一个大写字母（东南西北 E S W N，中发白 C F P）",
                        f"{part} ({_names(ts)[1]}): each honor is one capital letter (winds E S W N, dragons C F P)"))
        else:
            out.append((f"{part}（{_names(ts)[0]}）：花牌用小写字母 a-h（春夏秋冬 a-d，梅兰竹菊 e-h）",
                        f"{part} ({_names(ts)[1]}): flowers are the small letters a-h (seasons a-d, plants e-h)"))
    return out


class ReadNotation(Kind):
    def make(self, rng, difficulty):
        tiles = _group(rng, difficulty)
        options = {format_tiles(tiles)}
        for _ in range(60):
            if len(options) == 4:
                break
            options.add(format_tiles(_misread(rng, tiles)))
        opts = sorted(options)
        rng.shuffle(opts)
        return ({"notation": format_tiles(tiles), "options": opts},
                (f"{format_tiles(tiles)} 写的是哪些牌？", f"Which tiles does {format_tiles(tiles)} stand for?"))

    def validate(self, data):
        tiles = as_tiles(need(data, "notation", "read_notation"), "read_notation question: field 'notation'")
        if not tiles:
            raise QuizError("read_notation question: field 'notation' has no tiles")
        opts = [format_tiles(as_tiles(o, "read_notation question: field 'options'")) for o in data.get("options", [])]
        if opts and format_tiles(tiles) not in opts:
            raise QuizError(f"read_notation question: the options {opts} do not include {format_tiles(tiles)}")
        return {"notation": format_tiles(tiles), "options": opts}

    def solve(self, data):
        return format_tiles(sorted(as_tiles(data["notation"])))

    def normalize(self, data, answer):
        return format_tiles(sorted(as_tiles(answer)))

    def verdict(self, data, answer, solution):
        return answer == solution

    def check(self, data, answer, solution):
        ok = self.verdict(data, answer, solution)
        expl = _notation_lines(sorted(as_tiles(solution)))
        if not ok:
            mine = sorted(as_tiles(answer))
            expl.insert(0, (f"你选的是 {_names(mine)[0]}，那要写成 {answer}。",
                            f"You chose {_names(mine)[1]}: that is written {answer}."))
        return Grade(ok, answer, solution, tuple(expl), float(ok))

    def hints(self, data):
        return [("数字后面的字母是花色：m 万、p 饼、s 条；前面的每个数字都用这个花色。",
                 "The letter after the digits is the suit: m Characters, p Dots, s Bamboo; every digit before it takes that suit."),
                ("大写字母是字牌（E S W N C F P），小写 a-h 是花牌。",
                 "Capital letters are honors (E S W N C F P); small letters a-h are flowers.")]

    def explain_solution(self, data, solution):
        return _notation_lines(sorted(as_tiles(solution)))

    def wrong(self, data, solution, rng):
        opts = [o for o in data.get("options", []) if o != solution]
        return rng.choice(opts) if opts else format_tiles(_misread(rng, as_tiles(solution)))

    def choices(self, data):
        return [(o, "  ".join(_names(sorted(as_tiles(o))))) for o in data.get("options") or []]

    def figure(self, data):
        return None

    def subject(self, data):
        return ("notation", data["notation"])

    def describe(self, q, lang=None):
        return pick("记法：", "Notation: ", lang) + q.data["notation"]


register(ReadNotation(name="read_notation", topic="tiles", title=("读记法", "Read the notation"), answer="choice",
                      fields={"notation": str, "options": (list, str)},
                      answer_help=("选出这串记法写的牌", "Pick the tiles the notation stands for")))


class WriteNotation(Kind):
    def make(self, rng, difficulty):
        tiles = _group(rng, difficulty)
        return ({"tiles": format_tiles(tiles)},
                ("用记法写出这几张牌。", "Write these tiles in notation."))

    def validate(self, data):
        tiles = as_tiles(need(data, "tiles", "write_notation"), "write_notation question: field 'tiles'")
        if not tiles:
            raise QuizError("write_notation question: field 'tiles' has no tiles")
        return {"tiles": format_tiles(sorted(tiles))}

    def solve(self, data):
        return format_tiles(sorted(as_tiles(data["tiles"])))

    def normalize(self, data, answer):
        if isinstance(answer, str):
            try:
                tiles = parse_tiles(answer.replace(" ", "").replace(",", ""))
            except (NotationError, ValueError):
                raise AnswerError(f"“{answer.strip()[:40]}” 不是牌的记法", f"“{answer.strip()[:40]}” is not tile notation") from None
            if not tiles:
                raise AnswerError("没有写牌", "no tiles were written")
            return {"tiles": format_tiles(sorted(tiles)), "written": answer.strip()}
        return {"tiles": format_tiles(sorted(as_tiles(answer))), "written": format_tiles(as_tiles(answer))}

    def verdict(self, data, answer, solution):
        return answer["tiles"] == solution

    def check(self, data, answer, solution):
        ok = self.verdict(data, answer, solution)
        expl = _notation_lines(sorted(as_tiles(solution)))
        if ok and answer["written"].replace(" ", "") != solution:
            expl.insert(0, (f"对！最短的写法是 {solution}：同一花色的数字共用一个字母。",
                            f"Right! The shortest way is {solution}: digits of one suit share one letter."))
        if not ok:
            mine = sorted(as_tiles(answer["tiles"]))
            expl.insert(0, (f"你写的 {answer['written']} 是 {_names(mine)[0]}；图上是 {_names(as_tiles(solution))[0]}。",
                            f"What you wrote, {answer['written']}, is {_names(mine)[1]}; the picture shows "
                            f"{_names(as_tiles(solution))[1]}."))
        return Grade(ok, answer["tiles"], solution, tuple(expl), float(ok))

    def hints(self, data):
        tiles = as_tiles(data["tiles"])
        return [("先认每张牌，再写：数字在前，花色字母在后（m 万、p 饼、s 条）。",
                 "Name each tile, then write the digits first and the suit letter after (m Characters, p Dots, s Bamboo)."),
                (f"一共 {len(tiles)} 张牌。", f"There are {len(tiles)} tiles.")]

    def explain_solution(self, data, solution):
        return _notation_lines(sorted(as_tiles(solution)))

    def wrong(self, data, solution, rng):
        return format_tiles(_misread(rng, as_tiles(solution)))

    def figure(self, data):
        return ("tiles", data["tiles"])

    def subject(self, data):
        return ("notation", data["tiles"])

    def describe(self, q, lang=None):
        return pick("牌：", "Tiles: ", lang) + _names(as_tiles(q.data["tiles"]))[0 if lang == "zh" else 1]


register(WriteNotation(name="write_notation", topic="tiles", title=("写记法", "Write the notation"), answer="text",
                       fields={"tiles": str},
                       answer_help=("用记法写出这些牌，例如 789p", "Type the tiles in notation, e.g. 789p")))


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


def _form_miss(hand: Hand, form: str) -> tuple[str, str]:
    """(zh, en): why a complete hand does not read as ``form``, naming the tiles."""
    c = hand.counts
    if form != "regular" and form != "knitted_straight" and hand.melds:
        m = " ".join(format_meld(x) for x in hand.melds)
        return (f"这个和牌型要求门前清，这手牌有副露 {m}。", f"that form needs a concealed hand; this one has the melds {m}.")
    if form == "seven_pairs":
        pairs = [TILES[i] for i in range(34) for _ in range(c[i] // 2)]
        odd = [TILES[i] for i in range(34) if c[i] % 2]
        return (f"只有 {len(pairs)} 个对子（{' '.join(format_tiles([t, t]) for t in pairs) or '无'}），单张 {tiles_text(odd)}，需要 7 对。",
                f"it has {len(pairs)} pairs ({' '.join(format_tiles([t, t]) for t in pairs) or 'none'}) and the odd "
                f"tiles {tiles_text(odd)}; seven are needed.")
    if form == "thirteen_orphans":
        missing = [TILES[i] for i in ORPHAN_INDICES if not c[i]]
        other = [TILES[i] for i in range(34) if c[i] and i not in ORPHAN_INDICES]
        return (f"缺幺九字牌 {tiles_text(missing)}，多了中张 {tiles_text(other)}。",
                f"it lacks the terminals or honors {tiles_text(missing)} and holds the middle tiles {tiles_text(other)}.")
    if form in ("honors_and_knitted", "knitted_straight"):
        best = max(KNITTED_PATTERNS, key=lambda p: sum(1 for i in p if c[i]))
        missing = [TILES[i] for i in best if not c[i]]
        if form == "honors_and_knitted":
            twice = [TILES[i] for i in range(34) if c[i] > 1]
            return (f"全不靠要 14 张各不相同的牌；重复的有 {tiles_text(twice)}，最接近的组合龙 {tiles_text(TILES[i] for i in best)} 缺 {tiles_text(missing)}。",
                    f"it needs 14 different tiles; {tiles_text(twice)} repeat, and the nearest knitted pattern "
                    f"{tiles_text(TILES[i] for i in best)} lacks {tiles_text(missing)}.")
        return (f"最接近的组合龙 {tiles_text(TILES[i] for i in best)} 缺 {tiles_text(missing)}。",
                f"the nearest knitted straight {tiles_text(TILES[i] for i in best)} lacks {tiles_text(missing)}.")
    line = split_lines(hand)[0]
    return (f"分不出四组加一对，{line[0]}", f"no four sets and a pair; {line[1]}")


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
                raise AnswerError("没有选和牌型", "no form was chosen")
            return [x for a in answer for x in self.normalize(data, a)]
        a = str(answer).strip().lower().replace(" ", "_")
        alias = {"n": "no", "否": "no", "没有": "no", "not_complete": "no", "r": "regular", "基本和型": "regular",
                 "七对": "seven_pairs", "7": "seven_pairs", "十三幺": "thirteen_orphans", "13": "thirteen_orphans",
                 "全不靠": "honors_and_knitted", "组合龙": "knitted_straight"}
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
                expl.insert(0, (f"它已经和了：{hand_text(hand)} + {hand.win_tile} 可以读成下面的和牌型。",
                                f"It is complete: {hand_text(hand)} + {hand.win_tile} reads as shown below."))
            elif solution != ["no"]:
                zh, en = _FORM_LINES[a]
                why = _form_miss(hand, a)
                expl.insert(0, (f"它不能读作{zh}：{why[0]}", f"It does not read as {en}: {why[1]}"))
        return Grade(ok, answer, solution, tuple(expl), float(ok))

    def explain_solution(self, data, solution):
        hand = Hand.from_str(data["hand"])
        rs = readings(hand)
        if not rs:
            lines = [(f"这手牌没有和：{hand_text(hand)} + {hand.win_tile} 无法分成四组加一对，也不是特殊和牌型。",
                      f"Not complete: {hand_text(hand)} + {hand.win_tile} cannot be split into four sets and a pair, "
                      f"nor read as a special form.")]
            lines += split_lines(hand)
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
                    before = Hand(melds=hand.melds, concealed=hand.concealed)
                    n = shanten_of_counts(before.counts, len(before.melds))
                    lines.append((f"去掉和牌张 {hand.win_tile} 后，它还没有听牌（{n} 向听）。",
                                  f"Without the last tile {hand.win_tile} it is not even ready ({n}-shanten)."))
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
        return [(o, f"{_FORM_LINES[o][0]} {_FORM_LINES[o][1]}") for o in data.get("options") or FORM_OPTIONS]  # Chinese first, as every other kind

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
        missed = sorted((Tile(x) for x in s - a))
        extra = sorted((Tile(x) for x in a - s))
        expl = []
        for t in missed:
            zh, en = wait_shape(hand, t)
            expl.append((f"漏了 {zh}", f"Missed {en}"))
        for t in extra:
            if t.is_flower:
                expl.append((f"{t}（{t.zh}）是花牌：花牌不进手牌，补一张就是了，不能用来和",
                             f"{t} ({t.en}) is a flower: flowers are set aside and replaced, they never complete a hand"))
                continue
            if hand.all_counts[t.index] >= 4:
                expl.append((f"{t}（{t.zh}）的四张都已经在这手牌里，没有第五张可等",
                             f"All four {t} ({t.en}) are already in this hand: there is no fifth to wait for"))
                continue
            with_t = Hand(melds=hand.melds, concealed=hand.concealed, win_tile=t)
            zh, en = split_lines(with_t)[0]
            expl.append((f"{t}（{t.zh}）不能和：加上它最好的{zh}，不是四组加一对",
                         f"{t} ({t.en}) does not win: with it the best split is {en.removeprefix('Split: ')}: "
                         f"not four sets and a pair"))
        if not s:
            expl.append((f"这手牌 {hand_text(hand)} 没有听牌：", f"This hand {hand_text(hand)} is not ready: it waits on nothing."))
            expl += split_lines(hand)
        ok = self.verdict(data, answer, solution)
        score = len(a & s) / len(a | s) if a | s else 1.0
        return Grade(ok, answer, solution, tuple(expl), 1.0 if ok else score)

    def explain_solution(self, data, solution):
        hand = Hand.from_str(data["hand"])
        if not solution:
            return [(f"{hand_text(hand)} 没有听牌：没有一张牌能让它和。", f"{hand_text(hand)} is not ready: no tile completes it.")] \
                + split_lines(hand)
        zh, en = tile_names(Tile(x) for x in solution)
        out = [(f"听 {tiles_text(Tile(x) for x in solution)}（{zh}）", f"Waits on {tiles_text(Tile(x) for x in solution)} ({en})")]
        for x in solution:
            out.append(wait_shape(hand, Tile(x)))
        return out

    def hints(self, data):
        hand = Hand.from_str(data["hand"])
        n = len(engine_waits(hand))
        shapes = _wait_groups(hand)
        return [("一张一张试：加上哪张牌能凑成四组加一对？", "Try each tile: which one makes four sets and a pair?"),
                (f"看这些还没成组的牌：{shapes}", f"Look at the tiles not yet in a set: {shapes}"),
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

    def verdict(self, data, answer, solution):
        return answer == solution

    def check(self, data, answer, solution):
        ok = self.verdict(data, answer, solution)
        expl = self.explain_solution(data, solution)
        if not ok:
            h = hand_text(Hand.from_str(data["hand"]))
            expl.insert(0, (f"你答 {answer}，{h} 实际是 {solution} 向听。", f"You said {answer}; {h} is {solution}-shanten."))
        return Grade(ok, answer, solution, tuple(expl), float(ok))

    def explain_solution(self, data, solution):
        hand = Hand.from_str(data["hand"])
        useful = self._useful(hand, solution)
        zh, en = tile_names(useful)
        what = ("听牌" if solution == 0 else f"还差 {solution} 张进张才听牌", "ready" if solution == 0 else
                f"{solution} useful draw(s) away from ready")
        return [(f"{hand_text(hand)}：向听数 {solution}，{what[0]}。", f"{hand_text(hand)}: shanten {solution}, {what[1]}."),
                *split_lines(hand),
                (f"{'听' if solution == 0 else '有效进张'}：{tiles_text(useful)}（{zh}）",
                 f"{'Waits' if solution == 0 else 'Useful draws'}: {tiles_text(useful)} ({en})")]

    def hints(self, data):
        hand = Hand.from_str(data["hand"])
        s = regular_split_of_counts(hand.counts, len(hand.melds))
        n_sets = len(hand.melds) + len(s["sets"])
        return [("数一数已成的组和搭子（两张差一张成组），看还缺几张。",
                 "Count complete sets and partial sets (two tiles one short of a set); how many tiles are missing?"),
                (f"这手牌可以拆出 {n_sets} 组（副露也算）；再找对子和搭子。",
                 f"This hand has {n_sets} complete set(s), melds included; now find the pair and the partial sets."),
                ("公式：向听数 = 8 − 2×组数 − 搭子数 − (有将 1，无将 0)，搭子最多算到组数 + 搭子 = 4。",
                 "The count: shanten = 8 − 2×sets − partial sets − (1 with a pair), with sets + partial sets at most 4.")]

    def retry_note(self, data, answer, solution):
        """Which way the learner's count is off, and the sets the engine finds (not the number)."""
        hand = Hand.from_str(data["hand"])
        s = regular_split_of_counts(hand.counts, len(hand.melds))
        n_sets = len(hand.melds) + len(s["sets"])
        more = answer < solution
        zh = (f"你说 {answer}；这手牌离听牌比这{'更远' if more else '更近'}。" +
              (f"再数一遍：它能拆出 {n_sets} 组（副露也算），{'有' if s['pair'] else '没有'}将；再数搭子。"
               if s["shanten"] == solution else "再数一遍，也试试七对等特殊牌型。"))
        en = (f"You said {answer}; the hand is {'further from' if more else 'closer to'} ready than that. " +
              (f"Count again: it has {n_sets} complete set(s), melds included, and {'a' if s['pair'] else 'no'} "
               f"pair; now count the partial sets." if s["shanten"] == solution
               else "Count again, and try the special forms such as seven pairs."))
        return zh, en

    def wrong(self, data, solution, rng):
        return solution + 1 if solution == 0 or rng.random() < 0.5 else solution - 1

    def describe(self, q, lang=None):
        return pick("手牌：", "Hand: ", lang) + q.data["hand"]


register(Shanten(name="shanten", topic="waits", title=("向听数", "Shanten"), answer="number", fields={"hand": str},
                 answer_help=("输入一个整数，0 表示听牌，例如 1", "Type a whole number, 0 for ready, e.g. 1")))


# --- which discard is best -------------------------------------------------------------------

def engine_discards(hand: Hand) -> list[dict]:
    """Each distinct discard of a 14-tile hand with the shanten after it and its useful draws (进张),
    best first, from the engine's discard advice (mjlearn.analysis.discard_advice)."""
    return [{"discard": str(o.discard), "shanten": o.shanten, "tiles": [str(t) for t in o.useful_tiles],
             "count": o.live} for o in discard_advice(hand)]


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
        return best_discards(Hand.from_str(data["hand"]))

    def normalize(self, data, answer):
        if isinstance(answer, (list, tuple)):  # the solution form: every best discard
            if not answer:
                raise AnswerError("没有写要打的牌", "no tile to discard was given")
            return [x for a in answer for x in self.normalize(data, a)]
        t = as_tile(answer)
        if t.is_flower:
            raise AnswerError(f"{t} 是花牌：花牌不打出，放在一边", f"{t} is a flower: flowers are set aside, never discarded")
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
        expl = [(f"打{t.zh}：向听 {a['shanten']}，有效进张 {a['count']} 张（{tiles_text(Tile(x) for x in a['tiles'])}）",
                 f"Discard {t.en}: shanten {a['shanten']}, {a['count']} useful tiles ({tiles_text(Tile(x) for x in a['tiles'])})")]
        if not ok:
            expl.append((f"最好打{best_zh}：向听 {b['shanten']}，有效进张 {b['count']} 张（{tiles_text(Tile(x) for x in b['tiles'])}）",
                         f"Best is {best_en}: shanten {b['shanten']}, {b['count']} useful tiles ({tiles_text(Tile(x) for x in b['tiles'])})"))
            hand = Hand.from_str(data["hand"])
            c = list(hand.concealed)
            c.remove(Tile(solution[0]))
            zh, en = split_lines(Hand(melds=hand.melds, concealed=tuple(c)))[0]
            expl.append((f"打{Tile(solution[0]).zh}后的{zh}",
                         f"After discarding {Tile(solution[0]).en}, the split is {en.removeprefix('Split: ')}"))
        return Grade(ok, answer, solution, tuple(expl), float(ok))

    def explain_solution(self, data, solution):
        adv = engine_discards(Hand.from_str(data["hand"]))
        out = []
        for a in adv[:5]:
            t = Tile(a["discard"])
            out.append((f"打{t.zh}：向听 {a['shanten']}，进张 {a['count']}",
                        f"Discard {t.en}: shanten {a['shanten']}, {a['count']} useful tiles"))
        return out

    def hints(self, data):
        adv = engine_discards(Hand.from_str(data["hand"]))
        lowest = min(a["shanten"] for a in adv)
        return [("先保持向听数最小，再比较有效进张的数量。",
                 "First keep the shanten lowest; then compare how many useful tiles remain."),
                (f"最好的打法打完是 {lowest} 向听；先找出哪些牌不属于任何组或搭子。",
                 f"The best discards leave the hand {lowest}-shanten; look for tiles that belong to no set or partial set.")]

    def retry_note(self, data, answer, solution):
        """Where the learner's discard leaves the hand next to where the best one does (not which it is)."""
        adv = {a["discard"]: a for a in engine_discards(Hand.from_str(data["hand"]))}
        mine = next((x for x in answer if x not in solution), None)
        if mine is None:
            return None
        a, b, t = adv[mine], adv[solution[0]], Tile(mine)
        if a["shanten"] > b["shanten"]:
            return (f"打{t.zh}后离听牌还差 {_steps_zh(a['shanten'])}；有别的打法只差 {_steps_zh(b['shanten'])}。",
                    f"Discarding {t.en} leaves the hand {_steps_en(a['shanten'])}; another discard leaves it "
                    f"{_steps_en(b['shanten'])}.")
        return (f"打{t.zh}后离听牌还差 {_steps_zh(a['shanten'])}，有效进张 {a['count']} 张；"
                f"有别的打法同样差 {_steps_zh(b['shanten'])}，有效进张 {b['count']} 张。",
                f"Discarding {t.en} leaves the hand {_steps_en(a['shanten'])} with {a['count']} useful tiles; "
                f"another discard leaves it just as close with {b['count']}.")

    def wrong(self, data, solution, rng):
        adv = engine_discards(Hand.from_str(data["hand"]))
        others = [a["discard"] for a in adv if a["discard"] not in solution]
        return rng.choice(others)

    def describe(self, q, lang=None):
        return pick("手牌：", "Hand: ", lang) + q.data["hand"]


register(Discard(name="discard", topic="waits", title=("打哪张", "Best discard"), answer="tile", fields={"hand": str},
                 answer_help=("输入要打的牌，如 9s", "Type the tile to discard, e.g. 9s")))
