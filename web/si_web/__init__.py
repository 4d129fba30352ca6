"""Small Islands UI package (placeholder until the UI modules land)."""
