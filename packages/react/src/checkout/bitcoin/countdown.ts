import { useEffect, useState } from 'react';
import { nowUnix } from '@kiosk/core';

/** Seconds left until `expiresAt` (unix seconds), never below 0, ticking each second until it ends. */
export function useSecondsLeft(expiresAt: number): number {
  const [now, setNow] = useState(nowUnix);
  const left = Math.max(0, expiresAt - now);
  useEffect(() => {
    if (left === 0) return;
    const timer = setInterval(() => setNow(nowUnix()), 1_000);
    return () => clearInterval(timer);
  }, [left]);
  return left;
}

/** A countdown as a clock reads: `14:05`, or `1:02:09` past an hour. */
export function formatCountdown(seconds: number): string {
  const hours = Math.floor(seconds / 3_600);
  const minutes = Math.floor((seconds % 3_600) / 60);
  const rest = seconds % 60;
  const two = (value: number) => String(value).padStart(2, '0');
  return hours > 0 ? `${hours}:${two(minutes)}:${two(rest)}` : `${minutes}:${two(rest)}`;
}
