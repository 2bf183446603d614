"""One window's logic, Tk-free: the game, the presenter and its parts, the view state.

The window (:mod:`ttt_gui.gui`) runs every click, key and menu item as a
command by its action id (:mod:`~ttt_gui.app.commands` says which part's
method handles it) and paints the :class:`~ttt_gui.app.view_state.ViewState`
it gets back; tests call the same methods without a display. The rooms:

==========================  ==========================================================
The game
``session``                 one game in its mode: history, undo and redo, scores, the
                            search it needs next
``engine_pool``             the engines behind the window and their tables; each search
                            handed out ready to run
``jobs``, ``work``          the search thread, and the searches one window runs in it
The presenter and its parts
``presenter``               the host of the parts: composes the view, schedules work
``commands``                each action id and the part's method that handles it
``moves``                   the board's commands: a move, undo and redo, the move list
``game_setup``              a new game, the mode, sides, levels, board, think time
``new_game``                the New game page and the recent setups
``coach``                   the hint and the review of a game
``transfer``                copy and paste, save and open
``kept_games``              the unfinished game kept for the next start; Resume…
``display``                 how the window looks: analysis, themes, zoom, help texts
``sounds``                  what the game plays and when
``settings_saving``         saving the settings without waiting on another window
``problem_report``          unexpected errors and Help › Report a problem
``language_choice``         View › Language
``puzzle_play``             Game › Puzzles: a puzzle played on the board, judged move
                            by move
``puzzle_rating``           the player's puzzle rating; the next puzzle chosen near it
What the window shows
``view_state``              everything the window paints, as one immutable value
``game_words``, ``refusals``  the game and its refusals in the player's words
``puzzle_words``            a puzzle in the player's words: its title, turn, score
                            line, the verdict on a move
``statistics``, ``motion``  the statistics in words; which cells move and when
``actions``, ``mnemonics``  the menus and their keys as one table; access letters
``key_names``               keys in words (Ctrl or Cmd, the player's language); the
                            keyboard-shortcuts help
``ports``                   what the presenter asks of the world: dialogs, clipboard,
                            the sound player
==========================  ==========================================================

**To add a command**, write its method on the part it belongs to, list it in
that part's ``commands()`` under an action id, and add one row to the table
in :mod:`~ttt_gui.app.actions`: its label, the action id, its keys and, if it
does not always apply, its enabled-when test. The menu entry, the
accelerator, the key binding, the shortcuts help and every text that names
the key follow from that row; a test checks that every row's action id has
a handler, and a presenter test calls the method without a display.

**To add a board variant**, give :class:`~ttt_gui.board.Board` its rule and
:class:`~ttt_gui.config.Shape` its field and its words (``shape_label`` in
``config/labels.py``: one whole message per combination of rules), then make
every engine shortcut hold under it or switch it off (``engine/state.py``,
``threats.py``, ``pairing.py`` and ``zones.py`` say which rules they assume),
and add the variant to ``tests/variant_reference.py``, whose plain minimax
the engine must then match on every reachable position of a small board.
"""
