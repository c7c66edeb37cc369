"""discord package."""
