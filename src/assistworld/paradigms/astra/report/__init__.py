"""What a conversation run adds to the report: the paper's tables, sections, plots, a scenario's
page, summary data."""
