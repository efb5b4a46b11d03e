import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { DomainEvents } from './domain-events';

/** Domain events between modules: `DomainEvents.publish` and the `@OnDomainEvent` handlers it finds. */
@Global()
@Module({
  imports: [DiscoveryModule],
  providers: [DomainEvents],
  exports: [DomainEvents],
})
export class EventsModule {}
