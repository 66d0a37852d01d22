"""The PDF renderer: turns a validated `Book` into a ReportLab platypus document."""
