"""What is computed over the Power Source dice duel: shipped characters read, exact odds."""
