"""The apps of the one simulated world, one package per family: ``workplace`` (the ASPERA
library: time utilities, calendar, directory, rooms). Apps know the world; the world does not know
them."""
