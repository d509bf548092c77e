"""The Heroes family combined (issue 44): the games the owners of several boxes play together.

Under the Shadow of the Dragon "as an Expansion Set" for Return of the Heroes is the first: the 25
region maps in a 5 by 5 square, the Dragon in the bag, deeds at the Capital, the game ending when
the Dragon or the Nameless falls. This package may import the single games it combines, as
``overlord.games.registry.COMBINES`` declares; they never import it (``tests/test_layers.py``).

One state holds both games' fields (:mod:`.state`); each box's rules run on it unchanged through
a lens (:mod:`.lenses`): the combined content as that game's own types, every counter of the other
box translated. What the combination adds or changes is written here, citing the books.
"""
