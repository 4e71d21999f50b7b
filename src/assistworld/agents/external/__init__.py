"""Agents that act from outside the harness: any program speaking MCP, one episode per task.

Only :mod:`.setup` is light; the episode server, the endpoint and the agent import the MCP SDK
(the ``mcp`` extra) and are imported by what serves episodes.
"""
