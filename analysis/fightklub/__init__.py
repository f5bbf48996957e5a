"""Fight Klub's analysis: the shipped data and the game played with it, the case files,
the play policies."""
