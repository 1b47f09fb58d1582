// The whole app as one file, from the Snapshots panel: download the data now or a snapshot
// (GET /__admin/export, GET /__admin/snapshots/<name>/export: the format of
// `lcemu exec --export-on-exit`, docs/import-export.md), and restore from such a file
// (POST /__admin/import), which replaces every object of the app: the file is checked in the
// page, then a second click confirms; the server checks it all before writing anything.
import { api, authHeaders } from "./api.js";
import { h, toast } from "./dom.js";

// Downloads what `path` answers, as the server wrote it (one object per line), under its name.
export async function download(path, fileName) {
  try {
    const response = await fetch(path, { headers: authHeaders(), cache: "no-store", credentials: "omit" });
    const text = await response.text();
    if (!response.ok) {
      const json = (() => { try { return JSON.parse(text); } catch { return {}; } })();
      throw new Error(`${json.code ?? response.status}: ${json.error ?? `HTTP ${response.status}`}`);
    }
    const link = h("a", { id: "app-file-link", hidden: true,
      href: `data:application/json;charset=utf-8,${encodeURIComponent(text)}`, download: fileName });
    link.dataset.bytes = String(text.length);
    document.getElementById("app-file-link")?.remove();
    document.body.append(link);
    link.click();
    toast(`Downloaded ${fileName}`);
  } catch (error) {
    toast(`Not downloaded: ${error.message}`, "error");
  }
}

export function downloadButton(path, fileName, label, attributes = {}) {
  return h("button", { type: "button", class: "small", ...attributes, onclick: () => download(path, fileName) }, label);
}

// "Restore from file": choose, see what it holds, confirm; the error stays in place.
export function restoreFromFile(onRestored) {
  const error = h("p", { class: "bad", id: "restore-file-error", hidden: true, role: "alert" });
  const confirm = h("button", { type: "button", class: "danger", id: "restore-file-confirm", hidden: true });
  const cancel = h("button", { type: "button", id: "restore-file-cancel", hidden: true }, "Cancel");
  const input = h("input", { type: "file", id: "restore-file", accept: "application/json,.json", "aria-label": "Restore all data from a file" });
  let chosen = null;
  const show = (message) => { error.textContent = message; error.hidden = !message; };
  const disarm = () => { chosen = null; confirm.hidden = cancel.hidden = true; };
  input.addEventListener("change", async () => {
    const file = input.files[0];
    input.value = "";
    disarm();
    show("");
    if (!file) return;
    let parsed;
    try { parsed = JSON.parse(await file.text()); } catch (problem) { return show(`${file.name} is not JSON: ${problem.message}`); }
    const classes = parsed && typeof parsed === "object" && !Array.isArray(parsed) ? parsed.classes : null;
    if (!classes || typeof classes !== "object" || Array.isArray(classes)) {
      return show(`${file.name} is not an app export ({"classes":{…}}, as Download writes); a class's file is imported from the Data view.`);
    }
    const objects = Object.values(classes).reduce((sum, entry) => sum + (Array.isArray(entry?.results) ? entry.results.length : 0), 0);
    chosen = parsed;
    confirm.textContent = `Confirm: replace all data with ${file.name} (${Object.keys(classes).length} classes, ${objects} objects)`;
    confirm.hidden = cancel.hidden = false;
    confirm.focus();
  });
  cancel.addEventListener("click", disarm);
  confirm.addEventListener("click", async () => {
    const body = chosen;
    disarm();
    if (!body) return;
    try {
      const answer = await api("POST", "/__admin/import", { body });
      toast(`Restored ${answer.objects} objects in ${answer.classes} classes`);
      onRestored?.();
    } catch (problem) {
      show(`Not restored, nothing changed: ${problem.code}: ${problem.message}`);
    }
  });
  return h("div", { class: "app-file" },
    h("span", { class: "transfer" },
      downloadButton("/__admin/export", "app-data.json", "Download all data", { id: "download-app" }),
      h("label", { class: "file-button" }, "Restore from file…", input)),
    h("span", { class: "transfer" }, confirm, cancel), error);
}
