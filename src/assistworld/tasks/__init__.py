"""Kept so that task files written before tasks moved to :mod:`assistworld.paradigms.aspera`
still run themselves (``python my_task.py``): their last lines import ``run_file`` from
:mod:`assistworld.tasks.debug`. New task files import it from
:mod:`assistworld.paradigms.aspera.tasks.debug`."""
