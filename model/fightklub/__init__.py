"""Fight Klub TCG: cards, decks and collections, energy and costs (rules only)."""
