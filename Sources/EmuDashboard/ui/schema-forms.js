// Add class and Add column, as LeanCloud's console makes them before any object exists:
// POST /__admin/schemas/<Class> with the column's type, which goes into the class's schema
// (GET /1.1/schemas shows it; later writes of another type are refused with 111). A refusal
// shows under its form with the server's code and message.
import { api } from "./api.js";
import { h } from "./dom.js";

const TYPES = ["String", "Number", "Boolean", "Date", "Pointer", "Relation", "Array", "Object", "File", "GeoPoint", "Bytes"];
const schemaPath = (className) => `/__admin/schemas/${encodeURIComponent(className)}`;

// Makes the class `className` (with no column) and says so; the error element hears a refusal.
export async function addClass(className, error) {
  try {
    await api("POST", schemaPath(className), { body: {} });
    return true;
  } catch (problem) {
    error.textContent = `${problem.code}: ${problem.message}`;
    return false;
  }
}

// A column's name, type and, for a Pointer or Relation, the class it points to.
export function addColumnForm(className, onAdded) {
  const name = h("input", { id: "new-column-name", placeholder: "field", size: 12, "aria-label": "Column name", required: true });
  const type = h("select", { id: "new-column-type", "aria-label": "Column type" }, TYPES.map((t) => h("option", { value: t }, t)));
  const target = h("input", { id: "new-column-class", placeholder: "_User", size: 10, "aria-label": "Class it points to", hidden: true });
  const error = h("p", { class: "error small", role: "alert", id: "new-column-error" });
  type.addEventListener("change", () => { target.hidden = !["Pointer", "Relation"].includes(type.value); });
  const submit = async (event) => {
    event.preventDefault();
    const entry = { type: type.value };
    if (!target.hidden) entry.className = target.value.trim();
    try {
      await api("POST", schemaPath(className), { body: { fields: { [name.value.trim()]: entry } } });
      error.textContent = "";
      onAdded(name.value.trim());
    } catch (problem) {
      error.textContent = `${problem.code}: ${problem.message}`;
    }
  };
  return h("form", { class: "card inline new-column", id: "new-column", onsubmit: submit },
    h("span", {}, `Add a column to ${className}`), name, type, target,
    h("button", { type: "submit", id: "new-column-add", class: "small" }, "Add column"), error);
}
