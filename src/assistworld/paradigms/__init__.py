"""The ways of acting an assistant can be evaluated in, one package per paradigm. The core never
imports a paradigm and a paradigm never imports another; each is found through
:mod:`assistworld.core.registry`."""
