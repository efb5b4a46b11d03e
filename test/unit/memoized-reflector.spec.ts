import { SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { MemoizedReflector } from '../../src/access/memoized-reflector';

class Routes {
  @SetMetadata('scope', 'handler')
  marked(): void {}

  plain(): void {}
}
SetMetadata('scope', 'class')(Routes);

describe('MemoizedReflector', () => {
  it("answers what Nest's Reflector answers, asking for each key of each target once", () => {
    const memoized = new MemoizedReflector();
    const plain = new Reflector();
    const asked = jest.spyOn(Reflect, 'getMetadata');
    const targets = [Routes.prototype.marked, Routes.prototype.plain, Routes];
    for (let round = 0; round < 3; round++) {
      for (const target of targets) {
        for (const key of ['scope', 'absent']) expect(memoized.get(key, target)).toEqual(plain.get(key, target));
      }
      expect(memoized.getAllAndOverride('scope', [Routes.prototype.plain, Routes])).toBe('class');
      expect(memoized.getAllAndOverride('scope', [Routes.prototype.marked, Routes])).toBe('handler');
    }
    // Three rounds of the plain reflector's six lookups, and the memoized one's six, once.
    expect(asked).toHaveBeenCalledTimes(3 * 6 + 6);
    asked.mockRestore();
  });
});
