// One cell edited in place, by its field's type (as in Parse Dashboard): a double click, or Enter
// on the focused cell, opens an input that fits the type; Enter saves (a PUT of that one field,
// nothing when the value did not change), Escape or leaving the cell cancels. The server's
// refusal is shown under the table and the input stays open.
import { api, classPath } from "./api.js";
import { h, toast } from "./dom.js";

const SERVER_FIELDS = ["objectId", "createdAt", "updatedAt"];

export function editable(field, type) {
  return !SERVER_FIELDS.includes(field) && !(type && type.type === "Relation");
}

// The input for a value of `type`, and how to read it back.
function inputFor(type, value) {
  switch (type && type.type) {
    case "Number": return [h("input", { type: "number", step: "any", value: value ?? "" }), (input) => (input.value === "" ? null : Number(input.value))];
    case "Boolean": return [h("select", {}, ["true", "false"].map((option) => h("option", { value: option, selected: String(Boolean(value)) === option }, option))),
      (input) => input.value === "true"];
    case "Date": return [h("input", { value: value && value.iso ? value.iso : "", placeholder: "2030-01-01T00:00:00.000Z" }),
      (input) => ({ __type: "Date", iso: new Date(input.value).toISOString() })];
    case "Pointer": return [h("input", { value: value && value.objectId ? value.objectId : "", placeholder: `objectId of ${type.className}` }),
      (input) => ({ __type: "Pointer", className: type.className, objectId: input.value.trim() })];
    case "String": return [h("input", { value: value ?? "" }), (input) => input.value];
    default: return [h("input", { value: value === undefined ? "" : JSON.stringify(value), spellcheck: "false" }), (input) => JSON.parse(input.value)];
  }
}

export function editCell(td, { className, object, field, type, errorLine, onSaved }) {
  if (td.querySelector(".cell-input")) return;
  const [input, read] = inputFor(type, object[field]);
  input.classList.add("cell-input");
  input.setAttribute("aria-label", `${field} of ${object.objectId}`);
  const shown = [...td.childNodes];
  const close = () => { td.replaceChildren(...shown); td.focus(); };
  input.addEventListener("keydown", async (event) => {
    if (event.key === "Escape") { event.preventDefault(); errorLine.textContent = ""; close(); return; }
    if (event.key !== "Enter") return;
    event.preventDefault();
    let value;
    try {
      value = read(input);
    } catch (failure) {
      errorLine.textContent = `${field}: ${failure.message}`;
      return;
    }
    if (JSON.stringify(value) === JSON.stringify(object[field])) { close(); return; }
    try {
      await api("PUT", `${classPath(className)}/${object.objectId}`, { body: { [field]: value } });
      errorLine.textContent = "";
      toast(`Saved ${field} of ${object.objectId}`);
      close();  // then the table redraws with the value saved
      onSaved();
    } catch (failure) {
      errorLine.textContent = `${field}: ${failure.code}: ${failure.message}`;
    }
  });
  input.addEventListener("blur", () => { if (td.contains(input)) close(); });
  td.replaceChildren(input);
  input.focus();
  // The value is selected: typing replaces it.
  if (input.select) input.select();
}
