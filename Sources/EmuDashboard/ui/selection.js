// Several objects deleted at once, as in Parse Dashboard: a checkbox on each row and one for the
// page; "Delete N selected" asks first (a second click), then deletes them in one /1.1/batch.
// The choice survives the table being redrawn (a live reload) for the rows still shown.
import { api, classPath } from "./api.js";
import { h, toast } from "./dom.js";

export function selection(className, onDeleted) {
  const chosen = new Set();
  let shown = [];
  const pageBox = h("input", { type: "checkbox", id: "select-page", "aria-label": "Select every object of this page" });
  const button = h("button", { type: "button", class: "danger", id: "delete-selected", hidden: true });
  const refresh = () => {
    for (const id of [...chosen]) if (!shown.includes(id)) chosen.delete(id);
    button.hidden = chosen.size === 0;
    if (button.dataset.armed !== "yes") button.textContent = `Delete ${chosen.size} selected`;
    pageBox.checked = shown.length > 0 && shown.every((id) => chosen.has(id));
    pageBox.indeterminate = chosen.size > 0 && !pageBox.checked;
    for (const box of document.querySelectorAll("input[data-select-object]")) box.checked = chosen.has(box.dataset.selectObject);
  };
  const disarm = () => { button.dataset.armed = ""; refresh(); };
  pageBox.addEventListener("change", () => {
    for (const id of shown) if (pageBox.checked) chosen.add(id); else chosen.delete(id);
    disarm();
  });
  button.addEventListener("blur", disarm);
  button.addEventListener("click", async () => {
    if (button.dataset.armed !== "yes") {
      button.dataset.armed = "yes";
      button.textContent = `Confirm: delete ${chosen.size} object${chosen.size === 1 ? "" : "s"}`;
      return;
    }
    const ids = [...chosen];
    const requests = ids.map((id) => ({ method: "DELETE", path: `${classPath(className)}/${encodeURIComponent(id)}` }));
    try {
      const answers = await api("POST", "/1.1/batch", { body: { requests } });
      const failed = answers.filter((answer) => answer.error);
      toast(failed.length ? `${ids.length - failed.length} deleted; ${failed.length} refused: ${failed[0].error.error}`
        : `Deleted ${ids.length} object${ids.length === 1 ? "" : "s"}`, failed.length ? "error" : "info");
    } catch (error) {
      toast(`${error.code}: ${error.message}`, "error");
    }
    chosen.clear();
    disarm();
    onDeleted();
  });
  return {
    pageBox,
    button,
    // The checkbox of one row.
    rowBox(object) {
      return h("input", { type: "checkbox", dataset: { selectObject: object.objectId }, checked: chosen.has(object.objectId),
        "aria-label": `Select ${object.objectId}`,
        onchange: (event) => { if (event.target.checked) chosen.add(object.objectId); else chosen.delete(object.objectId); disarm(); } });
    },
    // The rows now on the page.
    showing(ids) {
      shown = ids;
      refresh();
    },
  };
}
