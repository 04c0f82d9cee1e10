/**
 * What the developer commands read and write, handed in so that a test can run them in process:
 * the environment, the working folder, stdout lines, and stderr (a terminal or not, for progress).
 */
export interface CliIo {
  env: Record<string, string | undefined>;
  cwd: string;
  out(line: string): void;
  err: { write(text: string): unknown; isTTY?: boolean; columns?: number };
}

export function processIo(): CliIo {
  return {
    env: process.env,
    cwd: process.cwd(),
    out: (line) => console.log(line),
    err: process.stderr,
  };
}

/** A command that cannot go on: its lines go to stderr and the process exits with `exitCode`. */
export class CliFailure extends Error {
  constructor(
    readonly lines: string[],
    readonly exitCode = 1,
  ) {
    super(lines.join('\n'));
    this.name = 'CliFailure';
  }
}
