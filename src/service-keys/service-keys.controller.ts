import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentUser } from '../access/access.decorators';
import type { Principal } from '../access/principal';
import { ApiErrors } from '../common/errors/api-errors';
import { Permission } from '../common/permissions/permission';
import { CreateServiceKeyDto } from './service-key.dto';
import { CreatedServiceKeyJson, ServiceKeyListJson } from './service-key.presenter';
import { ServiceKeysService } from './service-keys.service';

const NOT_ADMINISTRATOR = { 401: 'No valid session or key', 403: '`MISSING_FULL_PERMISSIONS`: lacks `ADMINISTRATOR`' };

@ApiTags('service keys')
@Controller('service-keys')
@Authenticated({ anyOf: [Permission.ADMINISTRATOR] })
export class ServiceKeysController {
  constructor(private readonly keys: ServiceKeysService) {}

  @Post()
  @ApiOperation({ summary: 'Make a key for a game server (`ADMINISTRATOR`); the key is shown only in this answer' })
  @ApiCreatedResponse({ type: CreatedServiceKeyJson })
  @ApiErrors({
    ...NOT_ADMINISTRATOR,
    400: '`Invalid form of body`: `name` or `permissions` missing or malformed',
    403: '`MISSING_FULL_PERMISSIONS`, or `Forbidden`: a bit the caller lacks, or the caller is a service key',
  })
  create(@CurrentUser() caller: Principal, @Body() dto: CreateServiceKeyDto): Promise<CreatedServiceKeyJson> {
    return this.keys.create(caller, dto);
  }

  @Get()
  @ApiOperation({ summary: 'Every key, without the key itself (`ADMINISTRATOR`)' })
  @ApiOkResponse({ type: ServiceKeyListJson })
  @ApiErrors(NOT_ADMINISTRATOR)
  list(): Promise<ServiceKeyListJson> {
    return this.keys.list();
  }

  @Delete(':keyId')
  @HttpCode(204)
  @ApiOperation({ summary: 'Revoke a key (`ADMINISTRATOR`): every instance refuses it from the next request' })
  @ApiNoContentResponse({ description: 'Revoked' })
  @ApiErrors({ ...NOT_ADMINISTRATOR, 403: '`MISSING_FULL_PERMISSIONS`, or `Forbidden`: the caller is a service key', 404: '`Unknown Service Key`' })
  async revoke(@CurrentUser() caller: Principal, @Param('keyId') keyId: string): Promise<void> {
    await this.keys.revoke(caller, keyId);
  }
}
