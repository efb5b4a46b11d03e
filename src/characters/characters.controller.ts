import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import {
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiExtraModels,
  ApiNotModifiedResponse,
  ApiOkResponse,
  ApiParam,
  ApiQuery,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Authenticated, CurrentUser, PathUserId, RateLimit } from '../access/access.decorators';
import type { Principal } from '../access/principal';
import { ApiErrors } from '../common/errors/api-errors';
import { SnowflakeOrNonePipe } from '../common/ids';
import { UploadReader } from '../images/uploads/upload';
import { CHARACTER_UPLOAD } from './character-uploads';
import { CreateCharacterDto, UpdateCharacterDto } from './character.dto';
import { CharacterJson, CharacterListJson, CharacterUploadDto } from './character.schema';
import { CharacterEditsService } from './character-edits.service';
import { CharacterLifecycle } from './character-lifecycle.service';
import { CharactersService, type ViewOptions } from './characters.service';

// Malformed ids are refused by the services, after the ownership check (decisions §7).
const CharacterId = () => Param('characterId', new SnowflakeOrNonePipe());

/** `signature=true` adds `signatureData`; any other value, or none, leaves it out. */
function viewOf(signature: unknown): ViewOptions {
  return { withSignature: signature === 'true' };
}

const OWNER_ERRORS = { 401: 'Unauthorized', 404: '`Unknown User` or `Unknown Character`' };

@ApiTags('characters')
@ApiParam({ name: 'userId', type: String, description: 'a user id, or `@me` for the caller' })
@ApiQuery({ name: 'signature', required: false, description: '`true` adds `signatureData`' })
@ApiExtraModels(UpdateCharacterDto, CharacterUploadDto)
@Controller('users/:userId/characters')
@Authenticated()
export class CharactersController {
  constructor(
    private readonly characters: CharactersService,
    private readonly edits: CharacterEditsService,
    private readonly lifecycle: CharacterLifecycle,
    private readonly uploads: UploadReader,
  ) {}

  @Get()
  @ApiOkResponse({ type: CharacterListJson, description: 'Every character of the user, oldest first.' })
  @ApiErrors({ 401: 'Unauthorized', 403: '`Unauthorized`: not the caller, whether that user exists or not' })
  async list(@CurrentUser() caller: Principal, @PathUserId() userId: string, @Query('signature') signature?: string) {
    return { characters: await this.characters.list(caller, userId, viewOf(signature)) };
  }

  @Get(':characterId')
  @ApiOkResponse({ type: CharacterJson })
  @ApiErrors({ ...OWNER_ERRORS, 403: '`Unauthorized`: neither the owner nor staff' })
  get(
    @CurrentUser() caller: Principal,
    @PathUserId() userId: string,
    @CharacterId() characterId: string,
    @Query('signature') signature?: string,
  ) {
    return this.characters.get(caller, userId, characterId, viewOf(signature));
  }

  @Post()
  @ApiCreatedResponse({ type: CharacterJson, description: 'A `draft` character.' })
  @ApiErrors({
    400: '`Invalid form of body`, with `details`',
    401: 'Unauthorized',
    403: '`Forbidden`: not the caller',
    404: '`Unknown User`',
    409: '`User Max Character Limit Exceeded`',
  })
  create(
    @CurrentUser() caller: Principal,
    @PathUserId() userId: string,
    @Body() body: CreateCharacterDto,
    @Query('signature') signature?: string,
  ) {
    return this.characters.create(caller, userId, body, viewOf(signature));
  }

  @Patch(':characterId')
  @RateLimit(5)
  @ApiConsumes('application/json', 'multipart/form-data')
  @ApiBody({
    description: 'JSON: `UpdateCharacterDto`. Multipart: `CharacterUploadDto` (the JSON fields in `data`, beside the files).',
    schema: { oneOf: [{ $ref: getSchemaPath(UpdateCharacterDto) }, { $ref: getSchemaPath(CharacterUploadDto) }] },
  })
  @ApiOkResponse({ type: CharacterJson })
  @ApiErrors({
    ...OWNER_ERRORS,
    400: '`Invalid form of body`, with `details` naming each bad field or file; nothing is changed',
    403: '`Forbidden` (not the caller, or approved and not an administrator or developer); `Character Pending Approval`',
    408: '`Request Timeout`: the multipart body did not arrive in time, or delivered less than 32 KiB in 5 s',
    503: '`Service Unavailable` (`UPLOADS_BUSY`, with `Retry-After`): no upload slot freed within 10 s',
    429: 'More than 5 edits a minute',
  })
  async edit(
    @CurrentUser() caller: Principal,
    @PathUserId() userId: string,
    @CharacterId() characterId: string,
    @Req() request: Request,
    @Query('signature') signature?: string,
  ) {
    await this.edits.assertMayEdit(caller, userId, characterId);
    const edit = await this.uploads.readValidated(request, CHARACTER_UPLOAD, UpdateCharacterDto, caller.id);
    return this.edits.edit(caller, userId, characterId, edit, viewOf(signature));
  }

  @Post(':characterId/submit')
  @HttpCode(201)
  @ApiCreatedResponse({ type: CharacterJson, description: 'Now `pending_approval`.' })
  @ApiErrors({
    ...OWNER_ERRORS,
    403: '`Forbidden`: not the caller',
    409: '`Duplicate Submission`: not a draft',
    500: '`Missing character data`, with `details` naming what is missing',
  })
  submit(
    @CurrentUser() caller: Principal,
    @PathUserId() userId: string,
    @CharacterId() characterId: string,
    @Query('signature') signature?: string,
  ) {
    return this.lifecycle.submit(caller, userId, characterId, viewOf(signature));
  }

  @Post(':characterId/cancel')
  @ApiCreatedResponse({ type: CharacterJson, description: 'Back to `draft`.' })
  @ApiNotModifiedResponse({ description: 'Already a draft; no body.' })
  @ApiErrors({
    ...OWNER_ERRORS,
    403: '`Forbidden` (not the caller); `Unauthorized` (approved)',
    500: '`Missing character data`: the status update did not apply',
  })
  async cancel(
    @CurrentUser() caller: Principal,
    @PathUserId() userId: string,
    @CharacterId() characterId: string,
    @Res({ passthrough: true }) response: Response,
    @Query('signature') signature?: string,
  ) {
    const outcome = await this.lifecycle.cancel(caller, userId, characterId, viewOf(signature));
    response.status(outcome.changed ? 201 : 304);
    return outcome.changed ? outcome.character : undefined;
  }
}
