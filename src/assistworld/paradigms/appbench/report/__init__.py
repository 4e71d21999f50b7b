"""What a planning run adds to the report: its sections and plots."""
