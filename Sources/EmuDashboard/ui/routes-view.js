// Custom routes, live: the routes in the order they are tried (GET /__admin/routes) with their
// source file or "api", the scenarios' states (GET /__admin/scenarios; set one, or all back to
// Started), and the requests no route answered (the journal's `unmatched=1`), each opening its
// near-miss report. See docs/custom-backends.md.
import { api } from "./api.js";
import { attempt, h, panel, replace } from "./dom.js";
import { showRecord } from "./journal-detail.js";
import { watch } from "./live.js";
import { showDefinition } from "./route-definition.js";

const KEEP = 100;

export async function render(container) {
  const routesTitle = h("h2", {}, "Routes");
  const routesBox = h("div", { id: "routes-box" });
  // A route's definition, opened from its id (route-definition.js); kept across live redraws.
  const definitionBox = h("div", { id: "definition-box" });
  const scenariosBox = h("div", { id: "scenarios-box" });
  const unmatchedBody = h("tbody", { id: "unmatched" });
  const unmatchedEmpty = h("p", { class: "muted", id: "unmatched-empty" }, "Every request so far was answered.");
  const unmatchedTable = h("div", { class: "table-scroll journal-scroll", hidden: true }, h("table", { class: "requests unmatched" },
    h("thead", {}, h("tr", {}, ["Time", "Method", "Path", "Status", "Near misses"].map((title) => h("th", { scope: "col" }, title)))),
    unmatchedBody));
  const detail = h("div", { class: "request-detail", id: "unmatched-detail" });
  const state = { after: 0, generation: 0 };
  const resetScenarios = () => attempt(() => api("DELETE", "/__admin/scenarios"), "Every scenario is back in Started").then(load);
  const resetButton = h("button", { type: "button", id: "scenarios-reset", hidden: true, onclick: resetScenarios }, "Reset all to Started");

  replace(container,
    h("section", { class: "card" }, routesTitle, routesBox),
    definitionBox,
    h("div", { class: "grid routes-layout" },
      panel("Scenarios", scenariosBox, resetButton),
      panel("Unmatched requests",
        h("p", { class: "muted small" }, "Requests no custom route and no LeanCloud route answered, newest first; open one for its near misses."),
        unmatchedEmpty,
        unmatchedTable,
        detail)));

  async function load() {
    // A poll that started before a change (a reset) and ends after it must not draw the old state back.
    const ticket = ++state.generation;
    const [routes, scenarios, unmatched] = await Promise.all([
      api("GET", "/__admin/routes"),
      api("GET", "/__admin/scenarios"),
      api("GET", "/__admin/requests", { query: { unmatched: 1, limit: 50, after: state.after || undefined } }),
    ]);
    if (ticket !== state.generation) return;
    // Redrawn only when something changed, so a state being chosen is not wiped by a poll.
    const signature = JSON.stringify([routes.results, scenarios.results]);
    if (routesBox.dataset.signature !== signature) {
      routesBox.dataset.signature = signature;
      const states = new Map(scenarios.results.map((scenario) => [scenario.name, scenario.state]));
      routesTitle.textContent = `Routes (${routes.results.length})`;
      const open = (route) => showDefinition(definitionBox, route, load);
      replace(routesBox, routes.results.length ? routesTable(routes.results, states, open) : noRoutes());
      replace(scenariosBox, scenarioList(scenarios.results, routes.results, load));
      resetButton.hidden = !scenarios.results.length;
      // A definition open for a route that is gone (removed elsewhere, a reset) closes: its Save
      // would put the route back.
      const shown = definitionBox.querySelector("#route-definition")?.dataset.routeId;
      if (shown && !routes.results.some((route) => route.id === shown)) replace(definitionBox);
    }
    if (unmatched.results.length) state.after = Math.max(state.after, ...unmatched.results.map((entry) => entry.id));
    for (const entry of unmatched.results.slice().reverse()) unmatchedBody.prepend(unmatchedRow(entry, detail));
    while (unmatchedBody.children.length > KEEP) unmatchedBody.lastElementChild.remove();
    unmatchedEmpty.hidden = unmatchedBody.children.length > 0;
    unmatchedTable.hidden = !unmatchedEmpty.hidden;
  }
  await load();
  if (!container.isConnected) return;  // another view was shown meanwhile (app.js)
  // Routes and scenario states, and the journal for the unmatched requests.
  watch(["routes", "journal"], load);
}

function noRoutes() {
  return h("div", { class: "empty" },
    h("p", {}, "No custom routes: this emulator answers with the LeanCloud API only."),
    h("p", { class: "small" }, "Load route files with ", h("code", {}, "lcemu serve --routes <file or folder>"),
      " or add one with ", h("code", {}, "POST /__admin/routes"), " (docs/custom-backends.md)."));
}

function routesTable(routes, states, open) {
  return h("div", { class: "table-scroll" }, h("table", { class: "routes", id: "routes" },
    h("thead", {}, h("tr", {}, ["Id", "Method", "Path", "Scenario", "Source"].map((title) => h("th", { scope: "col" }, title)))),
    h("tbody", {}, routes.map((route) => routeRow(route, states, open)))));
}

// A stub (`request` → `response`) or a `resource` (a REST collection over a class), as defined.
function routeRow(route, states, open) {
  const resource = route.resource;
  const request = route.request || {};
  const method = resource ? h("span", { class: "badge" }, "resource")
    : (request.method && request.method !== "*" ? request.method.toUpperCase() : h("span", { class: "muted" }, "any"));
  const path = resource
    ? [h("code", { title: `${resource.path} and ${resource.path}/:id` }, `${resource.path}[/:id]`), " → ", h("code", { title: "class" }, resource.class)]
    : h("code", {}, request.path || "");
  return h("tr", { dataset: { routeId: String(route.id) } },
    h("th", { scope: "row" }, h("button", { type: "button", class: "link", title: "Show its definition", onclick: () => open(route) },
      h("code", {}, route.id)), route.description ? h("div", { class: "muted small" }, route.description) : null),
    cell("Method", method, "method"),
    cell("Path", path, "path"),
    cell("Scenario", scenarioStep(route.scenario, states), route.scenario ? "" : "none"),
    cell("Source", route.source === "api" ? h("span", { class: "badge", title: "Added with POST /__admin/routes" }, "api")
      : h("code", {}, route.source ?? ""), "small source"));
}

// One labelled cell; the label shows on a phone, where each route is a block (dashboard.css).
function cell(label, content, className) {
  return h("td", { "data-label": label, class: className }, h("div", {}, content));
}

// "pay: Started → retried": the state the route answers in and the one it moves to; marked when
// the scenario is in that state now (the route can answer the next request).
function scenarioStep(scenario, states) {
  if (!scenario) return h("span", { class: "muted" }, "—");
  const now = states.get(scenario.name) ?? "Started";
  const ready = !scenario.requiredState || scenario.requiredState === now;
  return h("span", { class: ready ? "scenario ready" : "scenario", title: `${scenario.name} is in ${now} now` },
    h("strong", {}, scenario.name), ": ",
    scenario.requiredState ? h("code", {}, scenario.requiredState) : "any state",
    scenario.newState ? [" → ", h("code", {}, scenario.newState)] : null);
}

// Each scenario with its state, which a select sets to any state its routes name.
function scenarioList(scenarios, routes, reload) {
  if (!scenarios.length) return h("p", { class: "muted" }, "No scenarios: a route with a \"scenario\" starts one in Started.");
  return h("ul", { id: "scenarios", class: "scenarios" }, scenarios.map((scenario) => {
    const known = new Set(["Started", scenario.state]);
    for (const route of routes) {
      if (route.scenario && route.scenario.name === scenario.name) {
        if (route.scenario.requiredState) known.add(route.scenario.requiredState);
        if (route.scenario.newState) known.add(route.scenario.newState);
      }
    }
    const set = (event) => attempt(() => api("PUT", `/__admin/scenarios/${encodeURIComponent(scenario.name)}`,
      { body: { state: event.target.value } }), `${scenario.name} is in ${event.target.value}`).then(reload);
    return h("li", { dataset: { scenario: scenario.name } },
      h("strong", {}, scenario.name), " is in ", h("code", { class: "state" }, scenario.state),
      h("label", { class: "small" }, " set ", h("select", { onchange: set, "aria-label": `State of ${scenario.name}` },
        [...known].map((name) => h("option", { value: name, selected: name === scenario.state }, name)))));
  }));
}

function unmatchedRow(entry, detail) {
  const misses = Array.isArray(entry.nearMisses) ? entry.nearMisses.length : 0;
  return h("tr", { class: `status-${String(entry.status)[0]}xx`, dataset: { id: String(entry.id) } },
    h("td", {}, h("time", { datetime: entry.time, title: entry.time }, new Date(entry.time).toLocaleTimeString())),
    h("td", {}, entry.method),
    h("td", {}, h("button", { type: "button", class: "link", onclick: () => showRecord(detail, entry, { folded: true }), title: "Show its near misses" },
      entry.path + (entry.query ? `?${entry.query}` : ""))),
    h("td", {}, h("span", { class: "status" }, String(entry.status))),
    h("td", { class: "number" }, String(misses)));
}
