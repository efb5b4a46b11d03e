import { testBackends } from './backends';

export default function globalSetup(): void {
  const names = testBackends().map((backend) => backend.name);
  const redis = process.env.TEST_DATABASE_URL && !process.env.TEST_REDIS_URL ? ' (TEST_REDIS_URL unset: no Redis)' : '';
  console.log(`\nEnd-to-end backends: ${names.join(', ')}${redis}\n`);
}
