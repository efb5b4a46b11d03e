/**
 * What this process is for. A serving instance runs background work (the webhook worker, sweeps,
 * schedules, the metrics listener); the command line runs the same application context for one
 * command and none of it.
 */
export class ProcessRole {
  constructor(readonly serves: boolean) {}
}
