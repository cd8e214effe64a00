"""An example hand and a near miss for every fan: one data table that the tests check and the
notebook of the 81 fans shows, so the two cannot drift apart.

Each entry: ``fan id -> (example, near_miss)`` where each is ``(hand, context)``. The example counts
the fan (with 8 points or more), and no two fans share an example. The near miss is the example
with exactly one change (:data:`CHANGES`, applied by :func:`apply_change`): one tile, the winning
tile, one set on the table, or one thing about how the hand was won; the fan does not count there,
and :func:`near_miss_sentence` says what is missing. The rows were found by
``tools/find_fan_examples.py`` among winning hands of simulated play and generated hands, and are
frozen here as data; tests/test_mcr_examples.py checks every one with the engine.

>>> from mjlearn.mcr.examples import EXAMPLES
>>> len(EXAMPLES)
82
"""

from __future__ import annotations

from ..hand import Hand, Meld, MeldKind, format_hand
from ..notation import parse_hand
from ..tiles import tile
from .fans import fan
from .scorer import score

__all__ = [
    "CHANGES",
    "EXAMPLES",
    "apply_change",
    "describe_change",
    "example",
    "near_miss",
    "near_miss_sentence",
]

EXAMPLES: dict[int, tuple[tuple[str, dict], tuple[str, dict]]] = {
    1: (
        ("[EEE,1][SSS,1][WWW,2]22pNN+N", {"prevalent_wind": "W"}),
        ("[EEE,1][SSS,1][WWW,2]222pN+N", {"prevalent_wind": "W"}),
    ),
    2: (
        ("[CCCC]456p11sFFFPP+P", {"seat_wind": "N", "prevalent_wind": "N"}),
        ("[CCCC]456p111sFFFP+P", {"seat_wind": "N", "prevalent_wind": "N"}),
    ),
    3: (
        ("[333s,1][234s,2]44888sFF+F", {"self_drawn": True, "seat_wind": "N"}),
        ("[CCC,1][234s,2]44888sFF+F", {"self_drawn": True, "seat_wind": "N"}),
    ),
    4: (("1112345678999m+6m", {}), ("1111234578999m+6m", {})),
    5: (
        ("[SSSS,3][2222s,6][8888s,7][6666p,5]7m+7m", {"self_drawn": True, "seat_wind": "S"}),
        ("[SSSS,3][2222s,6][8888s,7][6666p,5]1m+7m", {"self_drawn": True, "seat_wind": "S"}),
    ),
    6: (("3344556678899p+7p", {}), ("3445566678899p+7p", {})),
    7: (("19m19p19sEESNCFP+W", {}), ("29m19p19sEESNCFP+W", {})),
    8: (("[9999s]11m11999p111s+1m", {"seat_wind": "S"}), ("[EEEE]11m11999p111s+1m", {"seat_wind": "S"})),
    9: (
        ("[NNN,1][SSS,2][WWW,1]78sEE+6s", {"seat_wind": "N", "prevalent_wind": "W", "flowers": 2}),
        ("[NNN,1][CCC,2][WWW,1]78sEE+6s", {"seat_wind": "N", "prevalent_wind": "W", "flowers": 2}),
    ),
    10: (
        ("[FFF,3]234888mCCPP+C", {"self_drawn": True, "seat_wind": "S"}),
        ("[FFF,3]23488mCCPPP+C", {"self_drawn": True, "seat_wind": "S"}),
    ),
    11: (
        ("[EEE,2][CCC,3][NNN,3]SSPP+P", {"prevalent_wind": "S"}),
        ("[EEE,2][CCC,3][111m,3]SSPP+P", {"prevalent_wind": "S"}),
    ),
    12: (("111m444888p66sFF+6s", {"self_drawn": True, "seat_wind": "S"}), ("111m444888p66sFF+6s", {"seat_wind": "S"})),
    13: (
        ("[123p,1]2355778899p+1p", {"seat_wind": "N", "prevalent_wind": "W"}),
        ("[123p,1]2355677889p+1p", {"seat_wind": "N", "prevalent_wind": "W"}),
    ),
    14: (
        ("11p33334445555s+4s", {"seat_wind": "S", "prevalent_wind": "S"}),
        ("11p33344455556s+4s", {"seat_wind": "S", "prevalent_wind": "S"}),
    ),
    15: (
        ("[333m,2][444m,1][555m,3][666m,2]5p+5p", {"self_drawn": True, "seat_wind": "W", "prevalent_wind": "W"}),
        ("[444s,2][444m,1][555m,3][666m,2]5p+5p", {"self_drawn": True, "seat_wind": "W", "prevalent_wind": "W"}),
    ),
    16: (("[123s,3][345s,3]11m56789s+7s", {"seat_wind": "S"}), ("[123s,3][345s,3]11m45689s+7s", {"seat_wind": "S"})),
    17: (
        ("[678s,1][5555m,7][6666p,1][8888p,6]W+W", {"self_drawn": True, "prevalent_wind": "W"}),
        ("[678s,1][5555m,7][6666p,1][8888p,6]1m+W", {"self_drawn": True, "prevalent_wind": "W"}),
    ),
    18: (
        ("[111p,2]999m1199sSSS+1s", {"seat_wind": "N", "prevalent_wind": "N"}),
        ("[222m,2]999m1199sSSS+1s", {"seat_wind": "N", "prevalent_wind": "N"}),
    ),
    19: (("11m6678899p33sPP+7p", {"seat_wind": "W"}), ("12m6678899p33sPP+7p", {"seat_wind": "W"})),
    20: (("258m17p39sESWNFP+C", {}), ("258m147p39sSWNFP+C", {})),
    21: (("[666m,1][444p]44m888p66s+6s", {"seat_wind": "W"}), ("[666m,1][777m]44m888p66s+6s", {"seat_wind": "W"})),
    22: (
        ("[444m][678m][567m,3]2223m+1m", {"seat_wind": "S", "prevalent_wind": "S"}),
        ("[SSS][678m][567m,3]2223m+1m", {"seat_wind": "S", "prevalent_wind": "S"}),
    ),
    23: (
        ("[567p,3][567p,1][4444s]55m57p+6p", {"prevalent_wind": "W", "flowers": 1}),
        ("[567p,3][567p,1][4444s]55m78p+6p", {"prevalent_wind": "W", "flowers": 1}),
    ),
    24: (("[555s,3][333s]23p11444s+1p", {"seat_wind": "W"}), ("[444p,3][333s]23p11444s+1p", {"seat_wind": "W"})),
    25: (("77888m77788p789s+7m", {"seat_wind": "N"}), ("77888m77788p678s+7m", {"seat_wind": "N"})),
    26: (
        ("[444p,1][666p,2][456s,1]4566s+6s", {"seat_wind": "W", "prevalent_wind": "S"}),
        ("[444p,1][111p,2][456s,1]4566s+6s", {"seat_wind": "W", "prevalent_wind": "S"}),
    ),
    27: (
        ("[123p]23333m222p11s+1m", {"seat_wind": "S", "prevalent_wind": "S", "flowers": 2}),
        ("[123p]23333m222p11s+4m", {"seat_wind": "S", "prevalent_wind": "S", "flowers": 2}),
    ),
    28: (("[123s,1]67p456789sSS+8p", {"seat_wind": "N"}), ("[123s,1]67p345678sSS+8p", {"seat_wind": "N"})),
    29: (("[123m,2][789m,2]12378p55s+9p", {}), ("[123m,2][789m,2]23478p55s+9p", {})),
    30: (("[345m,1][123m,2]67m44p777s+5m", {"seat_wind": "N"}), ("[345m,1][123m,2]46m44p777s+5m", {"seat_wind": "N"})),
    31: (("[555s,3][345m,1]67m34555p+5m", {"seat_wind": "S"}), ("[555s,3][345m,1]67m44555p+5m", {"seat_wind": "S"})),
    32: (
        ("[555p,2][555s,1]555m44p78s+6s", {"prevalent_wind": "S", "flowers": 1}),
        ("[555p,2][555s,1]55m444p78s+6s", {"prevalent_wind": "S", "flowers": 1}),
    ),
    33: (
        ("[789p]777m22p888sPP+P", {"self_drawn": True, "seat_wind": "N"}),
        ("[789p][777m,1]22p888sPP+P", {"self_drawn": True, "seat_wind": "N"}),
    ),
    34: (("258m147p39sSWNFP+C", {}), ("58m147p39sESWNFP+C", {})),
    35: (
        ("[888p]17m369p258sPP+4m", {"seat_wind": "S", "prevalent_wind": "W"}),
        ("[888p]27m369p258sPP+4m", {"seat_wind": "S", "prevalent_wind": "W"}),
    ),
    36: (
        ("[678s,3]78889m666p67s+8s", {"seat_wind": "N", "flowers": 1}),
        ("[678s,3]78889m666p67s+5s", {"seat_wind": "N", "flowers": 1}),
    ),
    37: (("[111m,3][333s]23p11444s+1p", {"seat_wind": "W"}), ("[555s,3][333s]23p11444s+1p", {"seat_wind": "W"})),
    38: (
        ("[WWW,3]234m88pEEESS+S", {"seat_wind": "N", "prevalent_wind": "W"}),
        ("[WWW,3]234m888pEEES+S", {"seat_wind": "N", "prevalent_wind": "W"}),
    ),
    39: (("[123p,1]789m234p56sSS+4s", {}), ("[123p,1]678m234p56sSS+4s", {})),
    40: (("[888p,3]233445p2288s+2s", {}), ("[EEE,3]233445p2288s+2s", {})),
    41: (("[123m,1]567m567p56sEE+7s", {"seat_wind": "S"}), ("[123m,1]456m567p56sEE+7s", {"seat_wind": "S"})),
    42: (("[666m,1][555p,3]4556777s+5s", {"seat_wind": "S"}), ("[666m,1][555p,3]5556777s+5s", {"seat_wind": "S"})),
    43: (("[123p,1]678m234p56sSS+4s", {}), ("[123p,1]789m234p56sSS+4s", {})),
    44: (
        ("[777p][NNN]678m88p55s+5s", {"self_drawn": True, "wall_last": True, "seat_wind": "S", "prevalent_wind": "S"}),
        ("[777p][NNN]678m88p55s+5s", {"wall_last": True, "seat_wind": "S", "prevalent_wind": "S"}),
    ),
    45: (
        ("[789s,1]333m34577pWW+7p", {"prevalent_wind": "W", "wall_last": True}),
        ("[789s,1]333m34577pWW+7p", {"prevalent_wind": "W"}),
    ),
    46: (
        ("[234s][NNN,3][4444m,6]77pEE+7p", {"self_drawn": True, "kong": True, "prevalent_wind": "W"}),
        ("[234s][NNN,3][4444m,6]77pEE+7p", {"self_drawn": True, "prevalent_wind": "W"}),
    ),
    47: (("[678s,1][666p][222m,3]24pEE+3p", {"kong": True}), ("[678s,1][666p][222m,3]24pEE+3p", {})),
    48: (("[NNNN,6][555s,2][888p,2]7778m+8m", {}), ("[NNNN,6][555s,2][888p,2]6777m+8m", {})),
    49: (
        ("[WWW,3][789m,1][222m,2]3344m+3m", {"seat_wind": "S", "prevalent_wind": "W"}),
        ("[555m,3][789m,1][222m,2]3344m+3m", {"seat_wind": "S", "prevalent_wind": "W"}),
    ),
    50: (("[345p,1][888m,2]45m33p234s+6m", {"seat_wind": "W"}), ("[345p,1][888m,2]57m33p234s+6m", {"seat_wind": "W"})),
    51: (("[CCC,2][456s,2]123m34pNN+2p", {"seat_wind": "N"}), ("[444m,2][456s,2]123m34pNN+2p", {"seat_wind": "N"})),
    52: (
        ("[222s,3][456m,3][CCC,3][234p,1]8p+8p", {"seat_wind": "W"}),
        ("[222s,3][456m,3][CCC,3][234p,1]8p+8p", {"seat_wind": "W", "self_drawn": True}),
    ),
    53: (("[4444m][6666s][789s,1]123m8p+8p", {}), ("[4444m][6666s][789s,1]223m8p+8p", {})),
    54: (("[567m,3][CCC,3]567sSSFF+F", {}), ("[567m,3][EEE,3]567sSSFF+F", {})),
    55: (("[SSS,2][111s]23999mPP+1m", {"seat_wind": "N"}), ("[SSS,2][444m]23999mPP+1m", {"seat_wind": "N"})),
    56: (
        ("234678m44p45567s+6s", {"self_drawn": True, "seat_wind": "N"}),
        ("[456s,1]234678m44p57s+6s", {"self_drawn": True, "seat_wind": "N"}),
    ),
    57: (
        ("[2222s,6][2222m,3]66p33456s+3s", {"seat_wind": "W", "prevalent_wind": "N"}),
        ("[2222s,6][2222m]66p33456s+3s", {"seat_wind": "W", "prevalent_wind": "N"}),
    ),
    58: (
        ("[888p,2][567m,2][888m,1]6667s+8s", {"last_tile": True, "seat_wind": "W"}),
        ("[888p,2][567m,2][888m,1]6667s+8s", {"seat_wind": "W"}),
    ),
    59: (("[7777m]11m56p678sCCC+7p", {"seat_wind": "W"}), ("[7777m]111m56p678sCC+7p", {"seat_wind": "W"})),
    60: (
        ("888m33p444456sNN+N", {"seat_wind": "W", "prevalent_wind": "N"}),
        ("888m333p444456sN+N", {"seat_wind": "W", "prevalent_wind": "N"}),
    ),
    61: (
        ("456m55p12333sNNN+3s", {"seat_wind": "N", "prevalent_wind": "W"}),
        ("456m55p12333sNNN+3s", {"seat_wind": "E", "prevalent_wind": "W"}),
    ),
    62: (
        ("11m456666p33sPPP+3s", {"seat_wind": "W", "prevalent_wind": "S"}),
        ("11m456666p33sPPP+3s", {"seat_wind": "W", "prevalent_wind": "S", "self_drawn": True}),
    ),
    63: (
        ("[678p,2]678p4455677s+6s", {"self_drawn": True, "seat_wind": "W"}),
        ("667788p4455677s+6s", {"self_drawn": True, "seat_wind": "W"}),
    ),
    64: (
        ("[567p]33m33555p555s+3p", {"seat_wind": "S", "prevalent_wind": "S"}),
        ("[567p]333m3355p555s+3p", {"seat_wind": "S", "prevalent_wind": "S"}),
    ),
    65: (("[SSS]111m1112678p+2p", {"seat_wind": "W"}), ("[SSS]11m11122678p+2p", {"seat_wind": "W"})),
    66: (("45m222234p44666s+6m", {"prevalent_wind": "W"}), ("45m222234p45666s+6m", {"prevalent_wind": "W"})),
    67: (
        ("[2222m][555s,3]45556pCC+5p", {"seat_wind": "S", "prevalent_wind": "S"}),
        ("[2222m][555s,3]1m5556pCC+5p", {"seat_wind": "S", "prevalent_wind": "S"}),
    ),
    68: (("567m22678p56678s+7s", {"seat_wind": "S"}), ("567m22789p56678s+7s", {"seat_wind": "S"})),
    69: (
        ("33567789m66778s+8s", {"self_drawn": True, "seat_wind": "S"}),
        ("33567789m67789s+8s", {"self_drawn": True, "seat_wind": "S"}),
    ),
    70: (("[WWW,3][567p,3]34m345sPP+5m", {"seat_wind": "N"}), ("[WWW,3][567p,3]34m456sPP+5m", {"seat_wind": "N"})),
    71: (
        ("[678s,2][123m,1]34p345sFF+2p", {"self_drawn": True, "seat_wind": "S"}),
        ("[678s,2][123m,1]34p234sFF+2p", {"self_drawn": True, "seat_wind": "S"}),
    ),
    72: (
        ("123789m3366778p+5p", {"self_drawn": True, "seat_wind": "S"}),
        ("123678m3366778p+5p", {"self_drawn": True, "seat_wind": "S"}),
    ),
    73: (
        ("[789p,3][234s,2][234m,1][WWW,3]3p+3p", {"seat_wind": "S"}),
        ("[789p,3][234s,2][234m,1][555m,3]3p+3p", {"seat_wind": "S"}),
    ),
    74: (("[1111p,3][456s,1]345m56pSS+7p", {"seat_wind": "S"}), ("[456s,1][1111p]345m56pSS+7p", {"seat_wind": "S"})),
    75: (("[3333m][4444m,7]66678m56s+4s", {"seat_wind": "N"}), ("[4444p][4444m,7]66678m56s+4s", {"seat_wind": "N"})),
    76: (
        ("[222m,1][5555s,1][345m,1][567p,2]9s+9s", {"seat_wind": "N"}),
        ("[SSS,1][5555s,1][345m,1][567p,2]9s+9s", {"seat_wind": "N"}),
    ),
    77: (("[SSS,3]12m678p666sCC+3m", {"seat_wind": "N"}), ("[SSS,3]24m678p666sCC+3m", {"seat_wind": "N"})),
    78: (("[SSS,3]24m678p666sCC+3m", {"seat_wind": "N"}), ("[SSS,3]12m678p666sCC+3m", {"seat_wind": "N"})),
    79: (
        ("[456p,2][567m,3][678s,2][333p,2]E+E", {"self_drawn": True, "prevalent_wind": "N"}),
        ("[456p,2][567m,3][678s,2][333p,2]E+E", {"prevalent_wind": "N"}),
    ),
    80: (("[222p,2]567m67p77789s+8p", {"self_drawn": True}), ("[222p,2]567m67p77789s+8p", {})),
    81: (("[456p,3][888m,2]234m56sWW+7s", {"flowers": 1}), ("[456p,3][888m,2]234m56sWW+7s", {})),
    82: (
        ("[2222s][888m][6666m,1]6668s+7s", {"prevalent_wind": "W"}),
        ("[2222s][888m][6666m]6668s+7s", {"prevalent_wind": "W"}),
    ),
}
"""fan id -> ((example hand, context), (near-miss hand, context))."""

CHANGES: dict[int, tuple] = {
    1: ("tile", "N", "2p"),
    2: ("tile", "P", "1s"),
    3: ("meld", "[333s,1]", "[CCC,1]"),
    4: ("tile", "6m", "1m"),
    5: ("tile", "7m", "1m"),
    6: ("tile", "3p", "6p"),
    7: ("tile", "1m", "2m"),
    8: ("meld", "[9999s]", "[EEEE]"),
    9: ("meld", "[SSS,2]", "[CCC,2]"),
    10: ("tile", "8m", "P"),
    11: ("meld", "[NNN,3]", "[111m,3]"),
    12: ("ctx", "self_drawn", False),
    13: ("tile", "9p", "6p"),
    14: ("tile", "3s", "6s"),
    15: ("meld", "[333m,2]", "[444s,2]"),
    16: ("tile", "7s", "4s"),
    17: ("tile", "W", "1m"),
    18: ("meld", "[111p,2]", "[222m,2]"),
    19: ("tile", "1m", "2m"),
    20: ("tile", "E", "4p"),
    21: ("meld", "[444p]", "[777m]"),
    22: ("meld", "[444m]", "[SSS]"),
    23: ("tile", "5p", "8p"),
    24: ("meld", "[555s,3]", "[444p,3]"),
    25: ("tile", "9s", "6s"),
    26: ("meld", "[666p,2]", "[111p,2]"),
    27: ("win", "1m", "4m"),
    28: ("tile", "9s", "3s"),
    29: ("tile", "1p", "4p"),
    30: ("tile", "7m", "4m"),
    31: ("tile", "3p", "4p"),
    32: ("tile", "5m", "4p"),
    33: ("expose", "[777m,1]"),
    34: ("tile", "2m", "E"),
    35: ("tile", "1m", "2m"),
    36: ("win", "8s", "5s"),
    37: ("meld", "[111m,3]", "[555s,3]"),
    38: ("tile", "S", "8p"),
    39: ("tile", "9m", "6m"),
    40: ("meld", "[888p,3]", "[EEE,3]"),
    41: ("tile", "7m", "4m"),
    42: ("tile", "4s", "5s"),
    43: ("tile", "6m", "9m"),
    44: ("ctx", "self_drawn", False),
    45: ("ctx", "wall_last", False),
    46: ("ctx", "kong", False),
    47: ("ctx", "kong", False),
    48: ("tile", "8m", "6m"),
    49: ("meld", "[WWW,3]", "[555m,3]"),
    50: ("tile", "4m", "7m"),
    51: ("meld", "[CCC,2]", "[444m,2]"),
    52: ("ctx", "self_drawn", True),
    53: ("tile", "1m", "2m"),
    54: ("meld", "[CCC,3]", "[EEE,3]"),
    55: ("meld", "[111s]", "[444m]"),
    56: ("expose", "[456s,1]"),
    57: ("conceal", "[2222m,3]"),
    58: ("ctx", "last_tile", False),
    59: ("tile", "C", "1m"),
    60: ("tile", "N", "3p"),
    61: ("ctx", "seat_wind", "E"),
    62: ("ctx", "self_drawn", True),
    63: ("conceal", "[678p,2]"),
    64: ("tile", "5p", "3m"),
    65: ("tile", "1m", "2p"),
    66: ("tile", "4s", "5s"),
    67: ("tile", "4p", "1m"),
    68: ("tile", "6p", "9p"),
    69: ("tile", "6s", "9s"),
    70: ("tile", "3s", "6s"),
    71: ("tile", "5s", "2s"),
    72: ("tile", "9m", "6m"),
    73: ("meld", "[WWW,3]", "[555m,3]"),
    74: ("conceal", "[1111p,3]"),
    75: ("meld", "[3333m]", "[4444p]"),
    76: ("meld", "[222m,1]", "[SSS,1]"),
    77: ("tile", "1m", "4m"),
    78: ("tile", "4m", "1m"),
    79: ("ctx", "self_drawn", False),
    80: ("ctx", "self_drawn", False),
    81: ("ctx", "flowers", 0),
    82: ("conceal", "[6666m,1]"),
}
"""fan id -> the one change (see :func:`apply_change`) that turns the example into its near miss."""


def example(fan_id: int):
    """The example of a fan, scored: ``(hand, context, result)``."""
    hand, ctx = EXAMPLES[fan_id][0]
    return hand, ctx, score(hand, **ctx)


def near_miss(fan_id: int):
    """The near miss of a fan, scored: ``(hand, context, result)``; the result may be a
    non-winning hand when the near miss is one tile off."""
    hand, ctx = EXAMPLES[fan_id][1]
    return hand, ctx, score(hand, **ctx)


# --- one change: what turns an example into its near miss ----------------------------------------

CONTEXT_WORDS = {
    "self_drawn": (("自摸", "self-drawn"), ("点和（别人打出的牌）", "won on a discard")),
    "kong": (("和在杠上", "won on a kong"), ("不是和在杠上", "not won on a kong")),
    "wall_last": (
        ("和牌墙最后一张", "won on the last tile of the wall"),
        ("不是牌墙最后一张", "not the wall's last tile"),
    ),
    "last_tile": (
        ("和绝张（另外三张都已见到）", "the last tile of its kind (the other three in sight)"),
        ("不是绝张", "not the last of its kind"),
    ),
}
WIND_NAMES = {"E": ("东", "East"), "S": ("南", "South"), "W": ("西", "West"), "N": ("北", "North")}


def apply_change(hand: str, ctx: dict, change: tuple) -> tuple[str, dict]:
    """The hand and context after one change:

    * ``("tile", old, new)``: one concealed ``old`` becomes ``new``;
    * ``("win", old, new)``: the winning tile ``old`` becomes ``new``;
    * ``("ctx", key, value)``: one context keyword changes (``None`` removes it);
    * ``("expose", meld)``: tiles held concealed are shown as the claimed ``meld``;
    * ``("conceal", meld)``: a claimed ``meld`` is held concealed instead (a kong: a concealed kong);
    * ``("meld", old, new)``: a pung or kong on the table is of another tile.

    >>> apply_change("123456789m23p55s+4p", {}, ("tile", "5s", "6s"))
    ('123456789m23p56s+4p', {})
    """
    h = parse_hand(hand)
    ctx = dict(ctx)
    kind = change[0]
    if kind == "ctx":
        _, key, value = change
        if value is None or value is False or (key == "flowers" and value == 0):
            ctx.pop(key, None)
        else:
            ctx[key] = value
        return hand, ctx
    melds, conc, win = list(h.melds), list(h.concealed), h.win_tile
    if kind == "tile":
        conc[conc.index(tile(change[1]))] = tile(change[2])
    elif kind == "win":
        if win != tile(change[1]):
            raise ValueError(f"the winning tile is {win}, not {change[1]}")
        win = tile(change[2])
    elif kind == "expose":
        m = Meld.from_str(change[1])
        for t in m.tiles:
            conc.remove(t)
        melds.append(m)
    elif kind == "meld":
        melds[melds.index(Meld.from_str(change[1]))] = Meld.from_str(change[2])
    elif kind == "conceal":
        m = Meld.from_str(change[1])
        melds.remove(m)
        if m.kind is MeldKind.KONG:
            melds.append(Meld(MeldKind.KONG, m.tile))
        else:
            conc.extend(m.tiles)
    else:
        raise ValueError(f"unknown change {change!r}")
    return format_hand(Hand(tuple(melds), tuple(sorted(conc)), win, h.flowers)), ctx


def _tile_name(t: str, lang: str) -> str:
    x = tile(t)
    return f"{x.zh}" if lang == "zh" else f"{x} ({x.en})"


def describe_change(change: tuple, ctx: dict, lang: str = "en") -> str:
    """The change in words: what the near miss has instead of the example's piece."""
    kind = change[0]
    zh = lang == "zh"
    if kind in ("tile", "win"):
        old, new = _tile_name(change[1], lang), _tile_name(change[2], lang)
        if kind == "win":
            return f"和牌张{old}换成了{new}" if zh else f"the winning tile {old} is replaced by {new}"
        return f"手里的一张{old}换成了{new}" if zh else f"one {old} in the hand is replaced by {new}"
    if kind == "meld":
        return (
            f"亮出的{change[1]}换成了{change[2]}" if zh else f"the set {change[1]} on the table is {change[2]} instead"
        )
    if kind == "expose":
        return f"{change[1]}是吃碰来的，不再是自己摸的" if zh else f"{change[1]} was claimed instead of held concealed"
    if kind == "conceal":
        m = Meld.from_str(change[1])
        if m.kind is MeldKind.KONG:
            return f"{change[1]}改为暗杠" if zh else f"{change[1]} is a concealed kong instead of a claimed one"
        return f"{change[1]}改为自己摸齐，不是吃碰来的" if zh else f"{change[1]} is held concealed instead of claimed"
    _, key, value = change
    before = ctx.get(key)
    if key in CONTEXT_WORDS:
        (on_zh, on_en), (off_zh, off_en) = CONTEXT_WORDS[key]
        if zh:
            return f"改为{on_zh}" if value else f"改为{off_zh}"
        return f"now {on_en}" if value else f"now {off_en}"
    if key in ("seat_wind", "prevalent_wind"):
        what = ("门风", "seat wind") if key == "seat_wind" else ("圈风", "prevalent wind")
        was = WIND_NAMES[before or "E"]
        now = WIND_NAMES[value or "E"]
        return f"{what[0]}从{was[0]}改为{now[0]}" if zh else f"the {what[1]} is {now[1]} instead of {was[1]}"
    if key == "flowers":
        return (
            f"花牌从 {before or 0} 张改为 {value or 0} 张" if zh else f"{value or 0} flowers instead of {before or 0}"
        )
    raise ValueError(f"unknown context keyword {key!r}")


def near_miss_sentence(fan_id: int, lang: str = "en") -> str:
    """What is missing in the near miss of a fan: the one change, then the fan's definition.

    >>> near_miss_sentence(81).startswith("Near miss: 0 flowers instead of")
    True
    >>> near_miss_sentence(81, "zh").startswith("差一点：花牌从")
    True
    """
    f = fan(fan_id)
    (_hand, ctx), _ = EXAMPLES[fan_id]
    change = CHANGES[fan_id]
    what = describe_change(change, ctx, lang)
    _, _, res = near_miss(fan_id)
    by = next((x.because_of for x in res.excluded if x.fan.id == fan_id), None) if res.is_winning else None
    if lang == "zh":
        d = f.definition_zh.rstrip("。")
        if not res.is_winning:
            return f"差一点：{what}。这样连和牌都不成，当然不计{f.zh}。{f.zh}要求：{d}。"
        if by is not None:
            return f"差一点：{what}。这样{by.zh}计分，它已经包含了{f.zh}，所以{f.zh}不再另计（不重复）。"
        return f"差一点：{what}，于是不再计{f.zh}。{f.zh}要求：{d}。"
    d = f.definition_en.rstrip(".")
    if not res.is_winning:
        return f"Near miss: {what}. Now the hand does not even win, so no {f.en} ({f.zh}). It needs: {d}."
    if by is not None:
        return (
            f"Near miss: {what}. Now {by.en} ({by.zh}) counts and implies {f.en}, so {f.en} is not "
            f"counted again (non-repetition)."
        )
    return f"Near miss: {what}, so {f.en} ({f.zh}) no longer counts. It needs: {d}."
