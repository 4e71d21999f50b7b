"""Running a suite: build a run from settings (``build``), carry it out with bounded concurrency,
durable results and resume (``session``, ``batch``)."""
