"""AppBench as a paradigm: plan the API calls a request needs across apps, scored as the paper
does (``paper``), correctly (``corrected``) and by running the plan (``executed``)."""
