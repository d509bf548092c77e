"""The Underworld beneath a game of the Upper World (Heroes in the Underworld, "The Underworld and Return
of the Heroes / In the Shadow of the Dragon"): what every combination with the Underworld shares - its
part of the one state and the view its rules read it by, the gates, the Evil Marks, the fall - over
the game above named by each combination (``upper.Upper``)."""
