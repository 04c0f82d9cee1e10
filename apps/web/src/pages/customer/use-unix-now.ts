import { useEffect, useState } from 'react';

const currentUnix = () => Math.floor(Date.now() / 1000);

/**
 * The time in unix seconds, read again every `tickMs`: a trial countdown counts down while the page
 * stays open. Screens read the clock here, once, and hand the value to core's pure rules.
 */
export function useUnixNow(tickMs = 30_000): number {
  const [now, setNow] = useState(currentUnix);
  useEffect(() => {
    const timer = setInterval(() => setNow(currentUnix()), tickMs);
    return () => clearInterval(timer);
  }, [tickMs]);
  return now;
}
