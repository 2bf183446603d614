"""What the engine says about a position or a game: analysis, proving, review."""
