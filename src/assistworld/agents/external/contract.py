"""What an outside agent can rely on, apart from the code that serves it: the environment
variable its episode's URL is in, and how long an episode may last unless told."""

URL_VARIABLE = "ASSISTWORLD_MCP_URL"
DEFAULT_TIME_LIMIT = 600.0
"""Seconds an episode may last by default (an agent asks its model many times)."""

__all__ = ["DEFAULT_TIME_LIMIT", "URL_VARIABLE"]
