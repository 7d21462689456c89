// What the lobby and the table share: the language, storage, building elements, the HTTP API, seats.
// Every text from the server or another player goes into the page through textContent or an
// attribute, never as markup.

import { LANGS, STRINGS } from "./strings.js";

export const PROTOCOL = 1;
// The app may be mounted under a prefix: every address is built from where this file was served.
export const ROOT = new URL("../", import.meta.url);

export const $ = (id) => document.getElementById(id);

function storedLang() {
  const saved = safeStorage("local", "get", "cardrules:lang");
  if (LANGS.includes(saved)) return saved;
  const asked = (navigator.language || "en").slice(0, 2).toLowerCase();
  return LANGS.includes(asked) ? asked : "en";
}

let lang = storedLang();

/** The language of the page (and of what the server sends it). */
export function currentLang() {
  return lang;
}

/** A UI string in the page's language, with {placeholders} filled in as plain text. */
export function t(key, vars = {}) {
  const text = STRINGS[lang][key] ?? STRINGS.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => String(vars[name] ?? ""));
}

// Storage can be refused (private windows, blocked cookies; even naming it may throw): the page
// then simply forgets. `kind` is "local" (kept) or "session" (this tab only).
export function safeStorage(kind, action, key, value) {
  try {
    const storage = kind === "local" ? window.localStorage : window.sessionStorage;
    if (action === "get") return storage.getItem(key);
    if (action === "set") storage.setItem(key, value);
    if (action === "remove") storage.removeItem(key);
  } catch {
    return null;
  }
  return null;
}

/** An element whose children are elements or plain text (never parsed as markup). */
export function h(tag, props = {}, ...children) {
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

export function showError(text) {
  $("error-text").textContent = text;
  $("error").hidden = false;
}

export function clearError() {
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

export async function api(path, { method = "GET", body } = {}) {
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
    const message = data && typeof data.message === "string"
      ? data.message
      : t("httpError", { status: response.status });
    throw new ApiError(response.status, code, message);
  }
  return data;
}

export function roomUrl(id) {
  return new URL(`room/${encodeURIComponent(id)}`, ROOT);
}

export function seatKey(roomId) {
  return `cardrules:seat:${roomId}`;
}

export function storedSeat(roomId) {
  try {
    const value = JSON.parse(safeStorage("session", "get", seatKey(roomId)) || "null");
    if (value && Number.isInteger(value.seat) && typeof value.token === "string") return value;
  } catch {
    // A damaged entry is as good as none.
  }
  return null;
}


/** Take a seat: the token is kept for this tab (sessionStorage), so a reload sits down again. */
export async function takeSeat(roomId, seat, name) {
  const answer = await api(`api/v1/rooms/${encodeURIComponent(roomId)}/seats/${seat}`, {
    method: "POST",
    body: { name },
  });
  safeStorage("session", "set", seatKey(roomId), JSON.stringify({ seat: answer.seat, token: answer.token }));
  return answer;
}

export function seatLabel(seat, yours) {
  let text;
  if (seat.name !== null && seat.name !== undefined) text = t("seatNamed", { seat: seat.seat, name: seat.name });
  else if (seat.bot) text = t("seatBot", { seat: seat.seat, bot: seat.bot });
  else text = t("seatFree", { seat: seat.seat });
  return yours ? `${text} ${t("youMark")}` : text;
}

export function applyLanguage() {
  document.documentElement.lang = lang;
  for (const node of document.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  $("lang").value = lang;
}

export function setupLanguage(onChange) {
  $("lang").addEventListener("change", () => {
    const chosen = $("lang").value;
    if (!LANGS.includes(chosen) || chosen === lang) return;
    lang = chosen;
    safeStorage("local", "set", "cardrules:lang", lang);
    applyLanguage();
    onChange();
  });
}
