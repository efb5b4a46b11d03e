import { DependencyUnavailable } from './errors/dependency-unavailable';
import { OutageLog } from './outage-log';

/**
 * The calls to a dependency that may be away. After a call failed, the dependency is taken as
 * away for `retryMs`: calls fail at once without reaching it. Then one call at a time finds out
 * whether it is back, while the others still fail at once, until that call answers. So however
 * long the dependency hangs, it costs one call its timeout per `retryMs`, not every call that
 * arrives while one is waiting. Its going away and coming back are logged once each (OutageLog).
 */
export class DependencyGate {
  private awayUntil = 0;
  private probing = false;

  constructor(
    private readonly dependency: string,
    private readonly outage: OutageLog,
    private readonly retryMs: number,
  ) {}

  async call<T>(operation: () => Promise<T>): Promise<T> {
    if (this.probing || Date.now() < this.awayUntil) throw new DependencyUnavailable(this.dependency, 'taken as away after a failure');
    const probe = this.awayUntil !== 0;
    this.probing = probe;
    try {
      const answer = await operation();
      if (probe) {
        this.awayUntil = 0;
        this.outage.answered();
      }
      return answer;
    } catch (error) {
      this.awayUntil = Date.now() + this.retryMs;
      // A timeout's DependencyUnavailable says what failed in its cause.
      this.outage.failed(error instanceof DependencyUnavailable ? error.cause : error);
      throw error;
    } finally {
      if (probe) this.probing = false;
    }
  }
}
