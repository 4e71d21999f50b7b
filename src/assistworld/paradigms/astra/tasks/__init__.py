"""What a scenario is: its model, its YAML files and their checks, the app family it names,
listing."""
