"""The engines behind one window and the policy that keeps them; no Tk, no threads.

:class:`EnginePool` keeps the computer of each strength and think time, the
analysis engine of each think time and the prover, with the size of their
tables, so a search reuses the work of the one before where it may. It
hands out each search as a :class:`Search`: the one call the work's thread
makes, whatever kind of search it is.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable

from ttt_gui.analysis.position import Analyst
from ttt_gui.analysis.proving import Prover
from ttt_gui.board import Board, Player
from ttt_gui.config import GameConfig, Level
from ttt_gui.engine import DEFAULT_TABLE_LIMIT, Engine, Limit
from ttt_gui.engine.levels import LevelPlayer

#: Table entries each engine keeps at most: bounds the window's memory (the
#: Connect Four solver's table is sized by the engine for the build that runs).
ENGINE_TABLE_LIMIT = 100_000
#: Table entries the proving engine keeps at most: a table cleared for lack of
#: room undoes the rounds' reuse of work, so it gets the engine's usual size
#: (about 150 MB when full).
PROVING_TABLE_LIMIT = DEFAULT_TABLE_LIMIT

#: One search ready to run: called with the stop token on the work's thread,
#: it returns the search's result (a SearchResult or a MoveAnalysis).
Search = Callable[[threading.Event], object]


def think_limit(config: GameConfig) -> Limit:
    """How long the computer may think under ``config``: its think time, or
    no bound where the board is solved (the search then goes to the end)."""
    return Limit() if config.solved else Limit(time=config.think_time)


class EnginePool:
    """The engines of one window. With a ``seed``, each level's choices are
    reproducible (the seed and the level name make the level's seed)."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self._players: dict[tuple[Level, Limit], LevelPlayer] = {}
        self._analysis_engines: dict[Limit, Engine] = {}
        self.prover = Prover(table_limit=PROVING_TABLE_LIMIT)

    def player(self, config: GameConfig, side: Player) -> LevelPlayer:
        """The computer playing ``side`` under ``config`` (kept, with its
        table, per strength and think time)."""
        level = config.strength_for(side)
        key = (level, think_limit(config))
        if key not in self._players:
            seed = None
            if self.seed is not None:
                seed = random.Random(f"{self.seed}:{level}").randrange(2**32)
            budget = Limit(time=think_limit(config).time, nodes=level.nodes)
            self._players[key] = LevelPlayer(
                level.lookahead,
                level.temperature,
                budget=budget,
                seed=seed,
                table_limit=ENGINE_TABLE_LIMIT,
            )
        return self._players[key]

    def analyst(self, config: GameConfig) -> Analyst:
        """The analysis pipeline of the analysis view and hints: a strong
        engine's search (exact where solvable, else the think time), then, where
        it is not exact, draw proofs for as long again, as ``ttt-gui analyse`` does."""
        limit = think_limit(config)
        if limit not in self._analysis_engines:
            self._analysis_engines[limit] = Engine(table_limit=ENGINE_TABLE_LIMIT)
        return Analyst(self._analysis_engines[limit], limit, proof_time=limit.time)

    def move_search(self, config: GameConfig, board: Board) -> Search:
        """The computer's move in ``board``."""
        player = self.player(config, board.turn)
        return lambda stop: player.search(board, stop=stop)

    def analysis_search(self, config: GameConfig, board: Board) -> Search:
        """Every move's value in ``board``."""
        analyst = self.analyst(config)
        return lambda stop: analyst.evaluate_moves(board, stop=stop)

    def proving_search(self, generation: int, config: GameConfig, board: Board) -> Search:
        """One more round of proving the analysis shown at ``generation``."""
        proving = self.prover.round(generation, think_limit(config).time)
        return lambda stop: proving.evaluate_moves(board, stop=stop)
