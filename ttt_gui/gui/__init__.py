"""The Tk view: the only package that imports tkinter."""
