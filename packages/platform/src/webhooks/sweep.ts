import { outsideUnitOfWork } from '@kiosk/db';

/**
 * Runs `work` every `everyMs` of wall time in this process, one run at a time, outside any unit of
 * work: a sweep that looks for what to do and writes only when it finds it, so an idle server adds
 * no rows and no disk syncs (a scheduled job would add a job row each time).
 */
export class Sweep {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;

  constructor(
    private readonly work: () => Promise<unknown>,
    private readonly everyMs: number,
    private readonly onError: (error: unknown) => void,
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.next(0);
  }

  /** Stops the timer and waits for a run under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private next(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = outsideUnitOfWork(async () => {
        try {
          await this.work();
        } catch (error) {
          this.onError(error);
        } finally {
          this.running = undefined;
          this.next(this.everyMs);
        }
      });
    }, delayMs);
  }
}
