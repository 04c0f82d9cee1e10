import { options } from 'preact';

// Preact runs effects before the browser's next frame. jsdom draws no frames, so its stand-in timer
// would run them up to 100 ms late, long after Testing Library's queries have settled: run them in the
// next task instead, when React's scheduler would.
options.requestAnimationFrame = (flush) => setTimeout(flush);
