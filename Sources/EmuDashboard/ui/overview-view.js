// Overview: the emulator at a glance — which instance, since when, how many resets; each
// class's count; the journal, outbox, faults, custom routes and the clock; the storage health;
// the app's LeanEngine app when it has one (engine-panel.js). Everything is the live state
// (live.js) and a few reads; it follows the server as it changes.
import { api } from "./api.js";
import { h, localTime, panel, replace } from "./dom.js";
import { lastState, watch } from "./live.js";
import { enginePanel } from "./engine-panel.js";

export async function render(container) {
  const box = h("div", { class: "grid", id: "overview" });
  replace(container, box);
  const load = async () => {
    const state = lastState() ?? await api("GET", "/__admin/status");
    // `engine` is null for an app without one (GET /__admin/engine would answer 400).
    const [health, faults, routes, clock, journal, engine] = await Promise.all([
      // Unhealthy is a 503 whose error says why.
      api("GET", "/__admin/health").catch((error) => ({ status: "unhealthy", error: error.message })),
      api("GET", "/__admin/faults"), api("GET", "/__admin/routes"), api("GET", "/__admin/clock"),
      api("GET", "/__admin/requests", { query: { limit: 1 } }),
      state.engine == null ? null : enginePanel(),
    ]);
    const counts = Object.entries(state.counts).sort(([a], [b]) => a.localeCompare(b));
    replace(box,
      panel("Emulator", facts([
        ["App", h("code", {}, state.app)],
        ["Version", h("code", { id: "overview-version" }, state.version ?? "unknown")],
        ["Data directory", h("code", { id: "overview-data-directory" }, state.dataDirectory === ":memory:" ? "in memory (:memory:)" : state.dataDirectory)],
        ["Instance", h("code", { id: "overview-instance" }, state.instance)],
        ["Started", [localTime(state.startedAt), " (", h("span", { id: "overview-uptime" }, uptime(state.startedAt)), ")"]],
        ["Resets since", String(state.generation)],
        ["Storage", h("span", { class: health.status === "ok" ? "bool true" : "bad" }, health.status === "ok" ? "healthy" : health.error)],
        ["Clock", [localTime(clock.now), clock.mode === "fixed" ? " (stopped)" : clock.offsetMs ? " (moved)" : " (real time)"]],
      ])),
      panel("Data", counts.length ? h("table", { id: "overview-counts" }, h("tbody", {}, counts.map(([name, count]) =>
        h("tr", {}, h("th", { scope: "row" }, h("a", { href: `#/data/${encodeURIComponent(name)}` }, name)), h("td", { class: "number" }, String(count))))))
        : h("p", { class: "muted" }, "No classes yet.")),
      panel("Tools", facts([
        ["Journal", `${journal.capacity ? `keeps ${journal.capacity}` : "off"}; newest #${state.journal.lastId}`],
        ["Outbox", `${state.outbox.count} message${state.outbox.count === 1 ? "" : "s"}`],
        ["Faults", `${faults.results.length} injected`],
        ["Custom routes", `${routes.results.length}`],
        ["Engine", state.engine == null ? "none (lcemu serve --engine)" : "see its panel"],
      ])),
      engine);
  };
  await load();
  if (!container.isConnected) return;  // another view was shown meanwhile (app.js)
  watch(["counts", "journal", "outbox", "faults", "routes", "time", "engine"], load);
}

function facts(pairs) {
  return h("dl", { class: "facts" }, pairs.map(([term, value]) => [h("dt", {}, term), h("dd", {}, value)]));
}

function uptime(iso) {
  const seconds = Math.max(0, Math.round((Date.now() - Date.parse(iso)) / 1000));
  const units = [[86400, "d"], [3600, "h"], [60, "min"]];
  for (const [size, unit] of units) if (seconds >= size) return `up ${Math.floor(seconds / size)} ${unit}`;
  return `up ${seconds} s`;
}
