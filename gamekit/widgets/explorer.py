"""The what-if explorer's widget (ipywidgets): sliders, the exact value, "Deal 100 more"
and the convergence chart, drawn offline as SVG. Made by ``gamekit.explore``.

>>> from gamekit.explorers import exploration
>>> w = ExplorerWidget(exploration("hats-6", seed=2))
>>> w.exploration.games, w.sliders["t"].value
(100, 7)
>>> w.sliders["t"].value = 9  # a new point: the exact value and a fresh simulation
>>> w.exploration.exact(), w.exploration.games
(7/9, 100)
>>> w.more.click(); w.exploration.games
200
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets

from gamekit.core.i18n import CORE, language
from gamekit.explorers import BATCH, Exploration


class ExplorerWidget(ipywidgets.VBox):  # type: ignore[misc]
    """An :class:`~gamekit.explorers.Exploration` on screen. Moving a slider recomputes
    the exact value and starts a fresh simulation of ``BATCH`` games; the button deals
    ``BATCH`` more. A point that makes no game says why and keeps the last good one."""

    def __init__(self, exploration: Exploration, lang: str | None = None) -> None:
        self.exploration = exploration
        self.lang = lang
        ex = exploration.explorer
        with language(lang):
            heading = f"<b>{escape(str(ex.question))}</b><br><i>{escape(str(ex.conditions))}</i>"
            self.sliders: dict[str, Any] = {s.name: _control(s, exploration.point[s.name])
                                            for s in ex.sliders}  # fmt: skip
            self.more = ipywidgets.Button(description=str(CORE("Deal {n} more", n=BATCH)))
        self.values = ipywidgets.HTML()
        self.problem = ipywidgets.HTML()
        self.picture = ipywidgets.HTML()
        for control in self.sliders.values():
            control.observe(self._moved, names="value")
        self.more.on_click(self._deal)
        super().__init__(
            [ipywidgets.HTML(heading), *self.sliders.values(), self.problem, self.values,
             self.more, self.picture]
        )  # fmt: skip
        self._deal()

    def _moved(self, change: Any = None) -> None:
        point = {name: control.value for name, control in self.sliders.items()}
        try:
            self.exploration.set(**point)
        except ValueError as err:
            self.problem.value = f"<span style='color:#9a6700'>{escape(str(err))}</span>"
            return
        self.problem.value = ""
        if not self.exploration.games:
            self._deal()

    def _deal(self, button: Any = None) -> None:
        self.exploration.deal(BATCH)
        self._draw()

    def _draw(self) -> None:
        from gamekit import charts

        with language(self.lang):
            text = self.exploration.summary()
            self.values.value = "<br>".join(escape(line) for line in text.splitlines())
            self.picture.value = charts.to_svg(self.exploration.chart())

    def __repr__(self) -> str:
        with language(self.lang):
            return f"{self.exploration.explorer.question}\n{self.exploration.summary()}"


def _control(slider: Any, value: Any) -> Any:
    """An ``IntSlider`` for a whole number, a ``Dropdown`` for choices."""
    style = {"description_width": "initial"}
    if slider.choices:
        options = [(str(label), v) for v, label in slider.choices]
        return ipywidgets.Dropdown(
            options=options, value=value, description=str(slider.label), style=style
        )
    return ipywidgets.IntSlider(
        value=value,
        min=slider.low,
        max=slider.high,
        description=str(slider.label),
        style=style,
        continuous_update=False,
    )
