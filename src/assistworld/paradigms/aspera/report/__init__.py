"""What a program run adds to the report: program statistics, references, complexity columns and its
task page."""
