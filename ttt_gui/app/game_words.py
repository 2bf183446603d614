"""The game in the player's language: the window's title, whose turn it is or
the result, the rule in force, the keys that go on, the hint, the analysis's
and the review's state and the score line; no Tk.

Each text is a whole sentence of the words door (:mod:`ttt_gui.words`) with
named placeholders, chosen by the game's state (mode, result, rules), never
glued from pieces; :mod:`ttt_gui.app.view_state` puts them in the view.
"""

from __future__ import annotations

from ttt_gui import PROGRAM_NAME
from ttt_gui.analysis.review import GameReview, Mark, MoveReview
from ttt_gui.analysis.values import Value, scale_of
from ttt_gui.app.key_names import KeyNames
from ttt_gui.app.session import Session
from ttt_gui.board import Board
from ttt_gui.config import Mode
from ttt_gui.engine import MoveAnalysis
from ttt_gui.words import gettext, gettext_noop, ngettext, pgettext

# TRANSLATORS: the kind of game as your language says it (French "Morpion"): the
# desktop menu's generic name beside the program's own name, Noxo, which stays as it is.
GENERIC_NAME = gettext_noop("Tic-tac-toe")


#: The score line's names of each result label, in English, translated where shown.
SCORE_NAMES = {
    "X": "X",
    "O": "O",
    # TRANSLATORS: the score line: the games you won ("You 2   Computer 1   Draws 0").
    "you": gettext_noop("You"),
    # TRANSLATORS: the score line: the games the computer won.
    "computer": gettext_noop("Computer"),
    # TRANSLATORS: the score line: the games drawn.
    "draw": gettext_noop("Draws"),
}


def hint_text(board: Board, analysis: MoveAnalysis) -> str:
    """Words for the engine's choice among the best moves, naming the side its
    value favours: ``Hint: b2 (draw)``, ``Hint: g4 (O is better)``."""
    move = analysis.best[0]
    value = Value(analysis.scores[move], analysis.is_exact(move), scale_of(board.geometry))
    # TRANSLATORS: {cell} is a cell, e.g. "b2"; {value} the move's value, e.g. "draw"
    # or "O is better".
    return gettext("Hint: {cell} ({value})").format(
        cell=board.coordinate(move), value=value.words(board.turn)
    )


#: A line's length in words, for the sentences about lines (others by number).
_LINES = {
    3: gettext_noop("three in a row"),
    4: gettext_noop("four in a row"),
    5: gettext_noop("five in a row"),
    6: gettext_noop("six in a row"),
    7: gettext_noop("seven in a row"),
    8: gettext_noop("eight in a row"),
}


def in_a_row(win_length: int) -> str:
    """``"three in a row"``: a line of ``win_length`` marks in words.

    >>> in_a_row(3), in_a_row(12)
    ('three in a row', '12 in a row')
    """
    if win_length in _LINES:
        return gettext(_LINES[win_length])
    return ngettext("{count} in a row", "{count} in a row", win_length).format(count=win_length)


def result_text(session: Session) -> str:
    """The result of a finished game in a sentence; under misère it says who
    completed the line and lost (``"You completed three in a row — you lose."``)."""
    board, config = session.board, session.config
    computer = config.mode is Mode.COMPUTER
    winner = board.winner
    if winner is None:
        # TRANSLATORS: the result of a game no one won (the turn field; keep it short).
        return gettext("Draw.")
    if board.misere:
        line = in_a_row(board.win_length)
        if computer and winner is config.human:
            return gettext("The computer completed {line} — you win!").format(line=line)
        if computer:
            return gettext("You completed {line} — you lose.").format(line=line)
        return gettext("{loser} completed {line} — {winner} wins!").format(
            loser=config.player_name(winner.other), line=line, winner=config.player_name(winner)
        )
    if computer:
        return gettext("You win!") if winner is config.human else gettext("The computer wins.")
    return gettext("{player} wins!").format(player=config.player_name(winner))


def turn_text(session: Session) -> str:
    """Whose turn it is (``"Your turn (X)"``, ``"Computer is thinking…"``,
    ``"O to move"``), or the result of a finished game."""
    board, config = session.board, session.config
    if board.is_over:
        return result_text(session)
    if config.mode is Mode.COMPUTER:
        if session.is_computer_turn:
            # TRANSLATORS: the turn field, large type above the board: keep it short.
            return gettext("Computer is thinking…")
        # TRANSLATORS: the turn field (keep it short); {side} is X or O.
        return gettext("Your turn ({side})").format(side=config.human.value)
    player = config.player_name(board.turn)
    if config.mode is Mode.WATCH and not session.watch_running:
        # TRANSLATORS: the turn field (keep it short); {player} is X or O, maybe with
        # its level: "X (Hard)".
        return gettext("{player} to move — paused").format(player=player)
    # TRANSLATORS: the turn field (keep it short); {player} is X or O, maybe with its
    # level: "X (Hard)".
    return gettext("{player} to move").format(player=player)


def rule_text(session: Session) -> str:
    """The reminder, during play, of a rule that turns the game around ("" if
    none; once the game is over its result says it)."""
    board = session.board
    if board.misere and not board.is_over:
        return gettext("Misère: completing {line} loses.").format(line=in_a_row(board.win_length))
    return ""


def next_steps_text(session: Session, keys: KeyNames, *, offer_review: bool = False) -> str:
    """The keys that go on from here: after a game, play again (and review
    it, if offered); computer vs computer paused, play and step; else ""."""
    if session.board.is_over:
        play_again = keys.of("new_game")
        if offer_review:
            return gettext("{play_again} plays again, {review} reviews it.").format(
                play_again=play_again, review=keys.of("review_game")
            )
        return gettext("{play_again} plays again.").format(play_again=play_again)
    if session.config.mode is Mode.WATCH and not session.watch_running:
        return gettext("{play_pause} plays, {step} steps.").format(
            play_pause=keys.of("play_pause"), step=keys.of("step")
        )
    return ""


def status_text(session: Session, keys: KeyNames, *, offer_review: bool = False) -> str:
    """What happens next, or the result, in words for one status line; a
    finished game names the keys that play again (and review it, if offered)."""
    turn = turn_text(session)
    if session.board.is_over:
        return f"{turn} {next_steps_text(session, keys, offer_review=offer_review)}"
    if session.config.mode is Mode.WATCH and not session.watch_running:
        # TRANSLATORS: {turn} says whose move it is; {play_pause} and {step} are keys.
        return gettext("{turn} ({play_pause} plays, {step} steps)").format(
            turn=turn, play_pause=keys.of("play_pause"), step=keys.of("step")
        )
    return turn


def title_text(session: Session) -> str:
    """The window's title, a whole phrase per mode: the program's name (never
    translated), the board, who plays."""
    config = session.config
    if config.mode is Mode.COMPUTER:
        # TRANSLATORS: the window's title: {game} is the program's name, Noxo, as it is.
        title = gettext("{game} — {board}, you play {side} vs computer ({level})")
    elif config.mode is Mode.WATCH:
        title = gettext("{game} — {board}, computer vs computer")
    else:
        title = gettext("{game} — {board}, two players")
    return title.format(
        game=PROGRAM_NAME,
        board=config.board_label,
        side=config.human.value,
        level=config.level_name(),
    )


def review_progress_text(done: int, total: int, stop: str) -> str:
    """A running review's progress: ``Reviewing the game… 2 of 7 moves (Esc stops)``."""
    return ngettext(
        "Reviewing the game… {done} of {total} move ({stop} stops)",
        "Reviewing the game… {done} of {total} moves ({stop} stops)",
        total,
    ).format(done=done, total=total, stop=stop)


#: What separates the analysis's state from the status before it.
ANALYSIS_GAP = "   "


def analysis_status(session: Session, analysis: MoveAnalysis) -> str:
    """Words after the status for the shown analysis: whether it is still being
    proved (how deep it is so far, and how many moves are proven), was proved
    by proving, or is approximate; nothing for one exact at once."""
    if analysis.exact:
        proved = session.engines.prover.has_proved(session.generation)
        # TRANSLATORS: every move's value shown is exact, proved after the search.
        return ANALYSIS_GAP + gettext("Analysis: proven") if proved else ""
    depth, proven, moves = analysis.depth, len(analysis.proven), len(analysis.scores)
    # TRANSLATORS: how far an unfinished analysis has looked: {depth} moves (plies) deep.
    progress = ngettext(
        "searched {depth} move ahead", "searched {depth} moves ahead", depth
    ).format(depth=depth)
    if proven:
        # TRANSLATORS: {searched} is e.g. "searched 6 moves ahead", {proven} "2 of 9
        # moves proven".
        progress = gettext("{searched}, {proven}").format(
            searched=progress,
            proven=ngettext(
                "{proven} of {moves} move proven", "{proven} of {moves} moves proven", moves
            ).format(proven=proven, moves=moves),
        )
    if session.is_proving:
        # TRANSLATORS: {progress} is e.g. "searched 6 moves ahead, 2 of 9 moves proven".
        return ANALYSIS_GAP + gettext("Analysis: proving… {progress}").format(progress=progress)
    # TRANSLATORS: {progress} is e.g. "searched 6 moves ahead" or "searched 6 moves
    # ahead, 2 of 9 moves proven".
    return ANALYSIS_GAP + gettext("Analysis: approximate, {progress}").format(progress=progress)


def reviewed_move_words(move: MoveReview) -> str:
    """A reviewed move in words: ``Move 3, X b2: mistake — lost the win; better: a1``."""
    if move.better:
        # TRANSLATORS: a reviewed move: its number, the player (X or O), its cell, its
        # mark ("mistake"), how its value changed, and the better cells ("a1, c3").
        text = gettext("Move {number}, {player} {cell}: {mark} — {change}; better: {better}")
    else:
        # TRANSLATORS: as the reviewed move with better cells, without them.
        text = gettext("Move {number}, {player} {cell}: {mark} — {change}")
    text = text.format(
        number=move.number,
        player=move.player.value,
        cell=move.coordinate,
        mark=mark_words(move.mark),
        change=move.change,
        # TRANSLATORS: what separates the cells of a list ("a1, c3"; Japanese "、").
        better=pgettext("list separator", ", ").join(move.better_coordinates),
    )
    if not move.exact:
        # TRANSLATORS: {review} is a reviewed move in words, its value an estimate of a
        # search {depth} moves deep.
        text = ngettext(
            "{review} (approximate, searched {depth} move ahead)",
            "{review} (approximate, searched {depth} moves ahead)",
            move.depth,
        ).format(review=text, depth=move.depth)
    return text


def review_summary_words(review: GameReview) -> str:
    """A finished review as the message line says it: how many mistakes, the
    first of them named (move, player, cell), and where the rest is (the
    move list, each move's review shown when chosen there); the command
    line's review lists every count (:meth:`GameReview.summary`)."""
    mistakes = [move for move in review.moves if move.mark is Mark.MISTAKE]
    if mistakes:
        first = mistakes[0]
        # TRANSLATORS: a game's review in the window: how many moves changed the
        # result, and the first of them: its number, player (X or O) and cell.
        text = ngettext(
            "Review: {count} mistake, move {number}: {player} {cell}.",
            "Review: {count} mistakes, the first at move {number}: {player} {cell}.",
            len(mistakes),
        ).format(
            count=len(mistakes),
            number=first.number,
            player=first.player.value,
            cell=first.coordinate,
        )
    else:
        # TRANSLATORS: a game's review in the window when no move changed the result.
        text = gettext("Review: no mistakes.")
    if review.by_threats:
        # TRANSLATORS: a Gomoku review: losses proven by threats (fours and threes),
        # the other values estimates of a search {depth} moves ahead.
        more = ngettext(
            "Losses are proven by threats; other values are approximate, "
            "searched {depth} move ahead.",
            "Losses are proven by threats; other values are approximate, "
            "searched {depth} moves ahead.",
            review.depth,
        )
        text = f"{text} {more.format(depth=review.depth)}"
    elif not review.is_exact:
        # TRANSLATORS: a review whose values are estimates of a search {depth} moves ahead.
        more = ngettext(
            "Values are approximate, searched {depth} move ahead.",
            "Values are approximate, searched {depth} moves ahead.",
            review.depth,
        )
        text = f"{text} {more.format(depth=review.depth)}"
    # TRANSLATORS: after a review: the move list (shown beside the board) marks each
    # move; choosing one there shows its review on this line.
    where = gettext("Choose a move in the list to see its review.")
    return f"{text} {where}"


def mark_words(mark: Mark) -> str:
    """A review's mark of a move in the player's language: ``"mistake"``."""
    if mark is Mark.BEST:
        # TRANSLATORS: a reviewed move's mark: the best move (or as good).
        return pgettext("review mark", "best")
    if mark is Mark.INACCURACY:
        # TRANSLATORS: a reviewed move's mark: a move a little worse than the best.
        return pgettext("review mark", "inaccuracy")
    # TRANSLATORS: a reviewed move's mark: a move that changed the game's result.
    return pgettext("review mark", "mistake")


def score_line(session: Session) -> str:
    """The score line of the current match: ``"You 2   Computer 1   Draws 0"``."""
    return "   ".join(
        # TRANSLATORS: one score of the score line: a name ("You") and a number.
        gettext("{name} {count}").format(name=gettext(SCORE_NAMES[label]), count=count)
        for label, count in session.tally().items()
    )
