// Live updates by polling: one timer per view, stopped when the view changes, paused while the
// tab is hidden (a background tab costs the emulator nothing), and never two requests at once.
let current = null;

export function poll(task, intervalMs = 1000) {
  stopPolling();
  const state = { stopped: false, timer: null };
  current = state;
  // The next tick is scheduled only once this one's request has ended: never two at once.
  const tick = async () => {
    if (state.stopped) return;
    if (!document.hidden) {
      try {
        await task();
      } catch {
        // A failed poll (emulator restarting) just tries again on the next tick.
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
