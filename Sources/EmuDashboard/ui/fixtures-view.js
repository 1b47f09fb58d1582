// The fixtures panels of "Time and faults": cloud function stubs and their calls, snapshots
// (take, restore, download, delete; the whole app downloaded or restored from a file,
// app-file.js) and the reset back to the seed.
import { api } from "./api.js";
import { downloadButton, restoreFromFile } from "./app-file.js";
import { functionsPanel } from "./functions-panel.js";
import { attempt, h, localTime, panel, replace } from "./dom.js";
import { watch } from "./live.js";

export function fixturePanels() {
  const snapshots = h("tbody", { id: "snapshots" });
  const loadSnapshots = async () => {
    const list = await api("GET", "/__admin/snapshots");
    // Redrawn only when the list changed, so a Restore waiting for its confirmation stays armed.
    const signature = JSON.stringify(list.results);
    if (snapshots.dataset.signature === signature) return;
    snapshots.dataset.signature = signature;
    replace(snapshots, list.results.length ? list.results.map((snapshot) => h("tr", {},
      h("td", {}, snapshot.name), h("td", {}, localTime(snapshot.takenAt)), h("td", {}, String(snapshot.objects)),
      h("td", {},
        restoreButton(snapshot), " ",
        downloadButton(`/__admin/snapshots/${encodeURIComponent(snapshot.name)}/export`, `${snapshot.name}.json`, "Download",
          { dataset: { download: snapshot.name } }), " ",
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
  watch(["time"], loadSnapshots);
  return [
    functionsPanel(),
    panel("Snapshots",
      h("form", { class: "inline", onsubmit: take }, name, h("button", { type: "submit" }, "Take")),
      restoreFromFile(),
      h("div", { class: "table-scroll" }, h("table", {}, h("thead", {}, h("tr", {}, ["Name", "Taken", "Objects", ""].map((title) => h("th", { scope: "col" }, title)))), snapshots))),
    panel("Reset", h("p", {}, "Empties the app's data, outbox, function stubs and faults and reloads the seed. Snapshots stay."), reset),
  ];
}

// Restoring replaces every object of the app with the snapshot's: a second click confirms, as
// for the reset.
function restoreButton(snapshot) {
  const label = "Restore";
  const button = h("button", { type: "button", class: "small", dataset: { snapshot: snapshot.name } }, label);
  button.addEventListener("click", async () => {
    if (button.dataset.armed !== "yes") {
      button.dataset.armed = "yes";
      button.textContent = `Confirm: replace all data with ${snapshot.name}`;
      return;
    }
    button.dataset.armed = "";
    button.textContent = label;
    await attempt(() => api("POST", `/__admin/snapshots/${encodeURIComponent(snapshot.name)}/restore`, { body: {} }), `Restored ${snapshot.name}`);
  });
  button.addEventListener("blur", () => { button.dataset.armed = ""; button.textContent = label; });
  return button;
}
