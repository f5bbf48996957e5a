"""What is computed over Fantasy Fight Club: its shipped tables and warbands read."""
