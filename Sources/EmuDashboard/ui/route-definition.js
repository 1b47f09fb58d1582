// One custom route's definition, as JSON (docs/custom-backends.md): read-only for a route from a
// file (edit the file; the server reloads it), editable for one added over the API, saved with
// PUT /__admin/routes/<id> in its place, the server's refusal shown in place.
import { api } from "./api.js";
import { h, replace, toast } from "./dom.js";

export function showDefinition(box, route, reload) {
  const definition = { ...route };
  delete definition.source;
  const text = JSON.stringify(definition, null, 2);
  const close = h("button", { type: "button", class: "small", onclick: () => replace(box) }, "Close");
  if (route.source !== "api") {
    replace(box, h("section", { class: "card route-definition", id: "route-definition", dataset: { routeId: route.id } },
      h("h3", {}, `Route ${route.id}`, " ", h("span", { class: "muted small" }, `from ${route.source}: edit the file to change it`)),
      h("pre", {}, text), close));
    return;
  }
  const editor = h("textarea", { id: "route-json", rows: Math.min(24, text.split("\n").length + 1), spellcheck: "false",
    "aria-label": `Definition of ${route.id}` });
  editor.value = text;
  const error = h("p", { id: "route-error", class: "error", role: "alert" });
  const save = async (event) => {
    event.preventDefault();
    error.textContent = "";
    let body;
    try {
      body = JSON.parse(editor.value);
    } catch (failure) {
      error.textContent = `Invalid JSON: ${failure.message}`;
      return;
    }
    try {
      await api("PUT", `/__admin/routes/${encodeURIComponent(route.id)}`, { body });
      toast(`Saved route ${route.id}`);
      replace(box);
      reload();
    } catch (failure) {
      error.textContent = `${failure.code}: ${failure.message}`;
    }
  };
  replace(box, h("section", { class: "card route-definition", id: "route-definition", dataset: { routeId: route.id } },
    h("h3", {}, `Route ${route.id}`, " ", h("span", { class: "muted small" }, "added over the API: editable here")),
    h("form", { onsubmit: save }, editor, error, h("div", { class: "buttons" }, h("button", { type: "submit", id: "route-save" }, "Save"), close))));
}
