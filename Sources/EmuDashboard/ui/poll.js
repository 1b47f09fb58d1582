// Live updates by polling: one timer per view, stopped when the view changes, paused while the
// tab is hidden (a background tab costs the emulator nothing), and never two requests at once.
let current = null;

export function poll(task, intervalMs = 1000) {
  stopPolling();
  const state = { stopped: false, timer: null, running: false };
  current = state;
  const tick = async () => {
    if (state.stopped) return;
    if (!document.hidden && !state.running) {
      state.running = true;
      try {
        await task();
      } catch {
        // A failed poll (emulator restarting) just tries again on the next tick.
      } finally {
        state.running = false;
      }
    }
    if (!state.stopped) state.timer = setTimeout(tick, intervalMs);
  };
  tick();
}

export function stopPolling() {
  if (current) {
    current.stopped = true;
    clearTimeout(current.timer);
    current = null;
  }
}
