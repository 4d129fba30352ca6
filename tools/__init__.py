"""Build and dev-server tools for the Small Islands web app (standard library only)."""
