import { testBackends } from './backends';
import { ensureConsoleBuilt } from './console-build';

export default function globalSetup(): void {
  const names = testBackends().map((backend) => backend.name);
  const redis = process.env.TEST_DATABASE_URL && !process.env.TEST_REDIS_URL ? ' (TEST_REDIS_URL unset: no Redis)' : '';
  console.log(`\nEnd-to-end backends: ${names.join(', ')}${redis}\n`);
  // Once, before any worker starts: the console's tests serve and drive the built files.
  ensureConsoleBuilt();
}
