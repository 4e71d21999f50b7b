"""ASPERA: the agent writes one program against the assistant library; a task is a query, a
reference program and (setup, evaluation) program pairs."""
