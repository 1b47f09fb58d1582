// Requests: the emulator's request journal (GET /__admin/requests), live, newest first; filter
// by status (`404` or `4xx`) and path prefix; a row opens its redacted request and response
// (journal-detail.js).
// /__admin calls and the dashboard's own calls (marked by a header) are hidden unless asked
// for: the page's polling would drown the requests of the app under test.
import { api, DASHBOARD_HEADER } from "./api.js";
import { h, panel, replace } from "./dom.js";
import { showRecord } from "./journal-detail.js";
import { poll } from "./poll.js";

const KEEP = 300;

export async function render(container) {
  const state = { after: 0, entries: [] };
  const status = h("input", { id: "filter-status", placeholder: "404 or 4xx", size: 10, "aria-label": "Status" });
  const path = h("input", { id: "filter-path", placeholder: "/1.1/classes", "aria-label": "Path prefix" });
  const showAdmin = h("input", { id: "show-admin", type: "checkbox" });
  const shown = (entry) => showAdmin.checked || (!entry.path.startsWith("/__admin") && !fromDashboard(entry));
  const body = h("tbody", { id: "journal" });
  const detail = h("div", { class: "request-detail", id: "request-detail" });
  const restart = (event) => { if (event) event.preventDefault(); state.after = 0; state.entries = []; replace(body); load(); };
  replace(container, panel("Requests",
    h("form", { class: "toolbar", onsubmit: restart },
      h("label", {}, "Status ", status), h("label", {}, "Path ", path),
      h("label", {}, showAdmin, " show /__admin and the dashboard's own"), h("button", { type: "submit" }, "Filter"),
      h("button", { type: "button", class: "danger", onclick: async () => { await api("DELETE", "/__admin/requests"); restart(); } }, "Clear")),
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
    for (const entry of fresh.slice().reverse()) body.prepend(row(entry, detail));
    while (body.children.length > KEEP) body.lastElementChild.remove();
  }
  await load();
  poll(load, 1000);
}

function row(entry, detail) {
  const open = () => showRecord(detail, entry);
  return h("tr", { class: `status-${String(entry.status)[0]}xx`, dataset: { id: String(entry.id), status: String(entry.status) } },
    h("td", {}, h("time", { datetime: entry.time, title: entry.time }, new Date(entry.time).toLocaleTimeString())),
    h("td", {}, entry.method),
    h("td", {}, h("button", { type: "button", class: "link", onclick: open, title: "Show the request and response" },
      entry.path + (entry.query ? `?${entry.query}` : ""))),
    h("td", {}, h("span", { class: "status" }, String(entry.status))),
    h("td", {}, entry.code ?? ""),
    h("td", { class: "small" }, entry.app ?? "—"),
    h("td", { class: "number" }, typeof entry.durationMs === "number" ? entry.durationMs.toFixed(2) : ""));
}

function fromDashboard(entry) {
  const headers = (entry.request && entry.request.headers) || {};
  return Object.keys(headers).some((name) => name.toLowerCase() === DASHBOARD_HEADER.toLowerCase());
}
