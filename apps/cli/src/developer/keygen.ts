import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { APP_KEY_FILE, appDidFromPrivateKey } from '@kiosk/bundle';
import { generatePrivateKey } from 'viem/accounts';
import { CliFailure, type CliIo } from './io.ts';

/**
 * `kiosk keygen`: a new app key pair (issue 12 item 1). The private key is written to a file only its
 * owner can read (0600) and never sent anywhere; the app's DID, which goes in kiosk.json, is printed.
 * An existing file is never replaced: losing an app's key loses the right to publish it.
 */
export async function keygen(io: CliIo, options: { out?: string }): Promise<void> {
  const file = resolve(io.cwd, options.out ?? APP_KEY_FILE);
  const privateKey = generatePrivateKey();
  try {
    await writeFile(file, `${privateKey}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      throw new CliFailure([`kiosk: ${file} exists; keygen never replaces a key (choose another --out)`]);
    throw error;
  }
  io.out(appDidFromPrivateKey(privateKey));
  io.err.write(
    `The app's private key is in ${file} (readable by you only). Keep it safe and out of version control:\n` +
      'only its holder can publish this app. Put the DID above in kiosk.json as "did".\n',
  );
}
