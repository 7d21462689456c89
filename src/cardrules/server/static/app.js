// The browser table of `cardrules serve`: the lobby at / and a room's table at /room/{id}.
// Plain ES module, no framework, no build step. It speaks protocol v1 (docs/server-protocol.md).
// Every text from the server or another player goes into the page through textContent or an
// attribute, never as markup; the server's SVG is shown through an <img> (a data: URL), where
// nothing in it can run.

const PROTOCOL = 1;
// The app may be mounted under a prefix: every address is built from where this file was served.
const ROOT = new URL("../", import.meta.url);
const LANGS = ["en", "es", "fr"];
const MAX_LOG = 400;
const PING_SECONDS = 25;
const BACKOFF_SECONDS = [0.5, 1, 2, 4, 8, 15];

const STRINGS = {
  en: {
    skip: "Skip to the table",
    appName: "cardrules: play together",
    language: "Language",
    dismiss: "Dismiss",
    you: "You",
    yourName: "Your name",
    openRooms: "Open rooms",
    refresh: "Refresh",
    noRooms: "No open rooms yet: create one below.",
    createRoom: "Create a room",
    game: "Game",
    players: "Players",
    preset: "Rules preset",
    presetDefault: "The game's default rules",
    seatsLegend: "Who sits where",
    aPerson: "A person",
    botNamed: "Bot: {name}",
    advanced: "More options",
    rulesJson: "Rules (the library's JSON of the game's rules; overrides the preset)",
    seed: "Seed (empty: random)",
    sitDown: "Take the first free seat myself",
    create: "Create the room",
    backToLobby: "Back to the lobby",
    questionHeading: "A question for you",
    tableAsText: "The table as text",
    fit: "Fit the picture to the window",
    yourMoves: "Your moves",
    movesHelp: "Press 1 to 9 for the first nine moves, Up, Down, Home and End to walk them, or type a move's notation and press Enter.",
    noMoves: "Nothing to decide now.",
    watching: "You are watching. Take a free seat to play.",
    notation: "Move in notation",
    play: "Play",
    seats: "Seats",
    finalScore: "Final score",
    record: "The game's record (JSON)",
    log: "What happened",
    seat: "Seat {seat}",
    seatNamed: "Seat {seat}: {name}",
    seatBot: "Seat {seat}: bot {bot}",
    seatFree: "Seat {seat}: free",
    youMark: "(you)",
    join: "Join seat {seat}",
    watch: "Watch",
    open: "Open",
    moves: "{plies} moves",
    finished: "finished",
    inPlay: "in play",
    yourTurn: "Your turn.",
    yourQuestion: "Your turn: answer the question.",
    toMove: "{who} to play.",
    gameOver: "The game is over.",
    waiting: "Waiting for the table…",
    picture: "The table",
    connecting: "Connecting…",
    connected: "Connected",
    reconnecting: "Connection lost; trying again in {seconds} s…",
    offline: "Not connected",
    nameNeeded: "Write your name first.",
    seatTaken: "{name} sits at seat {seat}.",
    botFailed: "The bot at seat {seat} failed: {message}",
    roomCreated: "Room {id} created.",
    notFound: "This room does not exist (any more).",
    badOrigin: "The server refused this page's address (Origin).",
    tooBig: "The message was too long.",
    rateLimited: "Too many messages: slow down.",
    notYourTurn: "It is not your turn.",
    spectatorCannot: "Spectators cannot move: take a free seat.",
    conflict: "Another move came first; the table is up to date again.",
    badMessage: "The server did not understand a message from this page.",
    seatLost: "Your seat's token was refused; you are watching now.",
    httpError: "The server answered {status}.",
    networkError: "The server cannot be reached.",
    move: "Move {key}",
  },
  es: {
    skip: "Saltar a la mesa",
    appName: "cardrules: jugar juntos",
    language: "Idioma",
    dismiss: "Cerrar",
    you: "Tú",
    yourName: "Tu nombre",
    openRooms: "Salas abiertas",
    refresh: "Actualizar",
    noRooms: "Todavía no hay salas abiertas: crea una abajo.",
    createRoom: "Crear una sala",
    game: "Juego",
    players: "Jugadores",
    preset: "Reglas predefinidas",
    presetDefault: "Las reglas por defecto del juego",
    seatsLegend: "Quién se sienta dónde",
    aPerson: "Una persona",
    botNamed: "Bot: {name}",
    advanced: "Más opciones",
    rulesJson: "Reglas (el JSON de la biblioteca para las reglas del juego; sustituye a las predefinidas)",
    seed: "Semilla (vacía: al azar)",
    sitDown: "Sentarme en el primer asiento libre",
    create: "Crear la sala",
    backToLobby: "Volver a las salas",
    questionHeading: "Una pregunta para ti",
    tableAsText: "La mesa en texto",
    fit: "Ajustar la imagen a la ventana",
    yourMoves: "Tus jugadas",
    movesHelp: "Pulsa 1 a 9 para las nueve primeras jugadas, Arriba, Abajo, Inicio y Fin para recorrerlas, o escribe la notación de una jugada y pulsa Intro.",
    noMoves: "Nada que decidir ahora.",
    watching: "Estás mirando. Toma un asiento libre para jugar.",
    notation: "Jugada en notación",
    play: "Jugar",
    seats: "Asientos",
    finalScore: "Puntuación final",
    record: "El registro de la partida (JSON)",
    log: "Lo que ha pasado",
    seat: "Asiento {seat}",
    seatNamed: "Asiento {seat}: {name}",
    seatBot: "Asiento {seat}: bot {bot}",
    seatFree: "Asiento {seat}: libre",
    youMark: "(tú)",
    join: "Sentarse en el asiento {seat}",
    watch: "Mirar",
    open: "Abrir",
    moves: "{plies} jugadas",
    finished: "terminada",
    inPlay: "en juego",
    yourTurn: "Te toca.",
    yourQuestion: "Te toca: responde a la pregunta.",
    toMove: "Le toca a {who}.",
    gameOver: "La partida ha terminado.",
    waiting: "Esperando la mesa…",
    picture: "La mesa",
    connecting: "Conectando…",
    connected: "Conectado",
    reconnecting: "Conexión perdida; nuevo intento en {seconds} s…",
    offline: "Sin conexión",
    nameNeeded: "Escribe primero tu nombre.",
    seatTaken: "{name} se sienta en el asiento {seat}.",
    botFailed: "El bot del asiento {seat} ha fallado: {message}",
    roomCreated: "Sala {id} creada.",
    notFound: "Esta sala no existe (o ya no existe).",
    badOrigin: "El servidor ha rechazado la dirección de esta página (Origin).",
    tooBig: "El mensaje era demasiado largo.",
    rateLimited: "Demasiados mensajes: más despacio.",
    notYourTurn: "No es tu turno.",
    spectatorCannot: "Los espectadores no juegan: toma un asiento libre.",
    conflict: "Otra jugada llegó antes; la mesa vuelve a estar al día.",
    badMessage: "El servidor no ha entendido un mensaje de esta página.",
    seatLost: "El servidor ha rechazado la clave de tu asiento; ahora estás mirando.",
    httpError: "El servidor ha respondido {status}.",
    networkError: "No se puede contactar con el servidor.",
    move: "Jugada {key}",
  },
  fr: {
    skip: "Aller à la table",
    appName: "cardrules : jouer ensemble",
    language: "Langue",
    dismiss: "Fermer",
    you: "Vous",
    yourName: "Votre nom",
    openRooms: "Salles ouvertes",
    refresh: "Actualiser",
    noRooms: "Aucune salle ouverte pour l'instant : créez-en une ci-dessous.",
    createRoom: "Créer une salle",
    game: "Jeu",
    players: "Joueurs",
    preset: "Règles prédéfinies",
    presetDefault: "Les règles par défaut du jeu",
    seatsLegend: "Qui est assis où",
    aPerson: "Une personne",
    botNamed: "Bot : {name}",
    advanced: "Plus d'options",
    rulesJson: "Règles (le JSON de la bibliothèque pour les règles du jeu ; remplace les règles prédéfinies)",
    seed: "Graine (vide : au hasard)",
    sitDown: "M'asseoir à la première place libre",
    create: "Créer la salle",
    backToLobby: "Retour aux salles",
    questionHeading: "Une question pour vous",
    tableAsText: "La table en texte",
    fit: "Ajuster l'image à la fenêtre",
    yourMoves: "Vos coups",
    movesHelp: "Appuyez sur 1 à 9 pour les neuf premiers coups, Haut, Bas, Début et Fin pour les parcourir, ou tapez la notation d'un coup puis Entrée.",
    noMoves: "Rien à décider pour l'instant.",
    watching: "Vous regardez. Prenez une place libre pour jouer.",
    notation: "Coup en notation",
    play: "Jouer",
    seats: "Places",
    finalScore: "Score final",
    record: "L'enregistrement de la partie (JSON)",
    log: "Ce qui s'est passé",
    seat: "Place {seat}",
    seatNamed: "Place {seat} : {name}",
    seatBot: "Place {seat} : bot {bot}",
    seatFree: "Place {seat} : libre",
    youMark: "(vous)",
    join: "Prendre la place {seat}",
    watch: "Regarder",
    open: "Ouvrir",
    moves: "{plies} coups",
    finished: "terminée",
    inPlay: "en cours",
    yourTurn: "À vous de jouer.",
    yourQuestion: "À vous : répondez à la question.",
    toMove: "À {who} de jouer.",
    gameOver: "La partie est finie.",
    waiting: "En attente de la table…",
    picture: "La table",
    connecting: "Connexion…",
    connected: "Connecté",
    reconnecting: "Connexion perdue ; nouvel essai dans {seconds} s…",
    offline: "Non connecté",
    nameNeeded: "Écrivez d'abord votre nom.",
    seatTaken: "{name} s'assoit à la place {seat}.",
    botFailed: "Le bot de la place {seat} a échoué : {message}",
    roomCreated: "Salle {id} créée.",
    notFound: "Cette salle n'existe pas (ou plus).",
    badOrigin: "Le serveur a refusé l'adresse de cette page (Origin).",
    tooBig: "Le message était trop long.",
    rateLimited: "Trop de messages : ralentissez.",
    notYourTurn: "Ce n'est pas votre tour.",
    spectatorCannot: "Les spectateurs ne jouent pas : prenez une place libre.",
    conflict: "Un autre coup est arrivé avant ; la table est de nouveau à jour.",
    badMessage: "Le serveur n'a pas compris un message de cette page.",
    seatLost: "Le serveur a refusé le jeton de votre place ; vous regardez maintenant.",
    httpError: "Le serveur a répondu {status}.",
    networkError: "Le serveur est injoignable.",
    move: "Coup {key}",
  },
};

const ERROR_CODES = {
  not_your_turn: "notYourTurn",
  spectator: "spectatorCannot",
  conflict: "conflict",
  bad_message: "badMessage",
  too_big: "tooBig",
  rate_limited: "rateLimited",
  no_room: "notFound",
};

// ---------------------------------------------------------------- small helpers

const $ = (id) => document.getElementById(id);

function storedLang() {
  const saved = safeStorage(localStorage, "get", "cardrules:lang");
  if (LANGS.includes(saved)) return saved;
  const asked = (navigator.language || "en").slice(0, 2).toLowerCase();
  return LANGS.includes(asked) ? asked : "en";
}

let lang = storedLang();

/** A UI string in the page's language, with {placeholders} filled in as plain text. */
function t(key, vars = {}) {
  const text = STRINGS[lang][key] ?? STRINGS.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => String(vars[name] ?? ""));
}

// Storage can be refused (private windows, blocked cookies): the page then simply forgets.
function safeStorage(storage, action, key, value) {
  try {
    if (action === "get") return storage.getItem(key);
    if (action === "set") storage.setItem(key, value);
    if (action === "remove") storage.removeItem(key);
  } catch {
    return null;
  }
  return null;
}

/** An element whose children are elements or plain text (never parsed as markup). */
function h(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === "text") node.textContent = value;
    else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else if (name === "dataset") Object.assign(node.dataset, value);
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function showError(text) {
  $("error-text").textContent = text;
  $("error").hidden = false;
}

function clearError() {
  $("error").hidden = true;
  $("error-text").textContent = "";
}

class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

async function api(path, { method = "GET", body } = {}) {
  let response;
  try {
    response = await fetch(new URL(path, ROOT), {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
    });
  } catch {
    throw new ApiError(0, "network", t("networkError"));
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const code = data && typeof data.error === "string" ? data.error : "http";
    const message = data && typeof data.message === "string" ? data.message : t("httpError", { status: response.status });
    throw new ApiError(response.status, code, message);
  }
  return data;
}

function roomUrl(id) {
  return new URL(`room/${encodeURIComponent(id)}`, ROOT);
}

function seatKey(roomId) {
  return `cardrules:seat:${roomId}`;
}

function storedSeat(roomId) {
  try {
    const value = JSON.parse(safeStorage(sessionStorage, "get", seatKey(roomId)) || "null");
    if (value && Number.isInteger(value.seat) && typeof value.token === "string") return value;
  } catch {
    // A damaged entry is as good as none.
  }
  return null;
}

function playerName() {
  return $("player-name").value.trim();
}

/** Take a seat: the token is kept for this tab (sessionStorage), so a reload sits down again. */
async function takeSeat(roomId, seat, name) {
  const answer = await api(`api/v1/rooms/${encodeURIComponent(roomId)}/seats/${seat}`, {
    method: "POST",
    body: { name },
  });
  safeStorage(sessionStorage, "set", seatKey(roomId), JSON.stringify({ seat: answer.seat, token: answer.token }));
  return answer;
}

function seatLabel(seat, yours) {
  let text;
  if (seat.name !== null && seat.name !== undefined) text = t("seatNamed", { seat: seat.seat, name: seat.name });
  else if (seat.bot) text = t("seatBot", { seat: seat.seat, bot: seat.bot });
  else text = t("seatFree", { seat: seat.seat });
  return yours ? `${text} ${t("youMark")}` : text;
}

// ---------------------------------------------------------------- language

function applyLanguage() {
  document.documentElement.lang = lang;
  for (const node of document.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  $("lang").value = lang;
}

function setupLanguage(onChange) {
  $("lang").addEventListener("change", () => {
    const chosen = $("lang").value;
    if (!LANGS.includes(chosen) || chosen === lang) return;
    lang = chosen;
    safeStorage(localStorage, "set", "cardrules:lang", lang);
    applyLanguage();
    onChange();
  });
}

// ---------------------------------------------------------------- the lobby

const lobby = { games: [] };

async function startLobby() {
  $("lobby").hidden = false;
  document.title = t("appName");
  const name = $("player-name");
  name.value = safeStorage(localStorage, "get", "cardrules:name") || "";
  name.addEventListener("change", () => safeStorage(localStorage, "set", "cardrules:name", playerName()));
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
  safeStorage(localStorage, "set", "cardrules:name", name);
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
      safeStorage(localStorage, "set", "cardrules:name", name);
      await takeSeat(room.id, free.seat, name);
    }
    window.location.assign(roomUrl(room.id).href);
  } catch (error) {
    showError(error.message);
  } finally {
    button.disabled = false;
  }
}

// ---------------------------------------------------------------- the table

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

function startTable(roomId) {
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
  fit.checked = safeStorage(localStorage, "get", "cardrules:fit") === "1";
  $("picture").classList.toggle("fit", fit.checked);
  fit.addEventListener("change", () => {
    $("picture").classList.toggle("fit", fit.checked);
    safeStorage(localStorage, "set", "cardrules:fit", fit.checked ? "1" : "0");
  });
  document.addEventListener("keydown", numberKeys);
  $("choices").addEventListener("keydown", arrowKeys);
  window.addEventListener("online", () => reconnectNow());
  setupLanguage(() => {
    renderSeats();
    if (table.last) renderTable(table.last, false);
    reconnectNow();
  });
  renderIdle();
  connect();
}

// Up and Down walk the moves, Home and End jump to the first and the last (often "end the turn").
function arrowKeys(event) {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const buttons = [...$("choices").querySelectorAll("button")];
  const at = buttons.indexOf(document.activeElement);
  if (at < 0) return;
  const to = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: buttons.length - 1 }[event.key];
  if (to === undefined) return;
  event.preventDefault();
  buttons[Math.max(0, Math.min(to, buttons.length - 1))].focus();
}

function numberKeys(event) {
  if (event.altKey || event.ctrlKey || event.metaKey || event.isComposing) return;
  if (!/^[1-9]$/.test(event.key)) return;
  const target = event.target;
  if (target instanceof HTMLElement && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName))) return;
  const button = $("choices").querySelectorAll("button")[Number(event.key) - 1];
  if (!button || button.disabled) return;
  event.preventDefault();
  button.focus();
  button.click();
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
    send({ type: "hello", protocol: PROTOCOL, token: table.token, lang });
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
  safeStorage(sessionStorage, "remove", seatKey(table.roomId));
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
      renderTable(message, true);
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

function seatName(seat) {
  const entry = table.room?.seats?.find((item) => item.seat === seat);
  if (entry?.name) return t("seatNamed", { seat, name: entry.name });
  if (entry?.bot) return t("seatBot", { seat, bot: entry.bot });
  return t("seat", { seat });
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
    input.value = safeStorage(localStorage, "get", "cardrules:name") || "";
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
  safeStorage(localStorage, "set", "cardrules:name", name);
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

function setBusy(busy) {
  $("choices").setAttribute("aria-busy", busy ? "true" : "false");
}

function renderIdle() {
  $("turn").textContent = t("waiting");
  $("no-moves").hidden = false;
  $("no-moves").textContent = t("noMoves");
}

/** Draw a `table` message; `fresh` is false when only the language of the page changed. */
function renderTable(message, fresh) {
  const previous = table.last;
  table.last = message;
  const over = message.over === true;
  const choices = Array.isArray(message.choices) ? message.choices : [];
  const yourTurn = message.your_turn === true && choices.length > 0;
  const question = typeof message.question === "string" && message.question ? message.question : null;
  const focusWasInChoices = $("choices").contains(document.activeElement);
  if (fresh && previous && message.plies !== previous.plies) clearError();

  renderPicture(message);
  $("table-text").textContent = typeof message.text === "string" ? message.text : "";

  let turn;
  if (over) turn = t("gameOver");
  else if (yourTurn) turn = question ? t("yourQuestion") : t("yourTurn");
  else if (Number.isInteger(message.to_move)) turn = t("toMove", { who: seatName(message.to_move) });
  else turn = "";
  $("turn").textContent = turn;
  $("turn").classList.toggle("mine", yourTurn);
  const title = table.room?.title ?? table.room?.game ?? table.roomId;
  document.title = `${yourTurn ? "● " : ""}${title} — cardrules`;

  $("question").hidden = question === null;
  $("question-text").textContent = question ?? "";

  renderChoices(choices, yourTurn, question !== null);

  if (fresh) addEvents(Array.isArray(message.events) ? message.events : []);
  table.firstTable = false;

  renderScore(message);
  if (!previous || previous.over !== over) renderSeats();
  // What the page shows, in a form a script (a test, an extension) can read without scraping.
  Object.assign($("table").dataset, { plies: String(message.plies ?? ""), yourTurn: String(yourTurn), over: String(over) });
  if (fresh) moveFocus({ previous, yourTurn, over, focusWasInChoices });
}

function renderPicture(message) {
  const img = $("picture");
  if (typeof message.svg !== "string" || !message.svg) {
    img.hidden = true;
    img.removeAttribute("src");
    $("text-details").open = true;
    return;
  }
  // Read the picture's own title for the alt text; the markup itself is never put into the page.
  let alt = t("picture");
  const parsed = new DOMParser().parseFromString(message.svg, "image/svg+xml");
  if (!parsed.querySelector("parsererror")) {
    const label = parsed.documentElement.getAttribute("aria-label") || parsed.querySelector("title")?.textContent;
    if (label) alt = label;
  }
  img.alt = alt;
  img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(message.svg)}`;
  img.hidden = false;
}

function renderChoices(choices, yourTurn, asked) {
  const list = $("choices");
  const items = choices.map((choice, position) => {
    const key = position < 9 ? String(position + 1) : null;
    const button = h("button", {
      type: "button",
      class: "choice",
      "data-index": String(choice.index),
      "data-notation": String(choice.notation ?? ""),
      "aria-keyshortcuts": key,
      "aria-describedby": asked ? "question-text" : null,
      onclick: () => sendMove({ index: choice.index }),
    },
    h("span", { class: "key", "aria-hidden": "true", text: key ?? "·" }),
    h("span", { class: "words", text: choice.words ?? choice.notation ?? "" }),
    h("code", { class: "notation-text", text: choice.notation ?? "" }));
    return h("li", {}, button);
  });
  list.replaceChildren(...items);
  setBusy(false);
  const watching = table.seat === null;
  $("no-moves").hidden = items.length > 0;
  $("no-moves").textContent = watching ? t("watching") : t("noMoves");
  $("moves-help").hidden = watching || !yourTurn;
  $("notation-form").hidden = watching;
  $("notation-form").querySelector("button").disabled = !yourTurn;
  $("moves").classList.toggle("active", yourTurn);
  $("moves").hidden = table.last?.over === true;
}

function renderScore(message) {
  const lines = Array.isArray(message.score) ? message.score : null;
  const show = message.over === true && lines !== null;
  $("score").hidden = !show;
  $("score-lines").replaceChildren(...(show ? lines.map((line) => h("li", { text: String(line) })) : []));
}

function addEvents(events) {
  if (!events.length) return;
  // A new connection may send the whole story again (perhaps in another language): start afresh.
  if (table.firstTable && Number.isInteger(events[0].ply) && events[0].ply <= table.maxPly) {
    $("log").replaceChildren();
    table.logged.clear();
    table.maxPly = -1;
  }
  for (const event of events) {
    const key = `${event.ply}|${event.kind}|${event.seat}|${event.text}`;
    if (table.logged.has(key)) continue;
    table.logged.add(key);
    if (Number.isInteger(event.ply)) table.maxPly = Math.max(table.maxPly, event.ply);
    addLog(String(event.text ?? ""), event.kind);
  }
}

function addLog(text, kind) {
  const log = $("log");
  log.append(h("li", { class: `event ${kind ?? ""}`, text }));
  while (log.childElementCount > MAX_LOG) log.firstElementChild.remove();
  log.scrollTop = log.scrollHeight;
}

function moveFocus({ previous, yourTurn, over, focusWasInChoices }) {
  const active = document.activeElement;
  const typing = active === $("notation") || active === $("lang") || active?.id === "table-name";
  if (over) {
    if (!table.announcedOver && !$("score").hidden) {
      table.announcedOver = true;
      $("score-heading").focus();
    } else if (focusWasInChoices) {
      $("turn").focus();
    }
    return;
  }
  if (yourTurn) {
    if (typing) return;
    // A new decision: the first move is where the keyboard is.
    const first = $("choices").querySelector("button");
    if (first) first.focus();
    return;
  }
  if (focusWasInChoices || (previous?.your_turn && active === document.body)) $("turn").focus();
}

// ---------------------------------------------------------------- start

function start() {
  applyLanguage();
  $("error-close").addEventListener("click", () => clearError());
  const match = /\/room\/([^/]+)\/?$/.exec(window.location.pathname);
  if (match) startTable(decodeURIComponent(match[1]));
  else startLobby();
}

start();
