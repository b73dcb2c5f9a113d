/** Samples this process's resident set size on a timer and keeps the peak. */
export function startRssSampler(intervalMs = 20) {
  let peak = process.memoryUsage().rss;
  let samples = 1;
  const tick = () => {
    const rss = process.memoryUsage().rss;
    samples++;
    if (rss > peak) peak = rss;
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    peak(): number {
      tick();
      return peak;
    },
    samples: () => samples,
    stop(): number {
      clearInterval(timer);
      tick();
      return peak;
    },
  };
}
