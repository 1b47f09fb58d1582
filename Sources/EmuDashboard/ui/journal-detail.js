// One journal record in detail, for the Requests and Custom routes views: the custom route that
// answered or, for a request nothing answered, its near misses (the closest routes and what
// differed), the engine calls it caused (an app with an engine), then the redacted request and
// response.
import { h, replace } from "./dom.js";
import { showCalls } from "./engine-calls.js";

// `folded`: the request and response behind a disclosure (the Custom routes view, where the near
// misses are the point).
export function showRecord(detail, entry, { folded = false } = {}) {
  const messages = h("div", { class: "pair" }, message("Request", entry.request), message("Response", entry.response));
  replace(detail,
    h("h3", {}, `#${entry.id} ${entry.method} ${entry.path}${entry.query ? `?${entry.query}` : ""} → ${entry.status}`),
    h("p", { class: "muted" }, `${entry.time} · app ${entry.app ?? "none"} · ${entry.durationMs ?? "?"} ms`),
    entry.route ? h("p", {}, "Answered by the custom route ", h("code", {}, entry.route)) : null,
    Array.isArray(entry.nearMisses) ? nearMisses(entry.nearMisses) : null,
    Array.isArray(entry.engineCalls) ? showCalls(h("div", { class: "engine-calls", id: "engine-calls" }), entry.engineCalls) : null,
    folded ? h("details", {}, h("summary", {}, "Request and response"), messages) : messages);
  detail.dataset.id = String(entry.id);
  detail.scrollIntoView({ block: "nearest" });
}

// The open record's engine calls again (an after-hook ran since): only that section is redrawn.
export function updateEngineCalls(detail, entry) {
  const box = detail.dataset.id === String(entry.id) && detail.querySelector(".engine-calls");
  if (box) showCalls(box, entry.engineCalls);
}

function nearMisses(misses) {
  if (!misses.length) return h("p", { class: "muted" }, "No custom route came close.");
  return h("div", { class: "near-misses" }, h("h4", {}, "Near misses"),
    h("ol", {}, misses.map((miss) => h("li", { dataset: { route: String(miss.route) } },
      h("code", {}, miss.route),
      h("ul", {}, (miss.differences || []).map((difference) => h("li", {}, difference)))))));
}

function message(title, part) {
  const headers = Object.entries((part && part.headers) || {}).map(([name, value]) => `${name}: ${value}`).join("\n");
  return h("div", {}, h("h4", {}, title), h("pre", {}, headers), h("pre", { class: "body" }, pretty(part && part.body)));
}

function pretty(body) {
  if (!body) return "(no body)";
  try { return JSON.stringify(JSON.parse(body), null, 2); } catch { return body; }
}
