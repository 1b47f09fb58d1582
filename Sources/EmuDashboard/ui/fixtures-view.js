// The fixtures panels of "Time and faults": cloud function stubs and their calls, snapshots
// (take, restore, delete) and the reset back to the seed.
import { api } from "./api.js";
import { functionsPanel } from "./functions-panel.js";
import { attempt, h, localTime, panel, replace } from "./dom.js";

export function fixturePanels() {
  const snapshots = h("tbody", { id: "snapshots" });
  const loadSnapshots = async () => {
    const list = await api("GET", "/__admin/snapshots");
    replace(snapshots, list.results.length ? list.results.map((snapshot) => h("tr", {},
      h("td", {}, snapshot.name), h("td", {}, localTime(snapshot.takenAt)), h("td", {}, String(snapshot.objects)),
      h("td", {},
        h("button", { type: "button", class: "small", onclick: () => attempt(() => api("POST", `/__admin/snapshots/${encodeURIComponent(snapshot.name)}/restore`, { body: {} }), `Restored ${snapshot.name}`) }, "Restore"), " ",
        h("button", { type: "button", class: "small danger", onclick: () => attempt(() => api("DELETE", `/__admin/snapshots/${encodeURIComponent(snapshot.name)}`)).then(loadSnapshots) }, "Delete"))))
      : h("tr", {}, h("td", { colspan: 4, class: "muted" }, "No snapshots.")));
  };
  const name = h("input", { id: "snapshot-name", placeholder: "fixture", required: true, "aria-label": "Snapshot name" });
  const take = async (event) => {
    event.preventDefault();
    if (await attempt(() => api("PUT", `/__admin/snapshots/${encodeURIComponent(name.value.trim())}`, { body: {} }), "Snapshot taken")) loadSnapshots();
  };
  const reset = h("button", { type: "button", class: "danger" }, "Reset to the seed");
  reset.addEventListener("click", async () => {
    if (reset.dataset.armed !== "yes") { reset.dataset.armed = "yes"; reset.textContent = "Confirm: erase all data"; return; }
    reset.dataset.armed = "";
    reset.textContent = "Reset to the seed";
    await attempt(() => api("POST", "/__admin/reset"), "Reset: data, outbox, stubs and faults are back to the seed");
  });
  loadSnapshots().catch(() => {});
  return [
    functionsPanel(),
    panel("Snapshots",
      h("form", { class: "inline", onsubmit: take }, name, h("button", { type: "submit" }, "Take")),
      h("div", { class: "table-scroll" }, h("table", {}, h("thead", {}, h("tr", {}, ["Name", "Taken", "Objects", ""].map((title) => h("th", { scope: "col" }, title)))), snapshots))),
    panel("Reset", h("p", {}, "Empties the app's data, outbox, function stubs and faults and reloads the seed. Snapshots stay."), reset),
  ];
}
