"""What is computed over the Power Source dice duel: its shipped characters read, exact odds, play policies."""
