// The fixtures panels of "Time and faults": cloud function stubs and their calls, snapshots
// (take, restore, delete) and the reset back to the seed.
import { api } from "./api.js";
import { attempt, h, localTime, panel, replace } from "./dom.js";

export function fixturePanels() {
  const stubs = h("div", { id: "stubs" });
  const calls = h("ol", { id: "function-calls", class: "calls" });
  const snapshots = h("tbody", { id: "snapshots" });
  const loadFunctions = async () => {
    const [stubList, callList] = await Promise.all([api("GET", "/__admin/functions"), api("GET", "/__admin/function-calls")]);
    replace(stubs, stubList.results.length ? h("ul", {}, stubList.results.map((stub) => h("li", {},
      h("code", {}, stub.name), " → ", h("code", {}, JSON.stringify(stub.result ?? stub.error)), " ",
      h("button", { type: "button", class: "small danger", onclick: () => attempt(() => api("DELETE", `/__admin/functions/${encodeURIComponent(stub.name)}`)).then(loadFunctions) }, "Remove"))))
      : h("p", { class: "muted" }, "No stubs: PUT /__admin/functions/<name> {\"result\":…} to add one."));
    replace(calls, callList.results.slice(-20).reverse().map((call) => h("li", {},
      localTime(call.at ?? call.calledAt ?? ""), " ", h("code", {}, call.name), " ", h("code", { class: "small" }, JSON.stringify(call.params)))));
  };
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
  loadFunctions().catch(() => {});
  loadSnapshots().catch(() => {});
  return [
    panel("Function stubs", stubs, h("h3", {}, "Latest calls"), calls,
      h("button", { type: "button", onclick: () => loadFunctions() }, "Refresh")),
    panel("Snapshots",
      h("form", { class: "inline", onsubmit: take }, name, h("button", { type: "submit" }, "Take")),
      h("div", { class: "table-scroll" }, h("table", {}, h("thead", {}, h("tr", {}, ["Name", "Taken", "Objects", ""].map((title) => h("th", { scope: "col" }, title)))), snapshots))),
    panel("Reset", h("p", {}, "Empties the app's data, outbox, function stubs and faults and reloads the seed. Snapshots stay."), reset),
  ];
}
