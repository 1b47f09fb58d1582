// Timers that repeat a task: one timer per view (`poll`, stopped when the view changes), paused
// while the tab is hidden (a background tab costs the emulator nothing), and never two runs at
// once. Views follow the server through live.js; they poll only what has no event (a clock's
// seconds), and live.js polls /__admin/status only when its event stream fails.
export function poller() {
  let current = null;
  return {
    start(task, intervalMs = 1000) {
      this.stop();
      const state = { stopped: false, timer: null };
      current = state;
      // The next tick is scheduled only once this one's work has ended: never two at once.
      const tick = async () => {
        if (state.stopped) return;
        if (!document.hidden) {
          try {
            await task();
          } catch {
            // A failed tick (emulator restarting) just tries again on the next one.
          }
        }
        if (!state.stopped) state.timer = setTimeout(tick, intervalMs);
      };
      tick();
    },
    stop() {
      if (current) {
        current.stopped = true;
        clearTimeout(current.timer);
        current = null;
      }
    },
  };
}

const viewPoller = poller();

export function poll(task, intervalMs = 1000) {
  viewPoller.start(task, intervalMs);
}

export function stopPolling() {
  viewPoller.stop();
}
