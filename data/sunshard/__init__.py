"""Sunshard:Embren data."""
