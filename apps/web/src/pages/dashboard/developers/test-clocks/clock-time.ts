/**
 * A clock's time (unix seconds) and the value of a `datetime-local` input, which is a time in the
 * visitor's own zone written `YYYY-MM-DDTHH:mm`: the field shows and takes what the visitor's clock reads.
 */

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d+)?)?$/;

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The input's value for a time, to the minute (what the field offers without a `step`). */
export function toLocalInput(seconds: number): string {
  const date = new Date(seconds * 1000);
  return (
    `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
}

/** The unix seconds of an input's value, or null when it holds no complete date and time. */
export function fromLocalInput(value: string): number | null {
  const parts = LOCAL_INPUT.exec(value.trim());
  if (!parts) return null;
  const part = (index: number) => Number(parts[index] ?? 0);
  const month = part(2) - 1;
  const day = part(3);
  const date = new Date(part(1), month, day, part(4), part(5), part(6));
  // new Date(…) is lenient (Feb 31 becomes Mar 3): a day the calendar has not is no time.
  if (date.getMonth() !== month || date.getDate() !== day) return null;
  return Math.floor(date.getTime() / 1000);
}

/**
 * The same wall-clock time a month later, on the same day of the month where that month has it and
 * on its last day where not (Jan 31 → Feb 28): the step a monthly renewal takes.
 */
export function oneMonthLater(seconds: number): number {
  const date = new Date(seconds * 1000);
  const day = date.getDate();
  date.setDate(1);
  date.setMonth(date.getMonth() + 1);
  const lastDay = new Date(date.getFullYear(), date.getMonth() + 1, 0).getDate();
  date.setDate(Math.min(day, lastDay));
  return Math.floor(date.getTime() / 1000);
}
