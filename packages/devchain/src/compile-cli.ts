import { relative } from 'node:path';
import { buildContracts } from './compile.ts';

// `npm run build --workspace @kiosk/devchain`: compiles contracts/*.sol into dist/*.json.
const started = performance.now();
const written = await buildContracts();
const seconds = ((performance.now() - started) / 1000).toFixed(2);
for (const path of written) console.log(`wrote ${relative(process.cwd(), path)}`);
console.log(`compiled ${written.length} contract(s) in ${seconds} s`);
