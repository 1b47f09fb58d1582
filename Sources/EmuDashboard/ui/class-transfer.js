// A class exported from the page as a JSON file (an array of its objects as /1.1 renders them,
// read 1,000 at a time), and objects imported into it from such a file (or {"results":[…]}, or
// the class's part of a whole-app file):
// each created with POST in /1.1/batch requests of 50, without the server's fields (objectId,
// createdAt, updatedAt), so an import adds objects and never overwrites one. A whole app is
// restored from the Snapshots panel instead (app-file.js).
import { api, classPath } from "./api.js";
import { h, toast } from "./dom.js";

const READ = 1000;
const BATCH = 50;
const SERVER_FIELDS = ["objectId", "createdAt", "updatedAt"];

async function everyObject(className) {
  const objects = [];
  for (let skip = 0; ; skip += READ) {
    const page = await api("GET", classPath(className), { query: { limit: READ, skip, order: "createdAt" } });
    objects.push(...page.results);
    if (page.results.length < READ) return objects;
  }
}

// The objects of a file: an array of objects, `lcemu export --class`'s {"results":[…]}, or this
// class's part of a whole-app file ({"classes":{"Post":{"results":[…]}}}: `lcemu exec
// --export-on-exit`, the Snapshots panel's Download).
function objectsOf(parsed, className) {
  const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
  let source = parsed;
  if (isObject(parsed) && isObject(parsed.classes)) {
    source = parsed.classes[className];
    if (!source) throw new Error(`the app file has no class ${className} (it has ${Object.keys(parsed.classes).join(", ") || "none"})`);
  }
  const objects = Array.isArray(source) ? source : isObject(source) && Array.isArray(source.results) ? source.results : null;
  if (!objects || !objects.every(isObject)) {
    throw new Error("the file must hold a JSON array of objects, {\"results\": [...]} or {\"classes\": {...}}");
  }
  return objects;
}

export function transferControls(className, onImported) {
  const link = h("a", { id: "export-link", hidden: true });
  const exportButton = h("button", { type: "button", id: "export-class" }, "Export JSON");
  exportButton.addEventListener("click", async () => {
    try {
      const objects = await everyObject(className);
      link.href = `data:application/json;charset=utf-8,${encodeURIComponent(JSON.stringify(objects, null, 2))}`;
      link.download = `${className}.json`;
      link.dataset.count = String(objects.length);
      link.click();
      toast(`Exported ${objects.length} ${className} object${objects.length === 1 ? "" : "s"}`);
    } catch (error) {
      toast(`${error.code}: ${error.message}`, "error");
    }
  });
  const file = h("input", { type: "file", id: "import-file", accept: "application/json,.json", "aria-label": `Import ${className} objects from a JSON file` });
  file.addEventListener("change", async () => {
    const chosen = file.files[0];
    file.value = "";
    if (!chosen) return;
    try {
      const objects = objectsOf(JSON.parse(await chosen.text()), className);
      let created = 0;
      const refused = [];
      for (let start = 0; start < objects.length; start += BATCH) {
        const requests = objects.slice(start, start + BATCH).map((object) => {
          const body = { ...object };
          for (const field of SERVER_FIELDS) delete body[field];
          return { method: "POST", path: classPath(className), body };
        });
        for (const answer of await api("POST", "/1.1/batch", { body: { requests } })) {
          if (answer.success) created += 1; else refused.push(answer.error);
        }
      }
      toast(refused.length ? `Imported ${created}; ${refused.length} refused: ${refused[0].error}` : `Imported ${created} objects into ${className}`,
        refused.length ? "error" : "info");
      onImported();
    } catch (error) {
      toast(`Not imported: ${error.code ? `${error.code}: ` : ""}${error.message}`, "error");
    }
  });
  return h("span", { class: "transfer" }, exportButton, link,
    h("label", { class: "file-button" }, "Import JSON", file));
}
