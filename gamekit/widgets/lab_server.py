"""A JupyterLab server setting that makes the tables answer a click at once.

Jupyter's server relays the kernel's messages to the page over a websocket
without ``TCP_NODELAY``. A kernel answers a click with several small messages
(busy, the table's update, idle); with Nagle's algorithm each waits for the
page to acknowledge the previous one, and browsers delay that acknowledgement
up to 40 ms. :class:`NoDelayConnection` turns the delay off for each kernel
connection. ``./kit`` names it in ``.venv/etc/jupyter/jupyter_server_config.json``
and the browser tests pass it on the command line (:data:`SETTING`). In another
JupyterLab, add to ``jupyter_server_config.json``::

    {"ServerApp": {"kernel_websocket_connection_class":
                   "gamekit.widgets.lab_server.NoDelayConnection"}}

It only changes how fast messages leave, never what they say.
"""

from __future__ import annotations

import asyncio

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

SETTING = (
    "--ServerApp.kernel_websocket_connection_class=gamekit.widgets.lab_server.NoDelayConnection"
)
"""The command-line option that turns it on."""


class NoDelayConnection(ZMQChannelsWebsocketConnection):
    """The standard kernel connection, with ``TCP_NODELAY`` on its websocket."""

    def connect(self) -> asyncio.Future[None] | None:  # type: ignore[override]  # as its base
        """Connect as usual, after turning Nagle's algorithm off for this websocket."""
        self.websocket_handler.set_nodelay(True)
        return super().connect()
