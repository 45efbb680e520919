"""Team competitions: value objects (:mod:`.model`), the team tie-breaks of C.07
Art. 11-13 (:mod:`.definitions`), team standings (:mod:`.standings`) and TRF26 team
records (:mod:`.trf`).  Pure Python, like the rest of :mod:`tiebreaks`."""
