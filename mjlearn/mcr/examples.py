"""An example hand and a near miss for every fan: one data table that the tests check and the
notebook of the 81 fans shows, so the two cannot drift apart.

Each entry: ``fan id -> (example, near_miss)`` where each is ``(hand, context)``; the example scores
the fan (with 8 points or more where possible), the near miss (the closest hand, by tiles and
context, found among seeded random hands) does not. The rows were chosen by a seeded search over
the generators of tests/mcr_hands.py and are frozen here as data; tests/test_mcr_examples.py checks
every one.

>>> from mjlearn.mcr.examples import EXAMPLES
>>> len(EXAMPLES)
82
"""

from __future__ import annotations

from .scorer import score

__all__ = ["EXAMPLES", "example", "near_miss"]

EXAMPLES: dict[int, tuple[tuple[str, dict], tuple[str, dict]]] = {
    1: (('EEESSSWWWNNNF+F', {}), ('[EEE,3][NNN,1][WWW,2]77sFF+F', {})),
    2: (('[FFF,3][PPP,1][CCC,3][WWW,3]S+S', {}), ('[PPP,1][SSS,3][WWWW,2][CCC,1]F+F', {'seat_wind': 'W'})),
    3: (('[6666s]33344488sFF+8s', {'prevalent_wind': 'W'}), ('[6666s,1]3444588sFFF+8s', {'seat_wind': 'N', 'prevalent_wind': 'W'})),
    4: (('1112345678999m+6m', {}), ('1123456678999m+1m', {'prevalent_wind': 'N'})),
    5: (('[6666s][NNNN][7777p,3][7777m]F+F', {'seat_wind': 'S'}), ('[NNNN,3][7777m,7][123s,3][7777p,6]4s+4s', {'prevalent_wind': 'N'})),
    6: (('3344556678899p+7p', {}), ('[123p,1][123p,3][789p,2][789p,1]5p+5p', {})),
    7: (('19m19p19sEESNCFP+W', {}), ('258m17p39sESWNFP+C', {})),
    8: (('[9999s]11m11999p111s+1m', {'seat_wind': 'S'}), ('[999p,1][9999s,7][1111m,7][123s]1p+1p', {'seat_wind': 'S', 'flowers': 8})),
    9: (('EEESSSWWWNCCC+N', {'seat_wind': 'S', 'prevalent_wind': 'W'}), ('[EEE,3][SSSS][WWW,3]NNCC+N', {'seat_wind': 'S', 'prevalent_wind': 'W'})),
    10: (('[NNN,3][EEE,3]CCFFPPP+C', {}), ('[EEE,2][CCC,3][NNN,3]SSPP+P', {'prevalent_wind': 'S'})),
    11: (('EEESSSWWWNNNF+F', {}), ('77sEESSSWWWNNN+E', {})),
    12: (('EEESSSWWWNNNF+F', {}), ('[EEE,1]SSSWWWNNNF+F', {})),
    13: (('1122335778899m+5m', {}), ('1112345778999m+6m', {})),
    14: (('555566667777sP+P', {'prevalent_wind': 'W'}), ('5555666677sFFP+P', {'seat_wind': 'N', 'prevalent_wind': 'W', 'flowers': 8})),
    15: (('[222p,2]33344555p44s+4p', {}), ('[345p,2][345p,2][345p,3][444s,1]7p+7p', {'prevalent_wind': 'S'})),
    16: (('[123p,3]233444556p2s+2s', {}), ('[222p,2]33344555p44s+4p', {})),
    17: (('[9999p][1111p][EEEE][PPP]9m+9m', {}), ('[EEEE,3][1111p,1][PPP]99mFF+F', {'seat_wind': 'W', 'prevalent_wind': 'W'})),
    18: (('111199m119999pP+P', {}), ('1112399m111999p+1m', {'self_drawn': True})),
    19: (('99m557788sWNNPP+W', {}), ('[NNN,2][WWW,2][PPP,2][444m,3]8s+8s', {'prevalent_wind': 'W'})),
    20: (('258m17p39sESWNFP+C', {}), ('58m17p369sEWNCFP+4p', {})),
    21: (('[4444s,5]22666m44p666s+4p', {}), ('22m2244p4444666s+6s', {'seat_wind': 'W'})),
    22: (('1123445678999m+1m', {}), ('1112345678999m+1m', {})),
    23: (('1134555566677p+7p', {'prevalent_wind': 'N'}), ('[444p,3][777p][5555p,3]1666p+1p', {'seat_wind': 'N'})),
    24: (('[3333s,6]2224477999s+4s', {}), ('[4444s,6][3333s,2][777s,1]2789s+2s', {})),
    25: (('77888m77788p789s+7m', {'seat_wind': 'N'}), ('[777p,2][789s][7777m][888p,3]F+F', {'seat_wind': 'N', 'prevalent_wind': 'W', 'flowers': 8})),
    26: (('4445556m666p666s+4m', {}), ('[444m,2][678m,3]55m44p666s+5m', {'seat_wind': 'S'})),
    27: (('12223m123p11233s+2s', {}), ('[123p,3]12m99p112233s+3m', {'seat_wind': 'W', 'flowers': 3})),
    28: (('1111234567999m+8m', {}), ('1112345778999m+6m', {})),
    29: (('13789m123789p55s+2m', {}), ('[123m,2][345s,2]78m567p55s+9m', {'flowers': 3})),
    30: (('[345p,3]2256789pCCC+7p', {}), ('[123p,2]35567789pCC+4p', {'self_drawn': True, 'seat_wind': 'W'})),
    31: (('[345s,1]46m567p34555s+5m', {'seat_wind': 'S'}), ('44m567p34455567s+6s', {'seat_wind': 'S'})),
    32: (('[7777p,6]777m777sSSNN+S', {}), ('[CCC,3][NNNN,6]7m777pSSS+7m', {'wall_last': True})),
    33: (('111666888sEECC+E', {}), ('[EEE,2]11122888sCC+C', {'seat_wind': 'S', 'flowers': 3})),
    34: (('258m14p369sSWNCP+F', {}), ('258m14p36sESWNCP+F', {})),
    35: (('369m22258p147sEE+E', {}), ('369m28p147sESWNC+F', {'seat_wind': 'N'})),
    36: (('[8888m,3][888p][888s][678s,1]6m+6m', {}), ('[8888s,1][567s,3][888p,2][8888m,3]4s+4s', {'prevalent_wind': 'N'})),
    37: (('[234m,2][3333s,5][222p,2]222m2s+2s', {}), ('[345s][222m,2][2222p,1]2233s+3s', {'seat_wind': 'S', 'prevalent_wind': 'S'})),
    38: (('44pEEESSSWWWPP+P', {}), ('[EEE,3][SSS,3][WWW,3]NNPP+N', {'prevalent_wind': 'N'})),
    39: (('[567m]789m11456p12s+3s', {'flowers': 2}), ('123789m55p12378s+9s', {'flowers': 2})),
    40: (('[222p,2]33344555p44s+4p', {}), ('[222p,2][333p,2][444p,3][555p,3]C+C', {'seat_wind': 'S'})),
    41: (('678m678p4445668s+7s', {}), ('[345s,1][456m,2][567p,3]88p67s+8s', {})),
    42: (('233334m11133p22s+2s', {'seat_wind': 'W'}), ('2333445m345p222s+3m', {})),
    43: (('[789s,1]333m34577pWW+7p', {'prevalent_wind': 'W'}), ('33m22245777p789s+3p', {'seat_wind': 'S', 'prevalent_wind': 'W', 'flowers': 2})),
    44: (('7799mSSSSFFFPP+F', {'self_drawn': True, 'wall_last': True}), ('[FFFF,2][CCC,3][PPP,3]99mSS+S', {'self_drawn': True, 'prevalent_wind': 'W'})),
    45: (('99pEEESSSWWWNN+N', {'wall_last': True}), ('[EEE,1][SSS,1][WWW,2][NNN,1]9p+9p', {'prevalent_wind': 'N'})),
    46: (('[3333p,1]555567m2678s+2s', {'self_drawn': True, 'kong': True}), ('[456p,2][567m,3][678s,2][333p,2]E+E', {'self_drawn': True, 'prevalent_wind': 'N'})),
    47: (('258m17p36sESNCFP+W', {'kong': True}), ('258m17p39sESWNFP+C', {})),
    48: (('111666888sEECC+E', {}), ('[6666s,7][789s,2][111s,3]24sEE+3s', {})),
    49: (('222345pWWWNNPP+P', {}), ('[345p][999s,3][PPPP]22p33s+2p', {})),
    50: (('23m12345688p345s+4m', {}), ('[234p,1][234m,3][234s,2][567p,2]8p+8p', {'prevalent_wind': 'S', 'flowers': 1})),
    51: (('112288m22p66sNNC+C', {}), ('1188m228p6666sCC+8p', {'self_drawn': True, 'seat_wind': 'S', 'flowers': 1})),
    52: (('[CCC][SSS][8888p,7][EEE,2]N+N', {}), ('EESSSNNNCCCFF+E', {'prevalent_wind': 'S'})),
    53: (('[9999s][4444p][WWW,1][345m,3]3p+3p', {}), ('[555m,3][9999s,2]33m23444p+1p', {'flowers': 2})),
    54: (('678sWWNNNCCFFF+C', {}), ('[CCC,2][NNN,1][FFF,3]WWWP+P', {'flowers': 1})),
    55: (('11123sEECCCPPP+E', {}), ('[PPP,2][CCC,3][EEE,1]5m111s+5m', {'flowers': 2})),
    56: (('11234678sFFPPP+F', {'self_drawn': True}), ('[567s,1][123s,2]5pFFFPPP+5p', {'self_drawn': True, 'seat_wind': 'N', 'prevalent_wind': 'N'})),
    57: (('[6666p,1][FFFF,1]222p444sC+C', {}), ('[CCC,2][FFF,2]666p44sWW+4s', {'wall_last': True, 'seat_wind': 'N', 'prevalent_wind': 'W'})),
    58: (('[777s][WWWW][123s,1]68sFF+7s', {}), ('22277778sWWWFF+6s', {'seat_wind': 'S'})),
    59: (('222345pWWWNNPP+P', {}), ('[CCC,2][WWW,3]22pNNPPP+N', {'prevalent_wind': 'S', 'flowers': 1})),
    60: (('11123sEECCCPPP+E', {}), ('111sEEECCFFPPP+C', {'seat_wind': 'S', 'prevalent_wind': 'S'})),
    61: (('11123sEECCCPPP+E', {}), ('111sEEECCFFPPP+C', {'seat_wind': 'S', 'prevalent_wind': 'S'})),
    62: (('222345pWWWNNPP+P', {}), ('[345p][999s,3][PPPP]22p33s+2p', {})),
    63: (('23m12345688p345s+4m', {}), ('123m45688p34599s+8p', {'prevalent_wind': 'N'})),
    64: (('88m11pSSFFFPPPP+F', {}), ('[1111p,5][SSSS][PPPP,6][FFFF]9s+9s', {'seat_wind': 'N'})),
    65: (('1119m111sNNNFFF+9m', {}), ('1199mSSSNNNFFF+1m', {'prevalent_wind': 'W'})),
    66: (('222345pWWWNNPP+P', {}), ('[345p][999s,3][PPPP]22p33s+2p', {})),
    67: (('[EEEE]789sSSSWWWC+C', {}), ('[EEE,3][SSS,2]WWNNNCC+W', {})),
    68: (('2233445566778m+8m', {}), ('3344556778899m+6m', {})),
    69: (('7999m556677pEEE+7m', {}), ('[EEE,3][678p,2][567p,1][PPPP,2]5p+5p', {'prevalent_wind': 'S'})),
    70: (('[111m,2]12399m123sEE+9m', {}), ('1112345678999m+1m', {})),
    71: (('2345666799pWWW+9p', {}), ('1112345678999p+5p', {})),
    72: (('2366677788889s+1s', {'prevalent_wind': 'S'}), ('[666s,2]12377888sPP+7s', {'seat_wind': 'N', 'flowers': 2})),
    73: (('222345pWWWNNPP+P', {}), ('5pEEEWWWNNNPPP+5p', {'prevalent_wind': 'S'})),
    74: (('[CCCC,2]11666mWWPPP+W', {}), ('[CCC,1][WWW,1][PPP,3]66m66p+6p', {})),
    75: (('99m557788sWNNPP+W', {}), ('557788sEEEEWWN+N', {'self_drawn': True, 'seat_wind': 'S'})),
    76: (('11144455888p24s+3s', {}), ('[111p,1][666p,2]4445888p+5p', {'seat_wind': 'S', 'prevalent_wind': 'N'})),
    77: (('[888p][7777p,5]1299pFFF+3p', {}), ('[888p,3][7777p,3][123p,1][9999p,2]2p+2p', {'seat_wind': 'W'})),
    78: (('1112345778999m+6m', {}), ('1112356778999m+4m', {'prevalent_wind': 'S'})),
    79: (('EEESSSWWWNNNF+F', {}), ('[EEE,1][SSS,1]WWNNNFF+W', {})),
    80: (('11118888sSSNCC+N', {'self_drawn': True}), ('[CCCC,1][NNNN,1][8888s,1][111s,1]6m+6m', {'seat_wind': 'S'})),
    81: (('SSSNNCCFFFPPP+N', {'flowers': 3}), ('[PPP,1][FFF,1][NNN,1][SSS,2]C+C', {'seat_wind': 'S', 'prevalent_wind': 'S'})),
    82: (('[EEEE][9999s,5]112233m1s+1s', {}), ('[123m,2][1111s,2][9999s,2][123m,3]9m+9m', {'flowers': 3})),

}
"""fan id -> ((example hand, context), (near-miss hand, context))."""


def example(fan_id: int):
    """The example of a fan, scored: ``(hand, context, result)``."""
    hand, ctx = EXAMPLES[fan_id][0]
    return hand, ctx, score(hand, **ctx)


def near_miss(fan_id: int):
    """The near miss of a fan, scored: ``(hand, context, result)``; the result may be a
    non-winning hand when the near miss is one tile off."""
    hand, ctx = EXAMPLES[fan_id][1]
    return hand, ctx, score(hand, **ctx)
