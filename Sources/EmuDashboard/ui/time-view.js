// Time and faults: the emulator clock (advance, set, reset) and injected faults and delays;
// below them the fixtures panels (function stubs and calls, snapshots, reset).
import { api } from "./api.js";
import { attempt, h, localTime, panel, replace } from "./dom.js";
import { poll } from "./poll.js";
import { watch } from "./live.js";
import { fixturePanels } from "./fixtures-view.js";

export async function render(container) {
  const now = h("p", { class: "clock", id: "clock-now" });
  const faultList = h("tbody", { id: "fault-list" });
  // The clock's seconds tick here, from the last answer; the server is asked again only when
  // the clock was moved (live.js, "time").
  let known = null;
  const tick = () => {
    if (!known) return;
    const elapsed = known.clock.mode === "fixed" ? 0 : Date.now() - known.at;
    showClock({ ...known.clock, now: new Date(Date.parse(known.clock.now) + elapsed).toISOString() });
  };
  const fetchClock = async () => { known = { clock: await api("GET", "/__admin/clock"), at: Date.now() }; tick(); };
  const showClock = (clock) => replace(now, localTime(clock.now), " ", h("code", {}, clock.now), " ",
    h("span", { class: "badge" }, clock.mode === "fixed" ? "stopped" : "running"),
    clock.offsetMs ? h("span", { class: "muted", title: `${clock.offsetMs} ms` }, ` offset ${duration(clock.offsetMs)}`) : null);
  const clockCommand = async (body) => {
    const clock = await attempt(() => api("POST", "/__admin/clock", { body }), "Clock moved");
    if (clock) { known = { clock, at: Date.now() }; tick(); }
  };
  const advance = h("input", { id: "clock-advance", value: "16m", size: 6, "aria-label": "Advance by (ms s m h d)" });
  const setTo = h("input", { id: "clock-set", placeholder: "2030-01-01T00:00:00Z", "aria-label": "Set to (ISO date)" });
  const loadFaults = async () => {
    const faults = await api("GET", "/__admin/faults");
    replace(faultList, faults.results.length ? faults.results.map((fault) => faultRow(fault, loadFaults))
      : h("tr", {}, h("td", { colspan: 6, class: "muted" }, "No faults: every request is answered normally.")));
  };
  replace(container, h("div", { class: "grid" },
    panel("Clock", now,
      h("form", { class: "inline", onsubmit: (event) => { event.preventDefault(); clockCommand({ advance: advance.value.trim() }); } },
        advance, h("button", { type: "submit", id: "clock-advance-button" }, "Advance")),
      h("form", { class: "inline", onsubmit: (event) => { event.preventDefault(); clockCommand({ set: setTo.value.trim() }); } },
        setTo, h("button", { type: "submit" }, "Set")),
      h("button", { type: "button", onclick: () => clockCommand({ reset: true }) }, "Back to real time")),
    panel("Faults and delays",
      h("div", { class: "table-scroll" }, h("table", {},
        h("thead", {}, h("tr", {}, ["Method", "Path", "Status", "Delay", "Times left", ""].map((title) => h("th", { scope: "col" }, title)))),
        faultList)),
      faultForm(loadFaults)),
    ...fixturePanels()));
  await fetchClock();
  await loadFaults();
  if (!container.isConnected) return;  // another view was shown meanwhile (app.js)
  poll(tick, 1000);
  watch(["time"], fetchClock);
  watch(["faults"], loadFaults);
}

function faultRow(fault, reload) {
  const remove = () => attempt(() => api("DELETE", `/__admin/faults/${fault.id}`), "Fault removed").then(reload);
  return h("tr", { dataset: { id: fault.id } },
    h("td", {}, fault.method), h("td", {}, h("code", {}, fault.path)),
    h("td", {}, fault.status ?? "—", fault.body ? h("div", { class: "small muted" }, JSON.stringify(fault.body)) : null),
    h("td", {}, fault.delayMs ? `${fault.delayMs} ms` : "—"),
    h("td", {}, fault.times === 0 ? "until removed" : String(fault.times)),
    h("td", {}, h("button", { type: "button", class: "small danger", onclick: remove }, "Remove")));
}

function faultForm(reload) {
  const field = (id, label, attributes = {}) => h("label", {}, label, " ", h("input", { id, ...attributes }));
  const value = (id) => document.getElementById(id).value.trim();
  const submit = async (event) => {
    event.preventDefault();
    const body = { method: value("fault-method") || "*", path: value("fault-path") };
    if (value("fault-status")) body.status = Number(value("fault-status"));
    if (value("fault-code")) body.code = Number(value("fault-code"));
    if (value("fault-error")) body.error = value("fault-error");
    if (value("fault-delay")) body.delayMs = Number(value("fault-delay"));
    if (value("fault-times")) body.times = Number(value("fault-times"));
    if (await attempt(() => api("POST", "/__admin/faults", { body }), "Fault added")) reload();
  };
  return h("form", { class: "fault-form", onsubmit: submit },
    field("fault-method", "Method", { value: "*", size: 5 }),
    field("fault-path", "Path", { placeholder: "/1.1/classes/Post*", required: true }),
    field("fault-status", "Status", { placeholder: "503", size: 4, inputmode: "numeric" }),
    field("fault-code", "Code", { placeholder: "same", size: 4, inputmode: "numeric" }),
    field("fault-error", "Error", { placeholder: "Service Unavailable." }),
    field("fault-delay", "Delay ms", { placeholder: "0", size: 5, inputmode: "numeric" }),
    field("fault-times", "Times", { value: "1", size: 3, inputmode: "numeric" }),
    h("button", { type: "submit", id: "fault-add" }, "Add fault"));
}

// An offset in the largest unit that keeps it short: "+16 min", "-2 h", "+3.5 d".
function duration(ms) {
  const units = [["d", 86400000], ["h", 3600000], ["min", 60000], ["s", 1000]];
  const [unit, size] = units.find(([, size]) => Math.abs(ms) >= size) || ["ms", 1];
  const value = Math.round((ms / size) * 10) / 10;
  return `${value > 0 ? "+" : ""}${value} ${unit}`;
}
