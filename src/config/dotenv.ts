import { existsSync } from 'node:fs';
import { config } from 'dotenv';

/** Reads `./.env` when present; variables already set in the environment win. */
export function loadDotEnv(): void {
  if (existsSync('.env')) config({ path: '.env', quiet: true });
}
