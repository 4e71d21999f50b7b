"""Running an untrusted *command* (an external agent: any program, any language) confined.

The sandbox's zygote runs candidate programs it forked itself; an external agent is a command
of the user's choosing, so it is started afresh in a view of the machine of its own:

* ``reach``: what the command needs to see (its executable's installation prefix, the files
  its arguments name) and what it must never see (the bundled suites, the caches), worked out
  by the harness;
* ``view``: the minimal root built in a private mount namespace (system directories read-only,
  the command's needs read-only, a fresh home, ``/tmp`` and ``/dev``, nothing else of the host);
* ``launcher``: the short-lived root process that builds the view, starts the command as pid 2
  of a pid namespace of its own under a uid of its own, and reports how it ended.

``launcher`` and ``view`` use the standard library only and are run by file path
(``python -I -S``), so that an episode's start does not pay for importing this package.
"""
