"""The apps of the one simulated world, one package per family: ``workplace`` (the ASPERA
library: time utilities, calendar, directory, rooms) and ``services`` (the fifteen AppBench apps:
hotels, rental cars, trains, restaurants, weather, ...). Apps know the world; the world does not
know them."""
