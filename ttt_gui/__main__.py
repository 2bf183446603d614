"""Entry point for ``python -m ttt_gui`` and the packaged executable."""

try:
    from ttt_gui.cli.start import main
except KeyboardInterrupt:  # Ctrl+C before cli.start has set its handlers: end as they do
    raise SystemExit(130) from None  # 128 + SIGINT

if __name__ == "__main__":
    raise SystemExit(main())
