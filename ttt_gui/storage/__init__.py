"""Files on disk: bounded reads, atomic writes, locks; settings, saved and unfinished
games; the crash log."""
