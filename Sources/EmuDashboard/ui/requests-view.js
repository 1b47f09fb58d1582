// Requests: the emulator's request journal (GET /__admin/requests), live, newest first; filter
// by status (`404` or `4xx`) and path prefix; a row opens its redacted request and response
// (journal-detail.js). For an app with an engine, a row carries a marker of the engine calls its
// request caused and its detail lists them; after-hooks that run once the answer is sent join
// them when the engine's calls move (the live state's `engine`).
// The dashboard's own calls are never journaled (api.js); /__admin calls of tests are hidden
// unless asked for. New records are fetched when the journal moves (live.js); after a restart or
// reset the view starts over (ids start again), and when the journal was cleared elsewhere too.
import { api } from "./api.js";
import { h, panel, replace, toast } from "./dom.js";
import { marker } from "./engine-calls.js";
import { showRecord, updateEngineCalls } from "./journal-detail.js";
import { watch } from "./live.js";

const KEEP = 300;

export async function render(container) {
  // `shown`: requestId → {entry, slot} of the rows listed, whose engine calls may still grow.
  const state = { after: 0, shown: new Map() };
  const status = h("input", { id: "filter-status", placeholder: "404 or 4xx", size: 10, "aria-label": "Status" });
  const path = h("input", { id: "filter-path", placeholder: "/1.1/classes", "aria-label": "Path prefix" });
  const showAdmin = h("input", { id: "show-admin", type: "checkbox" });
  const shown = (entry) => showAdmin.checked || !entry.path.startsWith("/__admin");
  const body = h("tbody", { id: "journal" });
  const detail = h("div", { class: "request-detail", id: "request-detail" });
  const restart = (event) => { if (event) event.preventDefault(); state.after = 0; state.shown.clear(); replace(body); load(); };
  replace(container, panel("Requests",
    h("form", { class: "toolbar", onsubmit: restart },
      h("label", {}, "Status ", status), h("label", {}, "Path ", path),
      h("label", {}, showAdmin, " show /__admin calls"), h("button", { type: "submit" }, "Filter"),
      clearButton(restart)),
    h("div", { class: "table-scroll journal-scroll" }, h("table", { class: "requests" },
      h("thead", {}, h("tr", {}, ["Time", "Method", "Path", "Status", "Code", "App", "ms"].map((title) => h("th", { scope: "col" }, title)))),
      body)),
    detail));
  showAdmin.addEventListener("change", () => restart());

  async function load() {
    const answer = await api("GET", "/__admin/requests", { query: {
      after: state.after || undefined, limit: 200, status: status.value.trim(), path: path.value.trim(),
    } });
    const fresh = answer.results.filter(shown);
    if (answer.results.length) state.after = Math.max(state.after, ...answer.results.map((entry) => entry.id));
    for (const entry of fresh.slice().reverse()) body.prepend(row(entry, detail, state.shown));
    while (body.children.length > KEEP) {
      state.shown.delete(body.lastElementChild.dataset.requestId);
      body.lastElementChild.remove();
    }
  }

  // The engine's calls (newest first) given to the rows whose request caused them.
  async function refreshEngine() {
    if (!state.shown.size) return;
    const byRequest = new Map();
    for (const call of (await api("GET", "/__admin/engine")).calls) {
      if (!state.shown.has(call.requestId)) continue;
      if (!byRequest.has(call.requestId)) byRequest.set(call.requestId, []);
      byRequest.get(call.requestId).unshift(call);
    }
    for (const [requestId, calls] of byRequest) {
      const { entry, slot } = state.shown.get(requestId);
      if (calls.map((call) => call.id).join() === (entry.engineCalls || []).map((call) => call.id).join()) continue;
      entry.engineCalls = calls;
      replace(slot, marker(calls));
      updateEngineCalls(detail, entry);
    }
  }
  await load();
  if (!container.isConnected) return;  // another view was shown meanwhile (app.js)
  watch(["journal", "engine"], async (now, before) => {
    if (now.journal.clears !== before.journal.clears) return restart();
    await load();
    if (now.engine != null) await refreshEngine();
  });
}

// Clearing forgets the app's records on the server, for every tab and test: a second click confirms.
function clearButton(restart) {
  const button = h("button", { type: "button", class: "danger", id: "journal-clear" }, "Clear");
  button.addEventListener("click", async () => {
    if (button.dataset.armed !== "yes") {
      button.dataset.armed = "yes";
      button.textContent = "Confirm: forget every request";
      return;
    }
    button.dataset.armed = "";
    button.textContent = "Clear";
    await api("DELETE", "/__admin/requests");
    toast("The request journal is empty");
    restart();
  });
  button.addEventListener("blur", () => { button.dataset.armed = ""; button.textContent = "Clear"; });
  return button;
}

function row(entry, detail, shown) {
  const open = () => showRecord(detail, entry);
  // In the path's cell, which stays in sight at 390 px.
  const slot = h("span", { class: "engine-slot" }, marker(entry.engineCalls));
  if (entry.requestId) shown.set(entry.requestId, { entry, slot });
  const dataset = { id: String(entry.id), status: String(entry.status), ...(entry.requestId ? { requestId: entry.requestId } : {}) };
  return h("tr", { class: `status-${String(entry.status)[0]}xx`, dataset },
    h("td", {}, h("time", { datetime: entry.time, title: entry.time }, new Date(entry.time).toLocaleTimeString())),
    h("td", {}, entry.method),
    h("td", {}, h("button", { type: "button", class: "link", onclick: open, title: "Show the request and response" },
      entry.path + (entry.query ? `?${entry.query}` : "")), slot),
    h("td", {}, h("span", { class: "status" }, String(entry.status))),
    h("td", {}, entry.code ?? ""),
    h("td", { class: "small" }, entry.app ?? "—"),
    h("td", { class: "number" }, typeof entry.durationMs === "number" ? entry.durationMs.toFixed(2) : ""));
}

