"""``ttt-gui analyse`` and ``ttt-gui review``: the engine from the command line.

Both print to stdout and never open a window (nothing here imports Tk), exit 0
on success and 2, with one line on stderr, for a bad position or file (a bad
option gets argparse's usage and error line, also with status 2).

``analyse POSITION`` prints the value of a position (``Board.parse`` text,
rows joined by ``/``, with ``--gravity``, ``--misere`` and ``--exact`` for those variants)
and of every legal move, best first (a move proven in an approximate
analysis is worded as exact; a draw proven by a pairing strategy,
see :mod:`ttt_gui.engine.pairing`, says so); ``review FILE``
prints the review of a saved game (:mod:`ttt_gui.analysis.review`). Boards small
enough are solved exactly; larger ones are searched for the think time, or
to ``--depth`` plies, and say so ("approximate, searched 6 moves ahead"). After a search
for the think time, ``analyse`` tries for as long again to prove moves drawn
by relevance zones (five or more in a row), and a position whose every move
is then proven is exact: the one pipeline of :mod:`ttt_gui.analysis.position`,
which the window's analysis view uses too. A review on a Gomoku board marks
its moves by forced wins by threats within a fixed budget, its other values
estimates of a small search (to ``--depth`` if given; the think time is not
used there): see :func:`ttt_gui.analysis.threat_review.review_by_threats`. Values
are words that name the side they favour, never the engine's points.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from ttt_gui.analysis.position import Analyst, PositionAnalysis, Proof
from ttt_gui.analysis.review import GameReview, MoveReview, proven_outcome, review_game
from ttt_gui.analysis.values import Value, scale_of
from ttt_gui.board import MIN_SIZE, Board, InvalidPositionError
from ttt_gui.cli import argparse_words
from ttt_gui.cli.language import add_language_option, check_language
from ttt_gui.config import (
    MAX_THINK_TIME,
    MAX_WINDOW_SIZE,
    MIN_THINK_TIME,
    SOLVABLE_CELLS,
    GameConfig,
    Shape,
)
from ttt_gui.engine import Engine, Limit
from ttt_gui.storage.games import GameFileError, read_game
from ttt_gui.words import gettext, gettext_noop, ngettext, pgettext

#: The first words of the command lines this module answers.
COMMANDS = ("analyse", "analyze", "review")


class _Parser(argparse.ArgumentParser):
    """A parser whose subcommands' parsers are kept by name."""

    commands: dict[str, _Parser]

    def fail(self, message: str) -> None:
        """Exit 2 with one line naming the problem (for a bad position or file)."""
        line = argparse_words.translate("%(prog)s: error: %(message)s\n")
        self.exit(2, line % {"prog": self.prog, "message": message})


def build_parser() -> _Parser:
    parser = _Parser(
        prog="ttt-gui",
        description=gettext("Analyse positions and review saved games."),
        formatter_class=argparse_words.HelpFormatter,
    )
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    analyse: _Parser = commands.add_parser(
        "analyse",
        formatter_class=argparse_words.HelpFormatter,
        aliases=["analyze"],
        help=gettext("the value of a position and of every legal move"),
        description=gettext("Print the value of POSITION and of every legal move, best first."),
    )
    analyse.add_argument(
        "position",
        metavar="POSITION",
        help=gettext("rows joined by '/', e.g. x.o/.x./... (X, O or .)"),
    )
    analyse.add_argument(
        "--win-length",
        type=int,
        metavar="K",
        help=gettext("marks in a row to win (default: by size)"),
    )
    add_rule_options(analyse)
    review: _Parser = commands.add_parser(
        "review",
        formatter_class=argparse_words.HelpFormatter,
        help=gettext("mark every move of a saved game"),
        description=gettext("Mark every move of a saved game (.ttt) best, inaccuracy or mistake."),
    )
    review.add_argument("file", metavar="FILE.ttt", type=Path, help=gettext("a saved game"))
    for command in (analyse, review):
        command.add_argument(
            "--depth",
            type=int,
            metavar="N",
            help=gettext("search N plies deep (default: to the end)"),
        )
        command.add_argument(
            "--think-time",
            type=float,
            metavar="S",
            help=gettext(
                "seconds per position on boards over {cells} cells "
                "(default: {seconds}; the saved game's for review)"
            ).format(cells=SOLVABLE_CELLS, seconds=f"{GameConfig().think_time:g}"),
        )
        command.add_argument("--json", action="store_true", help=gettext("print one JSON object"))
        add_language_option(command)
    parser.commands = {"analyse": analyse, "analyze": analyse, "review": review}
    return parser


def add_rule_options(parser: argparse.ArgumentParser | argparse._ArgumentGroup) -> None:
    """The board's rules as switches, off unless given: ``--gravity``,
    ``--misere`` and ``--exact`` (the window's and the commands' alike)."""
    parser.add_argument(
        "--gravity",
        action="store_true",
        help=gettext("marks drop to the lowest empty cell of their column (Connect Four)"),
    )
    parser.add_argument(
        "--misere", action="store_true", help=gettext("completing a line loses (misère)")
    )
    parser.add_argument(
        "--exact",
        action="store_true",
        help=gettext("exactly K in a row wins, a longer line does not (standard Gomoku)"),
    )


def main(argv: list[str]) -> int:
    """Run ``analyse`` or ``review`` with ``argv`` (the command first); returns 0
    (130 if interrupted by Ctrl+C at any moment, 141 if the reader of the
    output left), or exits 2 for a bad option, position or file."""
    try:
        return _run(argv)
    except KeyboardInterrupt:  # Ctrl+C, before the search (the parser) or during it
        return 130


def _run(argv: list[str]) -> int:
    parser = build_parser()
    args, unknown = parser.parse_known_args(argv)
    command = parser.commands[args.command]
    check_language(command, args.language)
    if unknown:  # said by the command's parser, so its usage is shown
        command.error(
            gettext("unrecognized arguments: {arguments}").format(arguments=" ".join(unknown))
        )
    if args.think_time is not None and not MIN_THINK_TIME <= args.think_time <= MAX_THINK_TIME:
        command.error(
            gettext("--think-time {seconds} is out of range ({low} to {high} s)").format(
                seconds=f"{args.think_time:g}", low=MIN_THINK_TIME, high=f"{MAX_THINK_TIME:g}"
            )
        )
    try:
        print(_output(command, args), flush=True)
    except BrokenPipeError:  # the reader left (``| head``): stop quietly, as tools do
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    return 0


def _output(command: _Parser, args: argparse.Namespace) -> str:
    """What the command prints; exits 2 for a bad position or file."""
    if args.command == "review":
        try:
            game = read_game(args.file)
        except GameFileError as error:
            command.fail(gettext("{file}: {error}").format(file=args.file, error=error))
        start, config = game.start_board(), game.config
        limit = _limit(command, start, args, config.think_time)
        review = review_game(start, game.moves, Engine(randomize=False), limit=limit)
        return review_report(review, args.json)
    if args.win_length is not None and not MIN_SIZE <= args.win_length <= MAX_WINDOW_SIZE:
        command.error(
            gettext("--win-length {length} is out of range ({low} to {high})").format(
                length=args.win_length, low=MIN_SIZE, high=MAX_WINDOW_SIZE
            )
        )
    if args.exact and (args.gravity or args.misere):
        # TRANSLATORS: --exact, --gravity and --misere are options: keep them as they are.
        command.error(gettext("--exact goes with neither --gravity nor --misere"))
    text = "/".join(args.position.split())  # rows may also be given one per line
    try:
        board = Board.parse(
            text,
            win_length=args.win_length,
            gravity=args.gravity,
            misere=args.misere,
            exact=args.exact,
            max_size=MAX_WINDOW_SIZE,
        )
    except InvalidPositionError as error:
        command.fail(
            gettext("bad position {position!r}: {error}").format(
                position=args.position, error=error
            )
        )
    limit = _limit(command, board, args, GameConfig().think_time)
    # After a search for the think time, the draw proofs get as long again.
    analyst = Analyst(Engine(randomize=False), limit, proof_time=limit.time)
    return analysis_report(analyst.analyse(board), args.json)


def _limit(command: _Parser, board: Board, args: argparse.Namespace, think: float) -> Limit:
    """The search's limit: ``--depth`` plies, else none where the board is
    solvable (exact), else the think time (``--think-time`` or ``think``)."""
    cells = board.cells
    if args.depth is not None:
        if not 1 <= args.depth <= cells:
            command.error(
                gettext("--depth {depth} is out of range (1 to {cells} on this board)").format(
                    depth=args.depth, cells=cells
                )
            )
        return Limit(depth=args.depth)
    if Shape.of(board).solved:
        return Limit()
    return Limit(time=args.think_time or think)


#: The version of the JSON's keys (docs/json-schema.md); raised on any change
#: that is not an addition.
JSON_SCHEMA = 1


def _value(score: int, exact: bool, board: Board) -> Value:
    """A value on ``board`` as proven (a draw only in an exact analysis), else
    heuristic, read on the board's scale."""
    return Value(score, proven_outcome(score, exact) is not None, scale_of(board.geometry))


def _value_fields(value: Value) -> dict[str, Any]:
    """The numbers and tokens of a value, for the JSON."""
    outcome = value.outcome
    return {
        "score": value.score,
        "outcome": outcome.value if outcome is not None else None,
        "plies": value.plies,
    }


#: Each proof in words (in English; translated where shown: :func:`proof_words`).
PROOF_WORDS = {
    # TRANSLATORS: a draw proven by pairing cells: each side answers the other in the pair.
    Proof.PAIRING: gettext_noop("pairing strategy"),
}


def proof_words(proof: Proof) -> str:
    """How ``proof`` proved the value, in the player's language."""
    return gettext(PROOF_WORDS[proof])


def _json_report(
    board: Board,
    value: dict[str, Any],
    *,
    exact: bool,
    depth: int,
    proof: Proof | None,
    words: str,
    moves: list[dict[str, Any]],
) -> str:
    """The JSON object of a position analysed (keys in docs/json-schema.md):
    ``value`` is its score, outcome and plies (all None once the game is over)."""
    winner = board.winner if board.is_over else None
    return json.dumps(
        {
            "schema": JSON_SCHEMA,
            "position": str(board),
            "win_length": board.win_length,
            "gravity": board.gravity,
            "misere": board.misere,
            "exact_rule": board.exact,
            "game_over": board.is_over,
            "winner": winner.value if winner else None,
            "side_to_move": None if board.is_over else board.turn.value,
            **value,
            "exact": exact,
            "depth": depth,
            "proof": proof.value if proof is not None else None,
            "words": words,
            "proof_words": proof_words(proof) if proof is not None else None,
            "moves": moves,
        }
    )


def analysis_report(position: PositionAnalysis, as_json: bool) -> str:
    """The value of the ``position`` analysed and of each of its moves, best
    first: text lines, or one JSON object (keys in docs/json-schema.md)."""
    board, analysis = position.board, position.moves
    turn = board.turn.value
    shown = _shown(board)
    if analysis is None:
        winner = board.winner
        if winner:
            words = gettext("{player} has won").format(player=winner.value)
        else:
            # TRANSLATORS: how a finished game ended: neither player won.
            words = pgettext("a result", "draw")
        if as_json:
            over = {"score": None, "outcome": None, "plies": None}
            return _json_report(
                board, over, exact=True, depth=0, proof=None, words=words, moves=[]
            )
        return gettext("{position}  game over: {result}").format(position=shown, result=words)
    ranked = sorted(analysis.scores.items(), key=lambda item: (-item[1], item[0]))
    moves = []
    for move, score in ranked:
        value = _value(score, analysis.is_exact(move), board)
        moves.append(
            {
                "coordinate": board.coordinate(move),
                "cell": move,
                **_value_fields(value),
                "exact": value.exact,
                "words": value.words(board.turn),
            }
        )
    best = _value(ranked[0][1], analysis.exact, board)
    # A draw each side holds by a pairing of cells is worth naming: it needs no search.
    proof = position.proof
    if as_json:
        return _json_report(
            board,
            _value_fields(best),
            exact=analysis.exact,
            depth=analysis.depth,
            proof=proof,
            words=best.words(board.turn),
            moves=moves,
        )
    value_words = best.words(board.turn)
    if proof is not None:
        value_words = gettext("{value}: {proof}").format(
            value=value_words, proof=proof_words(proof)
        )
    if analysis.exact:
        first = gettext("{position}  {player} to move: {value}")
    else:
        # TRANSLATORS: {value} names the side it favours ("O is slightly better"), an
        # estimate of a search {depth} moves deep.
        first = ngettext(
            "{position}  {player} to move: {value} (approximate, searched {depth} move ahead)",
            "{position}  {player} to move: {value} (approximate, searched {depth} moves ahead)",
            analysis.depth,
        )
    lines = [first.format(position=shown, player=turn, value=value_words, depth=analysis.depth)]
    lines += ["{coordinate}  {words}".format(**move) for move in moves]
    return "\n".join(lines)


def _shown(board: Board) -> str:
    """The position as printed, with its variant's rules in words (none for a
    plain m,n,k game)."""
    if board.gravity and board.misere:
        # TRANSLATORS: gravity is the Connect Four rule (marks drop down their column);
        # misère the rule where whoever makes the line loses.
        message = gettext("{position}  (gravity, misère)")
    elif board.gravity:
        message = gettext("{position}  (gravity)")
    elif board.misere:
        message = gettext("{position}  (misère)")
    elif board.exact:
        # TRANSLATORS: the exact rule of standard Gomoku: a longer line does not win.
        message = gettext("{position}  (exactly {length} in a row wins)")
    else:
        return str(board)
    return message.format(position=board, length=board.win_length)


def _review_move_fields(move: MoveReview) -> dict[str, Any]:
    """One reviewed move for the JSON: numbers and tokens, then the words."""
    played = Value(move.played_score, move.is_exact(move.move))
    best = Value(move.best_score, move.best_is_exact)
    return {
        "number": move.number,
        "player": move.player.value,
        "coordinate": move.coordinate,
        "cell": move.move,
        "mark": move.mark.value,
        **_value_fields(played),
        "best_score": best.score,
        "best_outcome": best.outcome.value if best.outcome is not None else None,
        "best_plies": best.plies,
        "exact": move.exact,
        "better": list(move.better_coordinates),
        "words": move.change,
    }


def review_report(review: GameReview, as_json: bool) -> str:
    """Each move with its mark and value words, then the summary: text, or
    JSON (keys in docs/json-schema.md)."""
    if as_json:
        players = dict.fromkeys(move.player for move in review.moves)
        data = {
            "schema": JSON_SCHEMA,
            "start": str(review.start),
            "win_length": review.start.win_length,
            "gravity": review.start.gravity,
            "misere": review.start.misere,
            "exact_rule": review.start.exact,
            "exact": review.is_exact,
            "depth": review.depth,
            "counts": {
                player.value: {mark.value: count for mark, count in review.counts(player).items()}
                for player in players
            },
            "summary": review.summary(),
            "moves": [_review_move_fields(move) for move in review.moves],
        }
        return json.dumps(data)
    width = max((len(move.mark.label) for move in review.moves), default=0)
    lines = []
    for move in review.moves:
        line = "{number:>3}. {player} {coordinate:<3} {mark:<{width}}  {change}".format(
            number=move.number,
            player=move.player.value,
            coordinate=move.coordinate,
            mark=move.mark.label,
            width=width,
            change=move.change,
        )
        if move.better:
            line = gettext("{line}; better: {moves}").format(
                line=line, moves=", ".join(move.better_coordinates)
            )
        lines.append(line)
    lines.append(review.summary())
    return "\n".join(lines)


def is_command(argv: list[str]) -> bool:
    """Whether ``argv`` asks for one of these commands rather than the window."""
    return bool(argv) and argv[0] in COMMANDS
