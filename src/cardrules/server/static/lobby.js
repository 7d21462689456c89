// The lobby at /: the open rooms, a free seat to take, a room to create.

import {
  $, api, clearError, h, roomUrl, safeStorage, seatLabel, setupLanguage, showError, t, takeSeat,
} from "./common.js";

const lobby = { games: [] };

function playerName() {
  return $("player-name").value.trim();
}

export async function startLobby() {
  $("lobby").hidden = false;
  document.title = t("appName");
  const name = $("player-name");
  name.value = safeStorage("local", "get", "cardrules:name") || "";
  name.addEventListener("change", () => safeStorage("local", "set", "cardrules:name", playerName()));
  $("refresh").addEventListener("click", () => refreshRooms());
  $("create-game").addEventListener("change", () => chooseGame());
  $("create-players").addEventListener("input", () => renderSeatChoices());
  $("create").addEventListener("submit", (event) => {
    event.preventDefault();
    createRoom();
  });
  addSitDownBox();
  setupLanguage(() => {
    document.title = t("appName");
    fillGames();
    renderRooms(lobby.rooms ?? []);
  });
  try {
    const answer = await api("api/v1/games");
    lobby.games = Array.isArray(answer.games) ? answer.games : [];
  } catch (error) {
    showError(error.message);
  }
  fillGames();
  await refreshRooms();
}

function addSitDownBox() {
  const box = h("input", { type: "checkbox", id: "create-sit", checked: true });
  const label = h("label", { for: "create-sit", "data-i18n": "sitDown", text: t("sitDown") });
  $("create-submit").before(h("div", { class: "field check" }, box, label));
}

function fillGames() {
  const select = $("create-game");
  const chosen = select.value;
  select.replaceChildren(...lobby.games.map((game) => h("option", { value: game.name, text: game.title })));
  if (chosen) select.value = chosen;
  chooseGame();
}

function currentGame() {
  return lobby.games.find((game) => game.name === $("create-game").value) ?? null;
}

function chooseGame() {
  const game = currentGame();
  const players = $("create-players");
  const presets = $("create-preset");
  const chosenPreset = presets.value;
  presets.replaceChildren(h("option", { value: "", text: t("presetDefault") }));
  if (game) {
    players.min = game.players.min;
    players.max = game.players.max;
    const count = Number(players.value);
    if (!(count >= game.players.min && count <= game.players.max)) {
      players.value = Math.max(game.players.min, Math.min(2, game.players.max));
    }
    for (const preset of game.presets ?? []) presets.append(h("option", { value: preset, text: preset }));
    if ((game.presets ?? []).includes(chosenPreset)) presets.value = chosenPreset;
  }
  renderSeatChoices();
}

function renderSeatChoices() {
  const game = currentGame();
  const holder = $("create-seats");
  const before = [...holder.querySelectorAll("select")].map((select) => select.value);
  const count = Math.max(0, Math.min(Number($("create-players").value) || 0, game ? game.players.max : 9));
  const rows = [];
  for (let seat = 0; seat < count; seat += 1) {
    const id = `create-seat-${seat}`;
    const select = h("select", { id, dataset: { seat: String(seat) } }, h("option", { value: "", text: t("aPerson") }));
    for (const bot of game?.bots ?? []) select.append(h("option", { value: bot, text: t("botNamed", { name: bot }) }));
    if (before[seat] !== undefined) select.value = before[seat];
    rows.push(h("div", { class: "seat-choice" }, h("label", { for: id, text: t("seat", { seat }) }), select));
  }
  holder.replaceChildren(...rows);
}

async function refreshRooms() {
  try {
    const answer = await api("api/v1/rooms");
    lobby.rooms = Array.isArray(answer.rooms) ? answer.rooms : [];
    renderRooms(lobby.rooms);
  } catch (error) {
    showError(error.message);
  }
}

function renderRooms(rooms) {
  $("rooms-empty").hidden = rooms.length > 0;
  $("rooms").replaceChildren(...rooms.map(roomItem));
}

function roomItem(room) {
  const headingId = `room-${room.id}`;
  const seats = h("ul", { class: "room-seats" });
  for (const seat of room.seats ?? []) {
    const item = h("li", {}, h("span", { text: seatLabel(seat, false) }));
    if (seat.free && !room.over) {
      item.append(" ", h("button", {
        type: "button",
        class: "join",
        "data-room": room.id,
        "data-seat": String(seat.seat),
        text: t("join", { seat: seat.seat }),
        onclick: () => joinFromLobby(room.id, seat.seat),
      }));
    }
    seats.append(item);
  }
  const status = `${t("moves", { plies: room.plies })} · ${room.over ? t("finished") : t("inPlay")}`;
  return h("li", { class: "room", "aria-labelledby": headingId },
    h("h3", { id: headingId }, h("span", { text: room.title ?? room.game }), " ", h("code", { text: room.id })),
    h("p", { class: "room-status", text: status }),
    seats,
    h("p", {}, h("a", { href: roomUrl(room.id).href, class: "watch", text: room.over ? t("open") : t("watch") })));
}

async function joinFromLobby(roomId, seat) {
  const name = playerName();
  if (!name) {
    showError(t("nameNeeded"));
    $("player-name").focus();
    return;
  }
  safeStorage("local", "set", "cardrules:name", name);
  try {
    await takeSeat(roomId, seat, name);
    window.location.assign(roomUrl(roomId).href);
  } catch (error) {
    showError(error.message);
    refreshRooms();
  }
}

async function createRoom() {
  clearError();
  const game = currentGame();
  if (!game) return;
  const body = { game: game.name, players: Number($("create-players").value) };
  const preset = $("create-preset").value;
  if (preset) body.preset = preset;
  const bots = {};
  for (const select of $("create-seats").querySelectorAll("select")) {
    if (select.value) bots[select.dataset.seat] = select.value;
  }
  if (Object.keys(bots).length) body.bots = bots;
  const rulesText = $("create-rules").value.trim();
  if (rulesText) {
    try {
      body.rules = JSON.parse(rulesText);
    } catch (error) {
      showError(error.message);
      $("create-rules").focus();
      return;
    }
  }
  const seedText = $("create-seed").value.trim();
  if (seedText) body.seed = Number(seedText);
  const sit = $("create-sit").checked;
  const name = playerName();
  if (sit && !name) {
    showError(t("nameNeeded"));
    $("player-name").focus();
    return;
  }
  const button = $("create-submit");
  button.disabled = true;
  try {
    const room = await api("api/v1/rooms", { method: "POST", body });
    const free = (room.seats ?? []).find((seat) => seat.free);
    if (sit && free) {
      safeStorage("local", "set", "cardrules:name", name);
      await takeSeat(room.id, free.seat, name);
    }
    window.location.assign(roomUrl(room.id).href);
  } catch (error) {
    showError(error.message);
  } finally {
    button.disabled = false;
  }
}
