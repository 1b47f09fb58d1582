// Outbox: every SMS, voice call, email, captcha answer, push and realtime message the app "sent",
// newest first, live. A push lists its status and the installations it reached, with why
// (docs/push.md); a message its sender and recipients (docs/messages.md).
// A captcha shows its picture beside its answer; codes and links have copy buttons. Messages are
// added as they arrive and never redrawn, so each captcha picture is fetched once, while fresh;
// a captcha already there when the view opened may have expired since (the clock moves): its
// picture is fetched only when asked for ("Show picture").
// Ids start again at 1 after a restart: the view then starts over (app.js), so no new message is
// skipped and no dead code stays.
import { api, pictureURL } from "./api.js";
import { credentials } from "./session.js";
import { attempt, copyButton, h, localTime, panel, replace, safeURL } from "./dom.js";
import { watch } from "./live.js";

export async function render(container) {
  const list = h("ol", { class: "outbox", id: "outbox-list", "aria-live": "polite" });
  const empty = h("p", { class: "muted" }, "Nothing sent yet. Request a captcha or an SMS code through /1.1 and it appears here.");
  const clear = h("button", { type: "button", class: "danger", onclick: async () => {
    await attempt(() => api("DELETE", "/__admin/outbox"), "Outbox emptied");
    replace(list);
    shown.clear();
    empty.hidden = false;
  } }, "Empty the outbox");
  replace(container, panel("Outbox", h("div", { class: "toolbar" }, clear), empty, list));
  const shown = new Set();
  let opening = true;
  const load = async () => {
    const answer = await api("GET", "/__admin/outbox");
    const fresh = !opening;
    opening = false;
    // Oldest first, each new one put on top: the list reads newest first.
    for (const message of answer.results.slice().reverse()) {
      if (shown.has(message.id)) continue;
      shown.add(message.id);
      list.prepend(item(message, fresh));
    }
    empty.hidden = shown.size > 0;
  };
  await load();
  if (!container.isConnected) return;  // another view was shown meanwhile (app.js)
  watch(["outbox"], load);
}

function item(message, fresh) {
  return h("li", { class: `message ${message.kind}`, dataset: { kind: message.kind, id: String(message.id) } },
    h("div", { class: "message-head" },
      h("span", { class: "badge" }, message.kind), " ", h("strong", {}, message.to), " ",
      message.purpose !== message.kind ? h("span", { class: "muted" }, message.purpose) : null, " ", localTime(message.sentAt)),
    h("div", { class: "message-body" },
      message.kind === "captcha" ? (fresh ? captchaPicture(message.to) : pictureOnDemand(message.to)) : null,
      h("p", {}, message.text),
      message.code ? h("p", {}, "Code ", h("code", { class: "code" }, message.code), " ", copyButton(message.code)) : null,
      message.push ? pushAccount(message.push) : null,
      message.message ? h("p", { class: "muted" },
        `from ${message.message.from} to ${(message.message.recipients || []).join(", ") || "no one"}`) : null,
      message.link ? h("p", {}, h("a", { href: safeURL(message.link), target: "_blank", rel: "noopener noreferrer" }, "Open the link"), " ", copyButton(message.link, "Copy link")) : null));
}

function pushAccount(push) {
  const deliveries = push.deliveries || [];
  return h("div", { class: "push" },
    h("p", { class: "muted" }, `${push.status}${push.reason ? ": " + push.reason : ""}`),
    deliveries.length ? h("ul", {}, ...deliveries.map((delivery) => h("li", {},
      h("span", { class: "badge" }, delivery.deviceType), " ",
      h("code", {}, delivery.deviceToken || delivery.installationId || delivery.installation), " ",
      h("span", { class: "muted" }, (delivery.reasons || []).join(", "))))) : null);
}

function pictureOnDemand(token) {
  const button = h("button", { type: "button", class: "small", "aria-label": `Show the picture of captcha ${token}` }, "Show picture");
  button.addEventListener("click", () => button.replaceWith(captchaPicture(token)));
  return button;
}

function captchaPicture(token) {
  const appId = encodeURIComponent(credentials().appId);
  const picture = h("img", { class: "captcha", alt: `Captcha picture of token ${token}`, width: 100, height: 39 });
  pictureURL(`/1.1/captchaImage?appId=${appId}&token=${encodeURIComponent(token)}`)
    .then((url) => { picture.src = url; }, () => { picture.alt = "Captcha picture unavailable (expired or used)"; });
  return picture;
}
