// A room's table at /room/{id}: the WebSocket, its messages, the seats, the moves sent.

import {
  $, PROTOCOL, ROOT, clearError, currentLang, h, safeStorage, seatKey, seatLabel, setupLanguage, showError,
  storedSeat, t, takeSeat,
} from "./common.js";
import { addLog, arrowKeys, numberKeys, renderIdle, renderTable, setBusy } from "./view.js";

const PING_SECONDS = 25;
const BACKOFF_SECONDS = [0.5, 1, 2, 4, 8, 15];

const ERROR_CODES = {
  not_your_turn: "notYourTurn",
  spectator: "spectatorCannot",
  conflict: "conflict",
  bad_message: "badMessage",
  too_big: "tooBig",
  rate_limited: "rateLimited",
  no_room: "notFound",
};

const table = {
  roomId: "",
  seat: null,          // our seat, or null while watching
  token: null,
  room: null,          // the room summary from `welcome`, kept up to date by `room` events
  socket: null,
  attempt: 0,          // reconnections since the last welcome
  retryTimer: 0,
  pingTimer: 0,
  stopped: false,      // no more reconnecting (the room is gone, the Origin is refused)
  last: null,          // the last `table` message
  firstTable: true,    // the next `table` is the first of this connection
  logged: new Set(),   // events already in the log
  maxPly: -1,
  pending: false,      // a move was sent and its answer has not come
  announcedOver: false,
};

export function startTable(roomId) {
  table.roomId = roomId;
  $("table").hidden = false;
  $("table-title").textContent = roomId;
  $("record-link").href = new URL(`api/v1/rooms/${encodeURIComponent(roomId)}/record`, ROOT).href;
  $("turn").tabIndex = -1;
  const saved = storedSeat(roomId);
  if (saved) {
    table.seat = saved.seat;
    table.token = saved.token;
  }
  $("notation-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("notation").value.trim();
    if (text) sendMove({ notation: text });
  });
  // A tall picture at its own size is easy to read; fitted, the whole table is in view at once.
  const fit = $("fit");
  fit.checked = safeStorage("local", "get", "cardrules:fit") === "1";
  $("picture").classList.toggle("fit", fit.checked);
  fit.addEventListener("change", () => {
    $("picture").classList.toggle("fit", fit.checked);
    safeStorage("local", "set", "cardrules:fit", fit.checked ? "1" : "0");
  });
  document.addEventListener("keydown", numberKeys);
  $("choices").addEventListener("keydown", arrowKeys);
  window.addEventListener("online", () => reconnectNow());
  setupLanguage(() => {
    renderSeats();
    if (table.last) renderTable(table, table.last, false, sendMove);
    reconnectNow();
  });
  renderIdle();
  connect();
}

function socketUrl() {
  const url = new URL(`ws/v1/rooms/${encodeURIComponent(table.roomId)}`, ROOT);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  return url.href;
}

function setConnection(text) {
  $("connection").textContent = text;
}

function connect() {
  clearTimeout(table.retryTimer);
  if (table.stopped) return;
  setConnection(t("connecting"));
  let socket;
  try {
    socket = new WebSocket(socketUrl());
  } catch (error) {
    showError(error.message);
    return;
  }
  table.socket = socket;
  table.firstTable = true;
  socket.addEventListener("open", () => {
    // The token travels in the first message, never in the address (addresses end up in logs).
    send({ type: "hello", protocol: PROTOCOL, token: table.token, lang: currentLang() });
  });
  socket.addEventListener("message", (event) => {
    if (socket !== table.socket) return;
    let message;
    try {
      message = JSON.parse(event.data);
    } catch {
      return;
    }
    if (message && typeof message === "object") receive(message);
  });
  socket.addEventListener("close", (event) => {
    if (socket !== table.socket) return;
    table.socket = null;
    clearInterval(table.pingTimer);
    closed(event);
  });
}

function send(message) {
  const socket = table.socket;
  if (!socket || socket.readyState !== WebSocket.OPEN) return false;
  socket.send(JSON.stringify(message));
  return true;
}

function closed(event) {
  table.pending = false;
  setBusy(false);
  if (event.code === 4403) {
    table.stopped = true;
    showError(t("badOrigin"));
  } else if (event.code === 4404) {
    table.stopped = true;
    showError(t("notFound"));
  } else if (event.code === 1009) {
    showError(t("tooBig"));
  } else if (event.code === 4429) {
    showError(t("rateLimited"));
  } else if (event.code === 4401) {
    forgetSeat();
  }
  if (table.stopped) {
    setConnection(t("offline"));
    return;
  }
  scheduleReconnect();
}

function scheduleReconnect() {
  const base = BACKOFF_SECONDS[Math.min(table.attempt, BACKOFF_SECONDS.length - 1)];
  table.attempt += 1;
  // A little jitter, so that every page of a restarted server does not knock at the same instant.
  const seconds = base * (0.8 + Math.random() * 0.4);
  setConnection(t("reconnecting", { seconds: Math.ceil(seconds) }));
  clearTimeout(table.retryTimer);
  table.retryTimer = setTimeout(connect, seconds * 1000);
}

function reconnectNow() {
  if (table.stopped) return;
  const socket = table.socket;
  table.socket = null;
  clearInterval(table.pingTimer);
  if (socket) socket.close(1000, "reconnecting");
  table.attempt = 0;
  connect();
}

function forgetSeat() {
  safeStorage("session", "remove", seatKey(table.roomId));
  table.seat = null;
  table.token = null;
  showError(t("seatLost"));
}

function receive(message) {
  switch (message.type) {
    case "welcome":
      welcome(message);
      break;
    case "table": {
      const moved = table.pending;
      table.pending = false;
      // The move this page sent is in: its notation box starts empty for the next one.
      if (moved) $("notation").value = "";
      const before = table.last;
      renderTable(table, message, true, sendMove);
      if (!before || before.over !== table.last.over) renderSeats();
      break;
    }
    case "error":
      serverError(message);
      break;
    case "room":
      roomEvent(message);
      break;
    default:
      break;  // pong, and whatever a later protocol adds
  }
}

function welcome(message) {
  table.attempt = 0;
  setConnection(t("connected"));
  if (message.room && typeof message.room === "object") table.room = message.room;
  const seat = Number.isInteger(message.seat) ? message.seat : null;
  if (table.token && seat === null) forgetSeat();
  table.seat = seat;
  clearInterval(table.pingTimer);
  table.pingTimer = setInterval(() => send({ type: "ping" }), PING_SECONDS * 1000);
  const title = table.room?.title ?? table.room?.game ?? table.roomId;
  $("table-title").textContent = title;
  renderSeats();
}

function serverError(message) {
  table.pending = false;
  setBusy(false);
  const code = typeof message.code === "string" ? message.code : "";
  if (code.includes("token")) {
    forgetSeat();
    reconnectNow();
    return;
  }
  if (code === "no_room") table.stopped = true;
  const key = ERROR_CODES[code];
  const text = code === "illegal" || !key
    ? (typeof message.message === "string" && message.message) || t("badMessage")
    : t(key);
  showError(text);
  if (code === "illegal" && document.activeElement === $("notation")) $("notation").select();
}

function roomEvent(message) {
  const seat = Number.isInteger(message.seat) ? message.seat : null;
  if (message.event === "seat_taken" && seat !== null) {
    const known = table.room?.seats?.find((entry) => entry.seat === seat);
    if (known) {
      known.name = typeof message.name === "string" ? message.name : known.name;
      known.free = false;
    }
    renderSeats();
    addLog(t("seatTaken", { name: message.name ?? "?", seat }), "room");
  } else if (message.event === "bot_failed") {
    const text = t("botFailed", { seat: seat ?? "?", message: message.message ?? "" });
    addLog(text, "room");
    showError(text);
  }
}

function renderSeats() {
  const items = [];
  const watching = table.seat === null;
  for (const seat of table.room?.seats ?? []) {
    const item = h("li", {}, h("span", { text: seatLabel(seat, seat.seat === table.seat) }));
    if (watching && seat.free && !table.last?.over) {
      item.append(" ", h("button", {
        type: "button",
        class: "join",
        "data-seat": String(seat.seat),
        text: t("join", { seat: seat.seat }),
        onclick: () => joinFromTable(seat.seat),
      }));
    }
    items.push(item);
  }
  const list = $("seats");
  list.replaceChildren(...items);
  if (watching && (table.room?.seats ?? []).some((seat) => seat.free)) {
    const id = "table-name";
    const input = h("input", { id, type: "text", maxlength: "24", autocomplete: "nickname", spellcheck: "false" });
    input.value = safeStorage("local", "get", "cardrules:name") || "";
    list.append(h("li", { class: "name-row" }, h("label", { for: id, text: t("yourName") }), input));
  }
}

async function joinFromTable(seat) {
  const input = $("table-name");
  const name = input ? input.value.trim() : "";
  if (!name) {
    showError(t("nameNeeded"));
    input?.focus();
    return;
  }
  safeStorage("local", "set", "cardrules:name", name);
  try {
    const answer = await takeSeat(table.roomId, seat, name);
    table.seat = answer.seat;
    table.token = answer.token;
    clearError();
    reconnectNow();
  } catch (error) {
    showError(error.message);
  }
}

function sendMove(move) {
  if (table.pending) return;
  clearError();
  if (send({ type: "move", ...move })) {
    table.pending = true;
    setBusy(true);
  } else {
    showError(t("offline"));
  }
}
