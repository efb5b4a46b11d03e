import { Global, Module } from '@nestjs/common';
import { KeyValueCache } from './key-value-cache';

@Global()
@Module({ providers: [KeyValueCache], exports: [KeyValueCache] })
export class CacheModule {}
