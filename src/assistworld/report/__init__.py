"""Reading results: terminal tables now, the HTML report next."""
