"""Notebooks are saved without the table's outputs: a reopened notebook would show
"Error displaying widget: model not found" (the table lives in the kernel only).

>>> cell = {"cell_type": "code", "outputs": [{"output_type": "display_data",
...     "data": {"application/vnd.jupyter.widget-view+json": {}, "text/plain": "x"}}]}
>>> strip_widget_outputs({"cells": [cell]})
1
>>> cell["outputs"]
[]

In JupyterLab, drop them at every save with ``jupyter_server_config.py``::

    from gamekit.widgets.saving import pre_save_hook
    c.FileContentsManager.pre_save_hook = pre_save_hook
"""

from __future__ import annotations

from typing import Any

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
TABLE_REPR = "<gamekit.widgets.table.Table object at"


def is_widget_output(output: Any) -> bool:
    """``output`` (a cell output as JSON) draws a widget, or is a table's dead text."""
    data = output.get("data", {}) if isinstance(output, dict) else {}
    plain = data.get("text/plain", "")
    text = "".join(plain) if isinstance(plain, list) else str(plain)
    return WIDGET_VIEW in data or TABLE_REPR in text


def strip_widget_outputs(notebook: dict[str, Any]) -> int:
    """Drop every widget output (and the saved widget state) from ``notebook`` in place;
    returns how many outputs were dropped."""
    dropped = 0
    for cell in notebook.get("cells", []):
        outputs = cell.get("outputs")
        if not isinstance(outputs, list):
            continue
        kept = [out for out in outputs if not is_widget_output(out)]
        dropped += len(outputs) - len(kept)
        cell["outputs"] = kept
    notebook.get("metadata", {}).pop("widgets", None)
    return dropped


def pre_save_hook(model: dict[str, Any], **_kwargs: Any) -> None:
    """A Jupyter server ``pre_save_hook``: a notebook is saved without widget outputs."""
    if model.get("type") == "notebook" and isinstance(model.get("content"), dict):
        strip_widget_outputs(model["content"])
