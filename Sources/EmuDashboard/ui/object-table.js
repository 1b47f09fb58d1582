// One class's objects: a page of 20, sorted by a clicked column, filtered by a `where` box
// (JSON, spec §3.1), each row with Edit and Delete and a checkbox (selection.js: several deleted
// at once); "New object" opens an empty editor.
import { api, classPath } from "./api.js";
import { aclCell, cell } from "./cells.js";
import { attempt, h, panel, replace } from "./dom.js";
import { watch } from "./live.js";
import { openEditor } from "./object-editor.js";
import { selection } from "./selection.js";
import { columnChooser } from "./columns.js";
import { filterBuilder } from "./filter-builder.js";
import { editable, editCell } from "./cell-editor.js";
import { transferControls } from "./class-transfer.js";
import { credentials } from "./session.js";

const PAGE = 20;

export function objectTable(className, schema, { openObjectId } = {}) {
  const state = { skip: 0, order: "-createdAt", where: null };
  const fields = Object.keys(schema || {}).filter((f) => !["objectId", "createdAt", "updatedAt", "ACL"].includes(f));
  // The columns shown and their order are the user's (columns.js).
  const chooser = columnChooser(credentials().appId, className, ["objectId", ...fields, "createdAt", "updatedAt", "ACL"],
    () => { delete body.dataset.signature; load(); });
  const whereInput = h("input", { id: "where", type: "text", placeholder: wherePlaceholder(schema), "aria-describedby": "where-error", spellcheck: "false" });
  const whereError = h("p", { id: "where-error", class: "error", role: "alert" });
  const status = h("span", { class: "muted", id: "page-status" });
  const body = h("tbody");
  const head = h("thead");
  const prev = h("button", { type: "button", onclick: () => { state.skip = Math.max(0, state.skip - PAGE); load(); } }, "← Previous");
  const next = h("button", { type: "button", onclick: () => { state.skip += PAGE; load(); } }, "Next →");
  const edit = (object) => openEditor({ className, object, onSaved: load });
  const selected = selection(className, () => load());

  // Errors are shown in place, with no rows and no pages left from the answer before.
  const loadError = h("p", { id: "table-error", class: "error", role: "alert" });

  async function load() {
    let answer;
    try {
      answer = await api("GET", classPath(className), {
        query: { limit: PAGE, skip: state.skip, order: state.order, where: state.where, count: 1 },
      });
    } catch (error) {
      loadError.textContent = error.unreachable ? error.message : `${error.code}: ${error.message}`;
      replace(body);
      selected.showing([]);
      delete body.dataset.signature;
      status.textContent = "—";
      prev.disabled = next.disabled = true;
      return;
    }
    loadError.textContent = "";
    renderHead();
    // Redrawn only when the page changed, so a Delete waiting for its confirmation stays armed.
    const signature = JSON.stringify(answer);
    if (body.dataset.signature === signature) return;
    // A cell being edited is not wiped by a live reload; the next one redraws.
    if (body.querySelector(".cell-input")) return;
    body.dataset.signature = signature;
    const columns = chooser.shown();
    // Actions first: a wide class scrolls sideways, and Edit and Delete stay in sight.
    replace(body, answer.results.map((object) => h("tr", { dataset: { objectId: object.objectId } },
      h("td", { class: "actions" }, selected.rowBox(object), " ",
        h("button", { type: "button", class: "small", "aria-label": `Edit ${object.objectId}`, onclick: () => edit(object) }, "Edit"), " ",
        deleteButton(object)),
      columns.map((column) => dataCell(object, column)))));
    selected.showing(answer.results.map((object) => object.objectId));
    const last = Math.min(state.skip + answer.results.length, answer.count);
    status.textContent = answer.count ? `${state.skip + 1}–${last} of ${answer.count}` : "no objects";
    prev.disabled = state.skip === 0;
    next.disabled = last >= answer.count;
  }

  // A cell; a field's cell is edited in place on a double click or Enter (cell-editor.js).
  function dataCell(object, column) {
    const content = column === "ACL" ? aclCell(object.ACL) : cell(object[column]);
    const type = column === "ACL" ? { type: "ACL" } : (schema || {})[column];
    if (!editable(column, type)) return h("td", { dataset: { column } }, content);
    const open = (td) => editCell(td, { className, object, field: column, type, errorLine: loadError, onSaved: load });
    return h("td", { dataset: { column }, tabindex: 0, class: "editable", title: "Double-click or Enter to edit",
      ondblclick: (event) => open(event.currentTarget),
      onkeydown: (event) => { if (event.key === "Enter" && event.target === event.currentTarget) { event.preventDefault(); open(event.currentTarget); } } },
    content);
  }

  function renderHead() {
    replace(head, h("tr", {}, h("th", { scope: "col" }, selected.pageBox, h("span", { class: "visually-hidden" }, "Actions")), chooser.shown().map((column) => {
      if (column === "ACL") return h("th", { scope: "col" }, "ACL");  // not a sortable field
      const direction = state.order === column ? "ascending" : state.order === `-${column}` ? "descending" : undefined;
      return h("th", { scope: "col", "aria-sort": direction },
        h("button", { type: "button", class: "sort", dataset: { column }, onclick: () => sortBy(column) },
          column, direction === "ascending" ? " ▲" : direction === "descending" ? " ▼" : ""));
    })));
  }

  function sortBy(column) {
    state.order = state.order === column ? `-${column}` : column;
    state.skip = 0;
    load();
  }

  function deleteButton(object) {
    const button = h("button", { type: "button", class: "small danger", "aria-label": `Delete ${object.objectId}` }, "Delete");
    button.addEventListener("click", async () => {
      if (button.dataset.armed !== "yes") {
        button.dataset.armed = "yes";
        button.textContent = "Confirm delete";
        return;
      }
      const done = await attempt(() => api("DELETE", `${classPath(className)}/${object.objectId}`), `Deleted ${object.objectId}`);
      if (done !== undefined) load();
    });
    return button;
  }

  // One condition from the filter builder, merged into the where box's JSON, then applied.
  function addCondition(field, condition) {
    let where = {};
    try { where = JSON.parse(whereInput.value.trim() || "{}"); } catch { /* a broken box is started over */ }
    const before = where[field];
    const mergeable = (value) => value && typeof value === "object" && !value.__type && Object.keys(value).every((key) => key.startsWith("$"));
    where[field] = mergeable(before) && mergeable(condition) ? { ...before, ...condition } : condition;
    whereInput.value = JSON.stringify(where);
    applyWhere();
  }

  function applyWhere(event) {
    if (event) event.preventDefault();
    whereError.textContent = "";
    const text = whereInput.value.trim();
    try {
      state.where = text ? JSON.parse(text) : null;
      if (state.where !== null && (typeof state.where !== "object" || Array.isArray(state.where))) throw new Error("where must be a JSON object");
    } catch (error) {
      whereError.textContent = `Not a where object: ${error.message}`;
      return;
    }
    state.skip = 0;
    load();
  }

  load().then(() => {
    if (openObjectId) api("GET", `${classPath(className)}/${openObjectId}`).then(edit, () => {});
  });
  // Live: the page shown is read again when the app's data changed.
  watch(["data"], load);
  return panel(className,
    h("form", { class: "where", onsubmit: applyWhere },
      h("label", { for: "where" }, "where"), whereInput,
      h("button", { type: "submit" }, "Filter"),
      h("button", { type: "button", onclick: () => openEditor({ className, object: null, onSaved: load }) }, "New object"),
      selected.button, transferControls(className, () => load())),
    filterBuilder(schema, addCondition),
    whereError, loadError, chooser.element,
    h("div", { class: "table-scroll" }, h("table", { class: "objects" }, head, body)),
    h("div", { class: "pager" }, prev, status, next));
}

// An example `where` from this class's own fields: its first string field, else a number,
// else a boolean, else its objectId.
export function wherePlaceholder(schema) {
  const fields = Object.entries(schema || {}).filter(([field]) => !["objectId", "createdAt", "updatedAt", "ACL"].includes(field));
  const first = (type) => fields.find(([, kind]) => kind && kind.type === type)?.[0];
  if (first("String")) return JSON.stringify({ [first("String")]: { $regex: "^A" } });
  if (first("Number")) return JSON.stringify({ [first("Number")]: { $gt: 0 } });
  if (first("Boolean")) return JSON.stringify({ [first("Boolean")]: true });
  return '{"objectId":"…"}';
}
