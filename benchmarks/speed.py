"""Print the speed table: decisions/s and games/s per title, full API and lean path.

    python benchmarks/speed.py [--seconds 1] [--rounds 10] [--titles hats ...] [--no-references]

With the ``bench`` extra (OpenSpiel, RLCard) installed, the same run also plays
their reference games at random and prints each ratio. ``gamekit bench`` runs
the same code.
"""

from gamekit.simulation_bench import main

if __name__ == "__main__":
    main()
