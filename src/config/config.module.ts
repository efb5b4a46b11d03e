import { type DynamicModule, Global, Module } from '@nestjs/common';
import { AppConfig } from './config';
import { ProcessRole } from './process-role';

@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: AppConfig, role: ProcessRole): DynamicModule {
    return {
      module: ConfigModule,
      providers: [
        { provide: AppConfig, useValue: config },
        { provide: ProcessRole, useValue: role },
      ],
      exports: [AppConfig, ProcessRole],
    };
  }
}
