"""Entry point for ``python -m ttt_gui`` and the packaged executable."""

from ttt_gui.cli.start import main

if __name__ == "__main__":
    raise SystemExit(main())
