"""Statistics of results: the one Bradley-Terry fit, the bootstrap over deals, LOS, SPRT.

``pairwise`` turns each game's places into pairwise outcomes; ``bradley_terry`` fits
ratings from them (all free, or some held fixed); ``deals`` resamples whole deals for
intervals; ``sprt`` decides a duel early; ``stats`` holds the few distributions used.
"""
