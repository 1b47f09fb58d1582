// Which of a class's columns the table shows, and in which order, as in Parse Dashboard:
// remembered per app and class in localStorage (field names only, nothing secret), so they
// survive a reload and a restart. objectId always shows: it names the row.
import { h } from "./dom.js";

export function columnChooser(appId, className, columns, onChange) {
  const key = `lcemu.dashboard.columns:${appId}:${className}`;
  const saved = read(key);
  // Columns the class gained since go at the end; columns it lost are forgotten.
  let order = [...saved.order.filter((column) => columns.includes(column)), ...columns.filter((column) => !saved.order.includes(column))];
  const hidden = new Set(saved.hidden.filter((column) => columns.includes(column) && column !== "objectId"));
  const list = h("ol", { class: "column-list" });
  const save = () => {
    localStorage.setItem(key, JSON.stringify({ order, hidden: [...hidden] }));
    draw();
    onChange();
  };
  const draw = () => list.replaceChildren(...order.map((column, index) => h("li", { dataset: { column } },
    h("label", {}, h("input", { type: "checkbox", checked: !hidden.has(column), disabled: column === "objectId",
      "aria-label": `Show ${column}`,
      onchange: (event) => { if (event.target.checked) hidden.delete(column); else hidden.add(column); save(); } }), " ", column),
    h("button", { type: "button", class: "small", disabled: index === 0, "aria-label": `Move ${column} left`,
      onclick: () => { order = [...order.slice(0, index - 1), column, order[index - 1], ...order.slice(index + 1)]; save(); } }, "↑"))));
  draw();
  return {
    element: h("details", { class: "columns", id: "columns" }, h("summary", {}, "Columns"), list,
      h("button", { type: "button", class: "small", onclick: () => { order = [...columns]; hidden.clear(); save(); } }, "Show all, in the class's order")),
    shown: () => order.filter((column) => !hidden.has(column)),
  };
}

function read(key) {
  try {
    const value = JSON.parse(localStorage.getItem(key) || "null");
    if (value && Array.isArray(value.order) && Array.isArray(value.hidden)) return value;
  } catch {
    // A damaged entry is as none.
  }
  return { order: [], hidden: [] };
}
