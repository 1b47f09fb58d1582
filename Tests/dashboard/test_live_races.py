"""A live view never misses a change that comes while it reads what it shows (docs/dashboard.md,
"Live"): the view watches only once its first read is answered, so a state that arrives in
between must still reach it; and a connection's first state, which has nothing before it to
compare with, must reach the views that read before it. The page's own fetch is wrapped to hold
the outbox's answer (given before the message was sent) until the page has had the state that
tells of the message, or to open the event stream only once the message was sent."""
from page import all_css, css, log_out, visible, wait
from lcemu_process import APP_ID, MASTER_KEY

# Counts the states of the page's event stream (a copy of its body) and holds the next answer of
# GET /__admin/outbox, once the server has given it, until window.releaseOutbox(); with
# spy.holdEvents, holds the event stream's request until window.releaseEvents().
SPY = r"""
const realFetch = window.fetch;
window.spy = { states: 0, outboxLastId: null, holdOutbox: false, held: false, holdEvents: false, eventsHeld: false,
               outboxReads: 0 };
window.fetch = async (input, init) => {
  const path = String(input);
  if (path.startsWith("/__admin/events") && window.spy.holdEvents) {
    window.spy.holdEvents = false;
    window.spy.eventsHeld = true;
    await new Promise((resolve) => { window.releaseEvents = resolve; });
  }
  const response = await realFetch(input, init);
  if (path.startsWith("/__admin/events") && response.ok) {
    const [page, copy] = response.body.tee();
    readStates(copy.pipeThrough(new TextDecoderStream()).getReader());
    return new Response(page, { status: response.status, statusText: response.statusText, headers: response.headers });
  }
  const readsOutbox = path.startsWith("/__admin/outbox") && (!init || !init.method || init.method === "GET");
  if (readsOutbox) window.spy.outboxReads += 1;
  if (readsOutbox && window.spy.holdOutbox) {
    window.spy.holdOutbox = false;
    window.spy.held = true;
    await new Promise((resolve) => { window.releaseOutbox = resolve; });
  }
  return response;
};
async function readStates(reader) {
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    let end;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (!block.split("\n").includes("event: state")) continue;
      const data = block.split("\n").filter((line) => line.startsWith("data: ")).map((line) => line.slice(6)).join("\n");
      window.spy.states += 1;
      window.spy.outboxLastId = JSON.parse(data).outbox.lastId;
    }
  }
}
"""


def spy(browser, field):
    return browser.execute_script(f"return window.spy.{field}")


def log_in_with_the_spy(browser, emulator, hold_events=False):
    log_out(browser, emulator)
    browser.get("about:blank")
    browser.get(emulator.dashboard_url)
    browser.execute_script(SPY)
    browser.execute_script("window.spy.holdEvents = arguments[0]", hold_events)
    visible(browser, "#login-app").send_keys(APP_ID)
    css(browser, "#login-key").send_keys(MASTER_KEY)
    css(browser, "#login button[type=submit]").click()
    visible(browser, "#nav")


def send_captcha(emulator):
    status, body = emulator.request("GET", "/1.1/requestCaptcha", master=False)
    assert status == 200
    _, outbox = emulator.request("GET", f"/__admin/outbox?token={body['captcha_token']}")
    return outbox["results"][0]["id"]


def outbox_ids(browser):
    return [li.get_attribute("data-id") for li in all_css(browser, "#outbox-list li")]


def test_aMessageSentWhileTheOutboxLoads_appearsInIt(browser, emulator):
    try:
        log_in_with_the_spy(browser, emulator)
        wait(browser, lambda b: spy(b, "states") > 0, message="the event stream gave no state")

        browser.execute_script("window.spy.holdOutbox = true; location.hash = '#/outbox'")
        wait(browser, lambda b: spy(b, "held"), message="the outbox view never read the outbox")
        sent = send_captcha(emulator)
        wait(browser, lambda b: spy(b, "outboxLastId") == sent, message="the page never heard of the message")
        browser.execute_script("window.releaseOutbox()")

        wait(browser, lambda b: str(sent) in outbox_ids(b), message="the message sent while the outbox loaded never appeared")
    finally:
        browser.get("about:blank")  # the next test's page loads without the spy
        emulator.request("DELETE", "/__admin/outbox")  # and finds the outbox as it was


def test_aMessageSentBeforeTheFirstState_appearsInTheOutbox(browser, emulator):
    try:
        log_in_with_the_spy(browser, emulator, hold_events=True)
        wait(browser, lambda b: spy(b, "eventsHeld"), message="the page never opened the event stream")
        browser.execute_script("location.hash = '#/outbox'")
        wait(browser, lambda b: spy(b, "outboxReads") == 1, message="the outbox view never read the outbox")
        sent = send_captcha(emulator)  # after the view's read was answered
        browser.execute_script("window.releaseEvents()")

        wait(browser, lambda b: str(sent) in outbox_ids(b), message="the message sent before the first state never appeared")
    finally:
        browser.get("about:blank")
        emulator.request("DELETE", "/__admin/outbox")


# Holds the next answer of GET /1.1/schemas (the Data view's first read), once the server has
# given it, until window.releaseSchemas(); counts the page's reads of /1.1/classes after that.
OVERTAKEN_SPY = r"""
const realFetch = window.fetch;
window.spy = { holdSchemas: true, schemasHeld: false, released: false, classReadsAfter: 0 };
window.fetch = async (input, init) => {
  const path = String(input);
  if (path.startsWith("/1.1/classes/") && window.spy.released) window.spy.classReadsAfter += 1;
  const response = await realFetch(input, init);
  if (path.startsWith("/1.1/schemas") && window.spy.holdSchemas) {
    window.spy.holdSchemas = false;
    window.spy.schemasHeld = true;
    await new Promise((resolve) => { window.releaseSchemas = () => { window.spy.released = true; resolve(); }; });
  }
  return response;
};
"""


def test_aViewOvertakenWhileItReads_neitherDrawsOverTheNextNorWatches(browser, emulator):
    """The Data view (the view after logging in) still reading when the Outbox is shown: once
    its read is answered it must not replace the Outbox, nor read or watch the class it shows."""
    created = {}
    try:
        log_out(browser, emulator)
        browser.get("about:blank")
        browser.get(emulator.dashboard_url)
        browser.execute_script(OVERTAKEN_SPY)
        visible(browser, "#login-app").send_keys(APP_ID)
        css(browser, "#login-key").send_keys(MASTER_KEY)
        css(browser, "#login button[type=submit]").click()
        wait(browser, lambda b: spy(b, "schemasHeld"), message="the Data view never read the schemas")
        browser.execute_script("location.hash = '#/outbox'")
        wait(browser, lambda b: all_css(b, "#outbox-list"), message="the Outbox view never showed")
        browser.execute_script("window.releaseSchemas()")

        # A change of the data, then a message: once the message is shown, the state that told of
        # the data came and went, and a Data view left watching would have read its class again.
        status, created = emulator.request("POST", "/1.1/classes/Post", {"title": "overtaken"})
        assert status == 201
        sent = send_captcha(emulator)
        wait(browser, lambda b: str(sent) in outbox_ids(b), message="the Outbox stopped following")
        assert all_css(browser, "#class-list") == [], "the Data view drew over the Outbox"
        assert spy(browser, "classReadsAfter") == 0, "the Data view read its class after the Outbox was shown"
    finally:
        browser.get("about:blank")
        emulator.request("DELETE", "/__admin/outbox")
        if created.get("objectId"):  # the next tests count the seeded posts
            emulator.request("DELETE", f"/1.1/classes/Post/{created['objectId']}")
