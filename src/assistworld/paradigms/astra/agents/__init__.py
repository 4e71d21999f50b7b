"""What plays a scenario: the assistant (tool calls, programs, replays), the simulated user, the
conversation between them."""
