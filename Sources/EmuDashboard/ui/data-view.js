// Data: the app's classes with their counts, then the chosen class's objects and schema.
// Address: #/data, #/data/<Class>, #/data/<Class>/<objectId> (opens that object in the editor).
// The counts and the class list follow the server (live.js, "counts"): a class the app creates
// appears as it is created. A new class is opened by name (LeanCloud makes a class with its
// first object): its table starts empty, and the view redraws with its fields once it exists.
// Add class makes it at once, with no object, as LeanCloud's console does; Add column gives a
// class a typed column before any object has the field (schema-forms.js).
import { api, classPath } from "./api.js";
import { h, panel, replace } from "./dom.js";
import { lastState, watch } from "./live.js";
import { objectTable } from "./object-table.js";
import { addClass, addColumnForm } from "./schema-forms.js";

export async function render(container, [className, objectId]) {
  const schemas = await api("GET", "/1.1/schemas");
  if (!container.isConnected) return;  // another view was shown meanwhile (app.js)
  const names = Object.keys(schemas).sort(byUserClassesFirst);
  const isNew = Boolean(className) && !names.includes(className) && CLASS_NAME.test(className);
  const chosen = className && (names.includes(className) || isNew) ? className : names.includes("Post") ? "Post" : names[0];
  const list = h("ul", { class: "classes", id: "class-list" });
  const detail = h("div", { class: "class-detail", id: "class-detail" });
  replace(container, h("div", { class: "split" },
    h("nav", { class: "card class-list", "aria-label": "Classes" }, h("h2", {}, "Classes"), list, newClassForm()),
    detail));
  const counts = new Map();
  const fillList = (classNames, known) => {
    replace(list, classNames.map((name) => {
      const count = h("span", { class: "count", dataset: { className: name } }, known ? String(known[name] ?? 0) : "…");
      counts.set(name, count);
      if (!known) countObjects(name).then((n) => { count.textContent = n; });
      return h("li", {}, h("a", {
        href: `#/data/${encodeURIComponent(name)}`,
        "aria-current": name === chosen ? "page" : undefined,
      }, h("span", {}, name), count));
    }));
  };
  fillList(names, lastState()?.counts);
  watch(["counts"], async (state) => {
    const fresh = Object.keys(state.counts).filter((name) => !counts.has(name));
    // The new class shown got its first object: drawn again, with its fields.
    if (isNew && fresh.includes(chosen)) { await render(container, [chosen]); return; }
    if (fresh.length) {
      // A new class: its schema says where it goes in the list.
      const latest = Object.keys(await api("GET", "/1.1/schemas")).sort(byUserClassesFirst);
      fillList(latest, state.counts);
      return;
    }
    for (const [name, count] of counts) count.textContent = String(state.counts[name] ?? 0);
  });
  if (!chosen) {
    replace(detail, panel("No classes", h("p", {}, "Create an object through /1.1 to see it here.")));
    return;
  }
  replace(detail, objectTable(chosen, schemas[chosen] || {}, { openObjectId: objectId }),
    isNew ? h("p", { class: "muted", id: "new-class-note" }, `${chosen} has no object yet: "New object" creates its first, and with it the class; Add class makes it empty.`)
      : [schemaPanel(chosen, schemas[chosen]), addColumnForm(chosen, () => render(container, [chosen]))]);
}

async function countObjects(className) {
  try {
    const answer = await api("GET", classPath(className), { query: { count: 1, limit: 0 } });
    return String(answer.count);
  } catch {
    return "–";
  }
}

function schemaPanel(className, schema) {
  const rows = Object.entries(schema || {}).map(([field, type]) => h("tr", {},
    h("th", { scope: "row" }, field),
    h("td", {}, type.type + (type.className ? ` → ${type.className}` : ""))));
  return h("details", { class: "card schema" },
    h("summary", {}, `Schema of ${className}`),
    h("table", {}, h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Field"), h("th", { scope: "col" }, "Type"))),
      h("tbody", {}, rows)));
}

// The app's own classes first, then LeanCloud's built-in `_…` classes.
function byUserClassesFirst(a, b) {
  const builtInA = a.startsWith("_"), builtInB = b.startsWith("_");
  return builtInA === builtInB ? a.localeCompare(b) : builtInA ? 1 : -1;
}

// LeanCloud's class names: a letter, then letters, digits and underscores.
const CLASS_NAME = /^[A-Za-z][A-Za-z0-9_]{0,127}$/;

// Opens a class by name, new or not; or adds it (empty) at once.
function newClassForm() {
  const name = h("input", { id: "new-class-name", placeholder: "NewClass", size: 12, "aria-label": "Class name", required: true });
  const error = h("p", { class: "error small", role: "alert", id: "new-class-error" });
  const checked = () => {
    const text = name.value.trim();
    if (!CLASS_NAME.test(text)) { error.textContent = "A letter, then letters, digits or _"; return null; }
    error.textContent = "";
    return text;
  };
  const add = h("button", { type: "button", id: "new-class-add", class: "small" }, "Add class");
  add.addEventListener("click", async () => {
    const text = checked();
    if (text && await addClass(text, error)) location.hash = `#/data/${encodeURIComponent(text)}`;
  });
  return h("form", { class: "inline new-class", onsubmit: (event) => {
    event.preventDefault();
    const text = checked();
    if (text) location.hash = `#/data/${encodeURIComponent(text)}`;
  } }, name, h("button", { type: "submit", id: "new-class-open", class: "small" }, "Open class"), add, error);
}
