"""ttt_gui: Noxo, tic-tac-toe and m,n,k games in a Tk window, with a negamax engine."""

__version__ = "0.1.0"

#: The program's own name, shown in the title bar, About, the menus and the
#: software centres. A name, never translated; the package and the command
#: stay ``ttt-gui``.
PROGRAM_NAME = "Noxo"
