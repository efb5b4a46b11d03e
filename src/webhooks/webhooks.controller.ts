import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiAcceptedResponse, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentUser } from '../access/access.decorators';
import type { Principal } from '../access/principal';
import { ApiErrors } from '../common/errors/api-errors';
import { Permission } from '../common/permissions/permission';
import { CreatedWebhookJson, DeliveryIdJson, DeliveryPageJson, WebhookJson, WebhookListJson, WebhookSecretJson } from './webhook.schema';
import { CreateWebhookDto, DeliveriesQueryDto, UpdateWebhookDto } from './webhooks.dto';
import { WebhooksService } from './webhooks.service';

const ACCESS = { 401: '`Unauthorized`: no valid session', 403: '`Forbidden` `MISSING_FULL_PERMISSIONS`: not ADMINISTRATOR' };
const UNKNOWN = { 404: '`Unknown Webhook`' };
const URL_RULE =
  '`Invalid form of body`: unknown event, empty `events`, or a `url` that is not https or resolves to a loopback, private or link-local address';

@ApiTags('webhooks')
@Controller('webhooks')
@Authenticated({ anyOf: [Permission.ADMINISTRATOR] })
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Post()
  @ApiOperation({ summary: 'Subscribes a URL to audit events; a `standard` webhook answers its signing `secret` once.' })
  @ApiCreatedResponse({ type: CreatedWebhookJson })
  @ApiErrors({ ...ACCESS, 400: URL_RULE })
  create(@CurrentUser() caller: Principal, @Body() body: CreateWebhookDto): Promise<CreatedWebhookJson> {
    return this.webhooks.create(caller, body);
  }

  @Get()
  @ApiOkResponse({ type: WebhookListJson })
  @ApiErrors(ACCESS)
  list(): Promise<WebhookListJson> {
    return this.webhooks.list();
  }

  @Patch(':webhookId')
  @ApiOperation({
    summary: 'Changes the URL (vetted as at creation), the events or `active`; records `webhook.updated`; an inactive webhook’s deliveries wait.',
  })
  @ApiOkResponse({ type: WebhookJson })
  @ApiErrors({ ...ACCESS, ...UNKNOWN, 400: URL_RULE })
  update(@CurrentUser() caller: Principal, @Param('webhookId') webhookId: string, @Body() body: UpdateWebhookDto): Promise<WebhookJson> {
    return this.webhooks.update(caller, webhookId, body);
  }

  @Post(':webhookId/rotate-secret')
  @HttpCode(200)
  @ApiOperation({ summary: 'Gives a `standard` webhook a new signing secret, answered once; the old one stops signing at once.' })
  @ApiOkResponse({ type: WebhookSecretJson })
  @ApiErrors({ ...ACCESS, ...UNKNOWN, 409: '`No Webhook Secret`: a `discord` webhook signs nothing' })
  rotateSecret(@CurrentUser() caller: Principal, @Param('webhookId') webhookId: string): Promise<WebhookSecretJson> {
    return this.webhooks.rotateSecret(caller, webhookId);
  }

  @Delete(':webhookId')
  @HttpCode(204)
  @ApiOperation({ summary: 'Deletes the webhook and its deliveries.' })
  @ApiNoContentResponse()
  @ApiErrors({ ...ACCESS, ...UNKNOWN })
  delete(@CurrentUser() caller: Principal, @Param('webhookId') webhookId: string): Promise<void> {
    return this.webhooks.delete(caller, webhookId);
  }

  @Post(':webhookId/test')
  @HttpCode(202)
  @ApiOperation({ summary: 'Sends a `webhook.test` event to this webhook; it shows in the deliveries.' })
  @ApiAcceptedResponse({ type: DeliveryIdJson })
  @ApiErrors({ ...ACCESS, ...UNKNOWN })
  test(@CurrentUser() caller: Principal, @Param('webhookId') webhookId: string): Promise<{ deliveryId: string }> {
    return this.webhooks.test(caller, webhookId);
  }

  @Get(':webhookId/deliveries')
  @ApiOperation({ summary: 'Deliveries of the webhook, newest first.' })
  @ApiOkResponse({ type: DeliveryPageJson })
  @ApiErrors({ ...ACCESS, ...UNKNOWN, 400: '`Invalid form of body`: `before` or `limit` (1–100)' })
  deliveries(@Param('webhookId') webhookId: string, @Query() query: DeliveriesQueryDto): Promise<DeliveryPageJson> {
    return this.webhooks.deliveries(webhookId, query);
  }

  @Post(':webhookId/deliveries/:deliveryId/retry')
  @HttpCode(202)
  @ApiOperation({ summary: 'Starts a `failed` delivery again with a new retry window.' })
  @ApiAcceptedResponse()
  @ApiErrors({ ...ACCESS, 404: '`Unknown Webhook` or `Unknown Delivery`', 409: '`Delivery Not Failed`' })
  retry(@Param('webhookId') webhookId: string, @Param('deliveryId') deliveryId: string): Promise<void> {
    return this.webhooks.retry(webhookId, deliveryId);
  }
}
