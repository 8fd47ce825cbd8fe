import { useEffect, useState } from 'react';

/**
 * The clock for "3 minutes ago" labels: read when the component mounts and every `everyMs` after.
 * Reading it while rendering would make a render depend on when it happens to run.
 */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
