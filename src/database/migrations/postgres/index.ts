import { InitialSchema1763800000000 } from './1763800000000-initial-schema';

export const POSTGRES_MIGRATIONS = [InitialSchema1763800000000];
