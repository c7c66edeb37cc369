"""Warhammer Underworlds data: boards, warbands, fighters, cards, starter decks and rulings (sources in each file)."""
