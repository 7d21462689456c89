// The browser table of `cardrules serve`: the lobby at / and a room's table at /room/{id}.
// Plain ES modules, no framework, no build step. They speak protocol v1 (docs/server-protocol.md).
// The server's SVG is shown through an <img> (a data: URL), where nothing in it can run.

import { $, applyLanguage, clearError } from "./common.js";
import { startLobby } from "./lobby.js";
import { startTable } from "./table.js";

function start() {
  applyLanguage();
  $("error-close").addEventListener("click", () => clearError());
  const match = /\/room\/([^/]+)\/?$/.exec(window.location.pathname);
  if (match) startTable(decodeURIComponent(match[1]));
  else startLobby();
}

start();
