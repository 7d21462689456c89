// The table's view: a `table` message drawn into the page, the event log, the keyboard and the focus.

import { $, clearError, h, t } from "./common.js";

const MAX_LOG = 400;

// Up and Down walk the moves, Home and End jump to the first and the last (often "end the turn").
export function arrowKeys(event) {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const buttons = [...$("choices").querySelectorAll("button")];
  const at = buttons.indexOf(document.activeElement);
  if (at < 0) return;
  const to = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: buttons.length - 1 }[event.key];
  if (to === undefined) return;
  event.preventDefault();
  buttons[Math.max(0, Math.min(to, buttons.length - 1))].focus();
}

export function numberKeys(event) {
  if (event.altKey || event.ctrlKey || event.metaKey || event.isComposing) return;
  if (!/^[1-9]$/.test(event.key)) return;
  // A digit typed into a text box (a name, a notation) is text, not a move.
  const target = event.target;
  const typing = target instanceof HTMLElement
    && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));
  if (typing) return;
  const button = $("choices").querySelectorAll("button")[Number(event.key) - 1];
  if (!button || button.disabled) return;
  event.preventDefault();
  button.focus();
  button.click();
}

function seatName(table, seat) {
  const entry = table.room?.seats?.find((item) => item.seat === seat);
  if (entry?.name) return t("seatNamed", { seat, name: entry.name });
  if (entry?.bot) return t("seatBot", { seat, bot: entry.bot });
  return t("seat", { seat });
}

export function setBusy(busy) {
  $("choices").setAttribute("aria-busy", busy ? "true" : "false");
}

export function renderIdle() {
  $("turn").textContent = t("waiting");
  $("no-moves").hidden = false;
  $("no-moves").textContent = t("noMoves");
}

/** Draw a `table` message for the page whose state is `table`; `fresh` is false when only the
 * language of the page changed; `onMove` sends a move the player chose. */
export function renderTable(table, message, fresh, onMove) {
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
  else if (Number.isInteger(message.to_move)) turn = t("toMove", { who: seatName(table, message.to_move) });
  else turn = "";
  $("turn").textContent = turn;
  $("turn").classList.toggle("mine", yourTurn);
  const title = table.room?.title ?? table.room?.game ?? table.roomId;
  document.title = `${yourTurn ? "● " : ""}${title} — cardrules`;

  $("question").hidden = question === null;
  $("question-text").textContent = question ?? "";

  renderChoices(table, choices, yourTurn, question !== null, onMove);

  if (fresh) addEvents(table, Array.isArray(message.events) ? message.events : []);
  table.firstTable = false;

  renderScore(message);
  // What the page shows, in a form a script (a test, an extension) can read without scraping.
  Object.assign($("table").dataset, {
    plies: String(message.plies ?? ""), yourTurn: String(yourTurn), over: String(over),
  });
  if (fresh) moveFocus(table, { previous, yourTurn, over, focusWasInChoices });
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

function renderChoices(table, choices, yourTurn, asked, onMove) {
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
      onclick: () => onMove({ index: choice.index }),
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

function addEvents(table, events) {
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

export function addLog(text, kind) {
  const log = $("log");
  log.append(h("li", { class: `event ${kind ?? ""}`, text }));
  while (log.childElementCount > MAX_LOG) log.firstElementChild.remove();
  log.scrollTop = log.scrollHeight;
}

function moveFocus(table, { previous, yourTurn, over, focusWasInChoices }) {
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
