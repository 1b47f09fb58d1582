// A filter built from menus, beside the raw `where` JSON (as Parse Dashboard's): a field of the
// class, an operator that fits its type, a value typed as the field is; each condition is added
// to the `where` box's JSON, which stays the one truth and can be edited by hand.
import { h } from "./dom.js";

const COMPARISONS = [["$gt", ">"], ["$gte", "≥"], ["$lt", "<"], ["$lte", "≤"]];

function operators(type) {
  const all = [["eq", "equals"], ["$ne", "is not"]];
  if (type === "Number" || type === "Date") all.push(...COMPARISONS);
  if (type === "String") all.push(["starts", "starts with"], ["contains", "contains"]);
  all.push(["exists", "exists"], ["missing", "is missing"]);
  return all;
}

// The value as the field's type writes it in a where.
function typed(type, field, text) {
  switch (type.type) {
    case "Number": return Number(text);
    case "Boolean": return text.trim() === "true";
    case "Date": return { __type: "Date", iso: new Date(text).toISOString() };
    case "Pointer": return { __type: "Pointer", className: type.className, objectId: text.trim() };
    default: return text;
  }
}

const escaped = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

// `add(field, condition)` merges one condition into the where; `condition` is a value (equals)
// or an object of operators.
export function filterBuilder(schema, add) {
  const fields = Object.entries(schema || {}).filter(([, type]) => type && type.type !== "ACL" && type.type !== "Relation");
  const field = h("select", { id: "filter-field", "aria-label": "Field" }, fields.map(([name]) => h("option", { value: name }, name)));
  const operator = h("select", { id: "filter-operator", "aria-label": "Operator" });
  const value = h("input", { id: "filter-value", "aria-label": "Value", size: 14 });
  const error = h("p", { class: "error", role: "alert" });
  const typeOf = () => (schema[field.value] || { type: "String" });
  const fillOperators = () => {
    operator.replaceChildren(...operators(typeOf().type).map(([code, label]) => h("option", { value: code }, label)));
    value.placeholder = { Number: "42", Boolean: "true or false", Date: "2030-01-01T00:00:00Z", Pointer: "objectId" }[typeOf().type] || "text";
  };
  field.addEventListener("change", fillOperators);
  fillOperators();
  const submit = (event) => {
    event.preventDefault();
    error.textContent = "";
    const type = typeOf(), code = operator.value, text = value.value;
    if (code === "exists" || code === "missing") return add(field.value, { $exists: code === "exists" });
    const written = typed(type, field.value, text);
    if ((type.type === "Number" && Number.isNaN(written)) || (type.type === "Date" && text && Number.isNaN(Date.parse(text)))) {
      error.textContent = `Not a ${type.type.toLowerCase()}: ${text}`;
      return;
    }
    if (code === "eq") return add(field.value, written);
    if (code === "starts") return add(field.value, { $regex: `^${escaped(text)}` });
    if (code === "contains") return add(field.value, { $regex: escaped(text) });
    add(field.value, { [code]: written });
  };
  return h("details", { class: "filter-builder", id: "filter-builder" }, h("summary", {}, "Build a filter"),
    h("form", { class: "inline", onsubmit: submit }, field, operator, value, h("button", { type: "submit", id: "filter-add" }, "Add condition")),
    error);
}
