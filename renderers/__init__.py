"""renderers package."""
