"""Connect Four against published exact values: Pascal Pons's test set
"Test_L1_R1" (beginning, easy), positions 4 to 14 moves in with their scores
as his solver gives them, published with his tutorial "Solving Connect 4: how
to build a perfect AI" (blog.gamesolver.org, part 2, "Test protocol"); 156 of
its positions. The engine's exact value of each must be that score, result
and distance alike; the default run checks every twentieth position,
``--slow`` all of them.

A line is the columns played from the empty 7x6 board (1 to 7), then the
score for the side to move: 0 a draw; a win with the winner's k-th stone
scores 22 - k, a loss the opposite.
"""

from __future__ import annotations

import pytest

from ttt_gui.board import Board
from ttt_gui.engine import WIN, Engine, Limit

PUBLISHED = """
32164625 11
6146 18
243335424257 12
5512243243536 13
22144426444 15
265756512 -12
65444437612 13
17516442226766 8
7343363417254 14
74746315233 15
5654767662 13
74642572132 15
51756773145177 -10
165746146225 -11
1562527227511 13
43745416472735 -13
42434653771434 9
1626434452343 13
6513243566177 12
43623536647361 11
35544262 12
33375546411 -12
427631264721 10
51615567 15
543772563551 14
27534134362633 10
7234472553 10
6126741462153 14
4737 18
7675456251 13
737534232264 -10
2615522 17
37416146447 -9
14254 18
24657443354 -9
421125247317 13
441672735 11
5416317226643 11
25545 18
716763353724 13
1242536267 -11
7311452532672 11
51322427 14
5276313436535 -12
47413665722 -11
13167624557 12
65225331 11
334275644 16
54622223337635 -12
7231776132635 -11
661613472611 -11
464652443565 -11
7336254227213 -9
1475174 17
614213513 -12
657251234112 10
72247 18
43214726 13
313341 17
3637124766 10
45713322723 15
4161457576 12
4752514115 14
6571456427113 11
1425525276343 14
22347273731 13
25144 18
32153635422 -9
4337377231257 -13
513432277262 14
76234731336425 11
523463127 16
76325166734314 -11
72244 18
25362556661 14
376645334561 12
34256765517435 12
6545423651 12
223331654 16
3574515645 15
4331773512476 -12
72122463145 10
74242117222573 -11
7313245 13
76727734653333 9
2231333175746 11
22523567532 10
557455364765 13
12447313567113 -13
475262114 -11
1425241 17
624261 17
3334574745 12
545355462 -12
7344247763144 11
735537451656 -13
6524141431 -13
13116246361136 10
6116442561763 14
624741213 -12
256613535637 9
45657176263 13
442317624273 -13
245541133241 13
33125264535526 -11
144476764 11
256646373 -10
614124 17
753626366367 11
24527634652517 -12
7714443114735 9
6114613746 12
127371462333 10
372364422621 9
375335 17
41166362123631 9
45675711324 -11
21114613653733 13
135441725732 12
635673616 11
373243162662 9
54662765362 15
333343 17
26551534743 13
31323347 13
4176221235771 10
76532215761655 -9
3115364713 13
575556156432 14
5544 18
72744157723432 -11
12462416526673 -12
3415552437652 13
762642 17
1664737326 -11
32161451752 11
473125476434 14
23644721411517 12
27164442432572 -12
72267122544677 -13
54516132144461 11
362236 17
6165621512444 10
712221454212 12
3561251232114 12
3224445327 15
73235641141 15
13475463423 15
22656563463 15
7615433736662 14
521244 17
2176656775 12
547561422235 13
746774466413 -13
63657527753723 -12
3643 18
"""

#: (columns played, score) of every published position.
POSITIONS = [(moves, int(score)) for moves, score in map(str.split, PUBLISHED.split("\n")[1:-1])]


def played(columns: str) -> Board:
    """The 7x6 board after ``columns`` (each 1 to 7) are played in turn."""
    board = Board.empty(rows=6, cols=7, win_length=4, gravity=True)
    for column in columns:
        board = board.play(next(c for c in board.legal_moves() if c % 7 == int(column) - 1))
    return board


def engine_score(columns: str, score: int) -> int:
    """The published ``score`` on the engine's scale (a win in n plies is
    WIN - n), worked out here from the rule above, not by the engine's code."""
    if score == 0:
        return 0
    stones = len(columns)
    winner_moves_first = (stones % 2 == 0) == (score > 0)
    kth = 22 - abs(score)
    last = 2 * kth - 1 if winner_moves_first else 2 * kth
    plies = last - stones
    return WIN - plies if score > 0 else plies - WIN


def test_the_set_is_read_whole() -> None:
    assert len(POSITIONS) == 156
    assert POSITIONS[1] == ("6146", 18)
    assert engine_score("6146", 18) == WIN - 3  # the first player's 4th stone is the 7th
    assert engine_score("265756512", -12) == -(WIN - 10)


@pytest.mark.parametrize(
    ("columns", "score"),
    [
        pytest.param(*position, marks=() if index % 20 == 0 else pytest.mark.slow)
        for index, position in enumerate(POSITIONS)
    ],
)
def test_the_engine_s_value_is_the_published_one(columns: str, score: int) -> None:
    board = played(columns)
    assert not board.is_over
    found = Engine(randomize=False).search(board, Limit())
    assert found.exact
    assert found.score == engine_score(columns, score)
