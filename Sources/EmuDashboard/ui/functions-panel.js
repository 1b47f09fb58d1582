// The cloud function stubs panel of "Time and faults": what each function answers (add one as
// JSON, remove one) and the latest calls made to them.
import { api } from "./api.js";
import { attempt, h, localTime, panel, replace } from "./dom.js";
import { watch } from "./live.js";

export function functionsPanel() {
  const stubs = h("div", { id: "stubs" });
  const calls = h("ol", { id: "function-calls", class: "calls" });
  const name = h("input", { id: "stub-name", placeholder: "hello", required: true, size: 10, "aria-label": "Function name" });
  const answer = h("input", { id: "stub-answer", value: '{"result":"Hello"}', spellcheck: "false", "aria-label": "Stub answer as JSON", "aria-describedby": "stub-error" });
  const error = h("p", { id: "stub-error", class: "error", role: "alert" });
  const remove = (stub) => attempt(() => api("DELETE", `/__admin/functions/${encodeURIComponent(stub.name)}`)).then(load);
  async function load() {
    const [stubList, callList] = await Promise.all([api("GET", "/__admin/functions"), api("GET", "/__admin/function-calls")]);
    replace(stubs, stubList.results.length ? h("ul", {}, stubList.results.map((stub) => h("li", {},
      h("code", {}, stub.name), " → ", h("code", {}, JSON.stringify(stub.result ?? stub.error)), " ",
      h("button", { type: "button", class: "small danger", onclick: () => remove(stub) }, "Remove"))))
      : h("p", { class: "muted" }, "No stubs: every function answers 404 \"No such cloud function\"."));
    replace(calls, callList.results.slice(-20).reverse().map((call) => h("li", {},
      localTime(call.calledAt), " ", h("code", {}, call.name), " ", h("code", { class: "small" }, JSON.stringify(call.params)))));
  }
  async function add(event) {
    event.preventDefault();
    error.textContent = "";
    let body;
    try {
      body = JSON.parse(answer.value);
    } catch (failure) {
      error.textContent = `Invalid JSON: ${failure.message}`;
      return;
    }
    try {
      await api("PUT", `/__admin/functions/${encodeURIComponent(name.value.trim())}`, { body });
      load();
    } catch (failure) {
      error.textContent = `${failure.code}: ${failure.message}`;
    }
  }
  load().catch(() => {});
  watch(["time"], load);
  return panel("Function stubs", stubs,
    h("form", { class: "inline", onsubmit: add }, name, answer, h("button", { type: "submit", id: "stub-add" }, "Set stub")), error,
    h("p", { class: "muted small" }, '{"result":…} or {"error":{"code":N,"error":"…"},"status":400}'),
    h("h3", {}, "Latest calls"), calls,
    h("button", { type: "button", onclick: () => load() }, "Refresh"));
}
