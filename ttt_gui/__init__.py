"""ttt_gui: tic-tac-toe and m,n,k games in a Tk window, with a negamax engine."""

__version__ = "0.1.0"
