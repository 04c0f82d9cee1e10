/**
 * Reads until `done` holds, giving the server's job runner and webhooks time between looks (a poll,
 * never a fixed sleep): the last value read, or an error naming it after `tries` looks.
 */
export async function until<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  { tries = 400, everyMs = 25 } = {},
): Promise<T> {
  let value = await read();
  for (let i = 0; i < tries && !done(value); i++) {
    await new Promise((resolve) => setTimeout(resolve, everyMs));
    value = await read();
  }
  if (!done(value)) throw new Error(`timed out waiting; last value ${JSON.stringify(value, bigintText)}`);
  return value;
}

const bigintText = (_key: string, value: unknown) => (typeof value === 'bigint' ? value.toString() : value);
