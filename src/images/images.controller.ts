import { pipeline } from 'node:stream/promises';
import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiInternalServerErrorResponse,
  ApiNotFoundResponse,
  ApiNotModifiedResponse,
  ApiOkResponse,
  ApiParam,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { SkipRateLimit } from '../access/access.decorators';
import { DomainError } from '../common/errors/domain-error';
import { HotImages } from './hot-images';
import { extensionOf, IMAGE_TYPES, type ImageType, isImageType, isStoredName } from './storage/image-store';

class InvalidImageType extends DomainError {
  constructor() {
    super(400, 'Invalid image type');
  }
}

class UnknownImage extends DomainError {
  constructor() {
    super(404, 'Unknown Image');
  }
}

const CONTENT_TYPES = { png: 'image/png', glb: 'model/gltf-binary' } as const;
const ONE_YEAR_SECONDS = 31_536_000;

@ApiTags('images')
@Controller('images')
@SkipRateLimit()
export class ImagesController {
  constructor(private readonly images: HotImages) {}

  @Get(':type/:hash')
  @ApiParam({ name: 'type', enum: IMAGE_TYPES })
  @ApiParam({ name: 'hash', description: 'lowercase SHA-256 hex of the bytes plus `.png` (or `.glb` for avatars3d)' })
  @ApiProduces('image/png', 'model/gltf-binary')
  @ApiOkResponse({ description: 'The stored bytes; cacheable for a year, immutable.' })
  @ApiNotModifiedResponse({ description: '`If-None-Match` matched the ETag.' })
  @ApiBadRequestResponse({ description: '`Invalid image type`' })
  @ApiNotFoundResponse({ description: '`Unknown Image`: no such file, or a malformed hash' })
  @ApiInternalServerErrorResponse({ description: 'The storage could not be read.' })
  async serve(
    @Param('type') type: string,
    @Param('hash') hash: string,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    if (!isImageType(type)) throw new InvalidImageType();
    if (!isStoredName(type, hash)) throw new UnknownImage();
    // Express's freshness check compares the request's validators with the response's ETag.
    response.setHeader('ETag', `"${hash.slice(0, 64)}"`);
    if (request.fresh) {
      cacheHeaders(response, type);
      response.status(304).end();
      return;
    }
    const file = await this.images.get(type, hash);
    if (!file) {
      response.removeHeader('ETag');
      throw new UnknownImage();
    }
    cacheHeaders(response, type);
    response.status(200);
    if ('bytes' in file) {
      response.setHeader('Content-Length', String(file.bytes.length));
      response.end(file.bytes);
      return;
    }
    response.setHeader('Content-Length', String(file.size));
    await pipeline(file.body, response).catch(() => response.destroy());
  }
}

function cacheHeaders(response: Response, type: ImageType): void {
  response.setHeader('Content-Type', CONTENT_TYPES[extensionOf(type)]);
  response.setHeader('Cache-Control', `public, max-age=${ONE_YEAR_SECONDS}, immutable`);
  response.setHeader('CDN-Cache-Control', `max-age=${ONE_YEAR_SECONDS}`);
  response.setHeader('X-Content-Type-Options', 'nosniff');
}
