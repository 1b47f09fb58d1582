// The overview's Engine panel, for an app with a LeanEngine app (docs/cloud-code.md): its URL,
// the time limit, whether it answers (its newest call), the functions and hooks it defines as
// LCEmu last asked (reading GET /__admin/engine asks the engine nothing), the calls kept.
import { api } from "./api.js";
import { h, panel } from "./dom.js";
import { hookName, isHook, outcome } from "./engine-calls.js";

export async function enginePanel() {
  const engine = await api("GET", "/__admin/engine");
  const names = engine.definitions;
  const functions = names ? names.filter((name) => !isHook(name)) : null;
  const hooks = names ? names.filter(isHook).map(hookName).sort() : null;
  const unknown = h("span", { class: "muted" }, "not known yet: LCEmu asks the engine when a call first needs it");
  return panel("Engine", h("dl", { class: "facts", id: "overview-engine" },
    h("dt", {}, "URL"), h("dd", {}, h("code", { id: "overview-engine-url" }, engine.url)),
    h("dt", {}, "Time limit"), h("dd", {}, engine.timeoutSeconds == null
      ? "LeanCloud's: 15 s functions, 10 s before-hooks, 3 s others" : `${engine.timeoutSeconds} s`),
    h("dt", {}, "State"), h("dd", { id: "overview-engine-state" }, state(engine.calls[0])),
    h("dt", {}, "Functions"), h("dd", { id: "overview-engine-functions" }, !functions ? unknown
      : functions.length ? functions.map((name, index) => [index ? ", " : "", h("code", {}, name)]) : "none"),
    h("dt", {}, "Hooks"), h("dd", {}, !hooks ? unknown.cloneNode(true)
      : hooks.length ? h("ul", { class: "engine-hooks", id: "overview-engine-hooks" }, hooks.map((hook) => h("li", {}, hook))) : "none"),
    h("dt", {}, "Calls kept"), h("dd", { id: "overview-engine-calls" }, String(engine.calls.length))));
}

// Whether the engine answers, by its newest call: any HTTP answer counts (a function's own error
// too); no answer at all (unreachable, over the time limit) does not.
function state(newest) {
  if (!newest) return h("span", { class: "muted" }, "no call yet");
  const call = `${newest.method} ${newest.path} → ${outcome(newest)}`;
  return newest.error
    ? [h("span", { class: "bad" }, "not answering"), " (newest call: ", h("code", {}, call), ")"]
    : [h("span", { class: "bool true" }, "answering"), " (newest call: ", h("code", {}, call), ")"];
}
