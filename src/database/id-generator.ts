import { Inject, Injectable } from '@nestjs/common';
import { Snowflake } from '@sapphire/snowflake';

/** 2024-01-01T00:00:00Z: every id made since is far above 2^53. */
export const SNOWFLAKE_EPOCH = 1_704_067_200_000n;
export const SNOWFLAKE_WORKER_ID = Symbol('SNOWFLAKE_WORKER_ID');

/** Makes Snowflake ids as decimal strings; the 10-bit worker id keeps instances apart. */
@Injectable()
export class IdGenerator {
  private readonly snowflake = new Snowflake(SNOWFLAKE_EPOCH);
  private readonly workerId: bigint;
  private readonly processId: bigint;

  constructor(@Inject(SNOWFLAKE_WORKER_ID) worker: number) {
    this.workerId = BigInt(worker >> 5);
    this.processId = BigInt(worker & 31);
  }

  next(): string {
    return this.snowflake.generate({ workerId: this.workerId, processId: this.processId }).toString();
  }
}
