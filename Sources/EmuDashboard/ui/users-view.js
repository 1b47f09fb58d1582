// Users and sessions: each user with its email and phone (verified flags switchable), its
// session (revocable), its log-in lock (liftable) and a new password. Users come from
// /1.1/users; sessions and locks from /__admin/user-states, which /1.1 does not expose.
import { api } from "./api.js";
import { attempt, h, localTime, panel, replace, toast } from "./dom.js";
import { watch } from "./live.js";

export async function render(container) {
  const body = h("tbody");
  replace(container, panel("Users and sessions", newUserForm(() => load()),
    h("div", { class: "table-scroll" }, h("table", { class: "users" },
      h("thead", {}, h("tr", {}, ["User", "Email", "Phone", "Session", "Log-in lock", "Password"].map((title) => h("th", { scope: "col" }, title)))),
      body))));
  let generation = 0;
  const load = async () => {
    // A poll that started before a change and ends after it must not draw the old state back.
    const ticket = ++generation;
    const [users, states] = await Promise.all([
      api("GET", "/1.1/users", { query: { limit: 100, order: "-createdAt" } }),
      api("GET", "/__admin/user-states"),
    ]);
    if (ticket !== generation) return;
    const byUser = new Map(states.results.map((state) => [state.userId, state]));
    // Rebuilt only when something changed, so a password being typed is not wiped by a poll.
    const signature = JSON.stringify([users.results, states.results]);
    if (body.dataset.signature === signature) return;
    body.dataset.signature = signature;
    replace(body, users.results.length ? users.results.map((user) => row(user, byUser.get(user.objectId), load))
      : h("tr", {}, h("td", { colspan: 6, class: "muted" }, "No users yet.")));
  };
  await load();
  if (!container.isConnected) return;  // another view was shown meanwhile (app.js)
  // Users, sessions and log-in failures are in the app's database: reload when it changed.
  watch(["data"], load);
}

function row(user, state, reload) {
  const update = (fields, message) => attempt(() => api("PUT", `/1.1/users/${user.objectId}`, { body: fields }), message).then(reload);
  return h("tr", { dataset: { userId: user.objectId } },
    h("th", { scope: "row" }, user.username || "(no username)", h("div", { class: "muted small" }, user.objectId)),
    h("td", { "data-label": "Email" }, contact(user.email, user.emailVerified, (flag) => update({ emailVerified: flag }, "Email flag changed"))),
    h("td", { "data-label": "Phone" }, contact(user.mobilePhoneNumber, user.mobilePhoneVerified, (flag) => update({ mobilePhoneVerified: flag }, "Phone flag changed"))),
    h("td", { "data-label": "Session" }, session(user, state, reload)),
    h("td", { "data-label": "Log-in lock" }, lock(user, state, reload)),
    h("td", { "data-label": "Password" }, passwordForm(user, update)));
}

function contact(value, verified, setVerified) {
  if (!value) return h("span", { class: "muted" }, "—");
  const box = h("input", { type: "checkbox", checked: Boolean(verified), onchange: (event) => setVerified(event.target.checked) });
  return h("div", {}, h("div", {}, value), h("label", { class: "small" }, box, " verified"));
}

function session(user, state, reload) {
  if (!state || !state.session) return h("span", { class: "muted" }, "none");
  const revoke = () => attempt(() => api("DELETE", `/__admin/sessions/${user.objectId}`), "Session revoked").then(reload);
  return h("div", {}, h("code", {}, state.session.token), " since ", localTime(state.session.createdAt),
    state.session.expiresAt ? h("div", { class: "small" }, "expires ", localTime(state.session.expiresAt)) : null,
    h("div", {}, h("button", { type: "button", class: "small danger", onclick: revoke }, "Revoke")));
}

function lock(user, state, reload) {
  if (!state || !state.failedLogIns) return h("span", { class: "muted" }, "open");
  const unlock = () => attempt(() => api("DELETE", `/__admin/login-failures/${user.objectId}`), "Failures forgotten").then(reload);
  return h("div", {}, state.locked ? h("strong", { class: "bad" }, "locked until ", localTime(state.lockedUntil)) : "open",
    h("div", { class: "small" }, `${state.failedLogIns} failed log-in${state.failedLogIns === 1 ? "" : "s"}`),
    h("button", { type: "button", class: "small", onclick: unlock }, state.locked ? "Unlock" : "Forget failures"));
}

function passwordForm(user, update) {
  const input = h("input", { type: "password", autocomplete: "new-password", "aria-label": `New password for ${user.username}`, placeholder: "new password" });
  return h("form", { class: "inline", onsubmit: (event) => {
    event.preventDefault();
    if (input.value) update({ password: input.value }, "Password set").then(() => { input.value = ""; });
  } }, input, h("button", { type: "submit", class: "small" }, "Set"));
}

// A new user, as the app would sign one up (POST /1.1/users): a username and a password, an
// email and a phone if given. The server's refusal (a name taken: 202) shows under the form.
function newUserForm(reload) {
  const field = (id, label, attributes = {}) => h("label", {}, label, " ", h("input", { id, ...attributes }));
  const error = h("p", { id: "new-user-error", class: "error", role: "alert" });
  const value = (id) => document.getElementById(id).value.trim();
  const submit = async (event) => {
    event.preventDefault();
    error.textContent = "";
    const body = { username: value("new-user-name"), password: document.getElementById("new-user-password").value };
    if (value("new-user-email")) body.email = value("new-user-email");
    if (value("new-user-phone")) body.mobilePhoneNumber = value("new-user-phone");
    try {
      const created = await api("POST", "/1.1/users", { body });
      toast(`Created ${body.username} (${created.objectId})`);
      event.target.reset();
      reload();
    } catch (failure) {
      error.textContent = `${failure.code}: ${failure.message}`;
    }
  };
  return h("details", { class: "new-user", id: "new-user" }, h("summary", {}, "Add a user"),
    h("form", { class: "inline", onsubmit: submit },
      field("new-user-name", "Username", { required: true, autocomplete: "off" }),
      field("new-user-password", "Password", { type: "password", required: true, autocomplete: "new-password" }),
      field("new-user-email", "Email", { type: "email", autocomplete: "off" }),
      field("new-user-phone", "Phone", { placeholder: "+8613800000000", autocomplete: "off" }),
      h("button", { type: "submit", id: "new-user-add" }, "Add user")),
    error);
}
