// Custom routes: the routes loaded from the route files (GET /__admin/routes), the scenarios'
// states (GET /__admin/scenarios) and the requests no route matched (the journal's
// `unmatched=1`). An emulator without custom routes answers 404 to these: a friendly note then.
import { api } from "./api.js";
import { h, localTime, panel, replace } from "./dom.js";

export async function render(container) {
  const [routes, scenarios] = await Promise.all([
    api("GET", "/__admin/routes", { allow404: true }),
    api("GET", "/__admin/scenarios", { allow404: true }),
  ]);
  if (routes === null) {
    replace(container, panel("Custom routes", h("p", { class: "empty" },
      "No custom routes: this emulator answers with the LeanCloud API only.")));
    return;
  }
  const unmatched = await api("GET", "/__admin/requests", { allow404: true, query: { unmatched: 1, limit: 50 } });
  replace(container, h("div", { class: "grid" },
    panel(`Routes (${routes.results.length})`, routes.results.length ? h("div", { class: "table-scroll" }, h("table", { id: "routes" },
      h("thead", {}, h("tr", {}, ["Id", "Kind", "Method", "Path", "Source"].map((title) => h("th", { scope: "col" }, title)))),
      h("tbody", {}, routes.results.map(routeRow)))) : h("p", { class: "muted" }, "No routes loaded.")),
    panel("Scenarios", scenarios && scenarios.results.length ? h("ul", { id: "scenarios" }, scenarios.results.map((scenario) =>
      h("li", {}, h("strong", {}, scenario.name), " is in state ", h("code", {}, scenario.state))))
      : h("p", { class: "muted" }, "No scenarios.")),
    panel("Unmatched requests", unmatched && unmatched.results.length ? h("ul", {}, unmatched.results.map((entry) =>
      h("li", {}, localTime(entry.time), " ", h("code", {}, `${entry.method} ${entry.path}`), ` → ${entry.status}`)))
      : h("p", { class: "muted" }, "Every request matched a route."),
      h("button", { type: "button", onclick: () => render(container) }, "Refresh"))));
}

// A stub (`request` → `response`) or a `resource` (a REST collection over a class), as defined.
function routeRow(route) {
  const resource = route.resource;
  const request = route.request || {};
  return h("tr", { title: route.description || "" },
    h("td", {}, h("code", {}, route.id ?? "")),
    h("td", {}, resource ? `resource → ${resource.class}` : "stub"),
    h("td", {}, resource ? "*" : request.method || "*"),
    h("td", {}, h("code", {}, (resource ? resource.path : request.path) || "")),
    h("td", { class: "small" }, route.source ?? ""));
}
