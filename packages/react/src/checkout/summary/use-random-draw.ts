import { useEffect, useRef, useState } from 'react';
import { RANDOM_ANIMATION_MS } from './donation-amount.ts';

const FRAME_MS = 50;

/**
 * Seed 000 §2: a random amount is drawn over 800 ms, the field showing passing amounts meanwhile
 * (`onStep`) before the last one stays (`onDone`). At once when the visitor asks for less motion.
 */
export function useRandomDraw(
  draw: () => bigint,
  onStep: (value: bigint) => void,
  onDone: (value: bigint) => void,
) {
  const [drawing, setDrawing] = useState(false);
  const timer = useRef<ReturnType<typeof setInterval>>(undefined);
  useEffect(() => () => clearInterval(timer.current), []);

  const start = () => {
    if (drawing) return;
    const reduced =
      typeof window.matchMedia === 'function' &&
      window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (reduced) {
      onDone(draw());
      return;
    }
    setDrawing(true);
    const began = Date.now();
    timer.current = setInterval(() => {
      if (Date.now() - began < RANDOM_ANIMATION_MS) {
        onStep(draw());
        return;
      }
      clearInterval(timer.current);
      setDrawing(false);
      onDone(draw());
    }, FRAME_MS);
  };
  return { drawing, start };
}
