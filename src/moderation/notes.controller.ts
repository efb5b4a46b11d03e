import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentUser, PathUserId, RateLimit } from '../access/access.decorators';
import type { Principal } from '../access/principal';
import { ApiErrors } from '../common/errors/api-errors';
import { ParseSnowflakePipe } from '../common/ids';
import { CreateNoteDto, SetTagsDto, UpdateNoteDto } from './moderation.dto';
import { UnknownNote } from './moderation.errors';
import { STAFF_ACCESS_ERRORS } from './moderation.openapi';
import { STAFF_READERS } from './moderation.policy';
import { NoteJson, NoteListJson, TagsJson } from './moderation.presenter';
import { NotesService } from './notes.service';

const NOTE_ID = new ParseSnowflakePipe(() => new UnknownNote());
const SUBJECT_ERROR = { 403: '`Forbidden`: MISSING_FULL_PERMISSIONS, or the note is about the caller (never shown to its subject)' };

@ApiTags('staff: notes and tags')
@Controller()
@Authenticated({ anyOf: STAFF_READERS })
@RateLimit(10)
export class NotesController {
  constructor(private readonly notes: NotesService) {}

  @Post('users/:userId/notes')
  @ApiOperation({ summary: 'A staff note about a user.' })
  @ApiParam({ name: 'userId' })
  @ApiCreatedResponse({ type: NoteJson })
  @ApiErrors({ ...STAFF_ACCESS_ERRORS, ...SUBJECT_ERROR, 400: '`Invalid form of body`: body (1–2000), pinned (boolean)', 404: '`Unknown User`' })
  create(@CurrentUser() caller: Principal, @PathUserId() userId: string, @Body() body: CreateNoteDto): Promise<NoteJson> {
    return this.notes.create(caller, userId, body);
  }

  @Get('users/:userId/notes')
  @ApiOperation({ summary: 'The notes about a user: pinned first, then newest first.' })
  @ApiParam({ name: 'userId' })
  @ApiOkResponse({ type: NoteListJson })
  @ApiErrors({ ...STAFF_ACCESS_ERRORS, ...SUBJECT_ERROR, 404: '`Unknown User`' })
  list(@CurrentUser() caller: Principal, @PathUserId() userId: string): Promise<NoteListJson> {
    return this.notes.list(caller, userId);
  }

  @Patch('notes/:noteId')
  @ApiOperation({ summary: 'Changes a note’s body or pin: its author or an ADMINISTRATOR.' })
  @ApiOkResponse({ type: NoteJson })
  @ApiErrors({ ...STAFF_ACCESS_ERRORS, 403: '`Forbidden`: neither the author nor an ADMINISTRATOR', 400: '`Invalid form of body`', 404: '`Unknown Note`' })
  update(@CurrentUser() caller: Principal, @Param('noteId', NOTE_ID) noteId: string, @Body() body: UpdateNoteDto): Promise<NoteJson> {
    return this.notes.update(caller, noteId, body);
  }

  @Delete('notes/:noteId')
  @HttpCode(204)
  @ApiOperation({ summary: 'Deletes a note: its author or an ADMINISTRATOR.' })
  @ApiNoContentResponse()
  @ApiErrors({ ...STAFF_ACCESS_ERRORS, 403: '`Forbidden`: neither the author nor an ADMINISTRATOR', 404: '`Unknown Note`' })
  async delete(@CurrentUser() caller: Principal, @Param('noteId', NOTE_ID) noteId: string): Promise<void> {
    await this.notes.delete(caller, noteId);
  }

  @Get('staff/tags')
  @ApiOperation({ summary: 'The tags staff may put on users (`STAFF_TAGS`), so a dashboard can offer them.' })
  @ApiOkResponse({ type: TagsJson })
  @ApiErrors(STAFF_ACCESS_ERRORS)
  allowedTags(): TagsJson {
    return { tags: this.notes.allowedTags() };
  }

  @Put('users/:userId/tags')
  @ApiOperation({ summary: 'Replaces a user’s staff tags; each one of `STAFF_TAGS`. Answers them lowercased, without duplicates.' })
  @ApiParam({ name: 'userId' })
  @ApiOkResponse({ type: TagsJson })
  @ApiErrors({ ...STAFF_ACCESS_ERRORS, 400: '`Invalid form of body`: a tag not in STAFF_TAGS', 404: '`Unknown User`' })
  setTags(@PathUserId() userId: string, @Body() body: SetTagsDto): Promise<TagsJson> {
    return this.notes.setTags(userId, body.tags);
  }
}
