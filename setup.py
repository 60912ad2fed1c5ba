"""Which packages the wheel holds: every package under gamekit/ (a new title's folder
needs no line anywhere), plus docs/, which pyproject.toml maps into it as data."""

from setuptools import find_packages, setup

setup(packages=[*find_packages(include=["gamekit", "gamekit.*"]), "gamekit.docs"])
