import type { CliIo } from './io.ts';

/** Bytes as people read them: 512 B, 1.5 KB, 12.3 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

export interface Progress {
  update(done: number): void;
  finish(): void;
  /** The upload ended early (refused): leave the line as it is and move on. */
  halt(): void;
}

const BAR_WIDTH = 30;
/** A terminal is redrawn at most this often; a large upload sends thousands of chunks. */
const REDRAW_MS = 100;
/** Without a terminal (CI logs, a pipe), one line per this many percent. */
const LINE_STEP = 10;

/**
 * Upload progress on stderr: a bar redrawn in place on a terminal; plain lines every 10% when stderr
 * is a file or a pipe, where carriage returns would pile up as one unreadable line.
 */
export function uploadProgress(err: CliIo['err'], label: string, total: number): Progress {
  const percentOf = (done: number) => (total === 0 ? 100 : Math.floor((done / total) * 100));
  const sizes = (done: number) => `${formatBytes(done)} / ${formatBytes(total)}`;
  if (err.isTTY) {
    let drawnAt = 0;
    let last = 0;
    const draw = (done: number) => {
      const percent = percentOf(done);
      const filled = Math.round((percent / 100) * BAR_WIDTH);
      err.write(
        `\r${label} [${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${String(percent).padStart(3)}% ${sizes(done)}\x1b[K`,
      );
    };
    return {
      update(done) {
        last = done;
        const now = Date.now();
        if (now - drawnAt < REDRAW_MS) return;
        drawnAt = now;
        draw(done);
      },
      finish() {
        draw(Math.max(last, total));
        err.write('\n');
      },
      halt() {
        draw(last);
        err.write('\n');
      },
    };
  }
  let printedStep = -1;
  const line = (done: number) => err.write(`${label} ${percentOf(done)}% (${sizes(done)})\n`);
  return {
    update(done) {
      const step = Math.floor(percentOf(done) / LINE_STEP);
      if (step <= printedStep || step * LINE_STEP >= 100) return;
      printedStep = step;
      line(done);
    },
    finish() {
      line(total);
    },
    halt() {},
  };
}
