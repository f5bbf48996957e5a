"""What is computed over Monsters Masters & Mobsters' rules: the shipped card set and
the game on it, the exhaustive survey of the setup phase, the play policy."""
