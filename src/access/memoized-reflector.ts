import { Injectable, type Type } from '@nestjs/common';
import { Reflector } from '@nestjs/core';

/**
 * Nest's Reflector, keeping each answer: a route's metadata is fixed once its decorators have
 * run, and the access guard and the rate limit ask for it several times on every request.
 */
@Injectable()
export class MemoizedReflector extends Reflector {
  private readonly answers = new WeakMap<Type | Function, Map<unknown, unknown>>();

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the overloads Reflector declares
  override get(metadataKey: unknown, target: Type | Function): any {
    let known = this.answers.get(target);
    if (!known) this.answers.set(target, (known = new Map()));
    if (!known.has(metadataKey)) known.set(metadataKey, super.get(metadataKey, target));
    return known.get(metadataKey);
  }
}
