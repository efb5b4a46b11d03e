import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiFoundResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiQuery,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ForbiddenError } from '../../common/errors/domain-error';
import { requestLogger } from '../../logging/request-logger';
import { AllowedWhileSuspended, Authenticated, CurrentUser, OptionalAuthentication, SkipRateLimit } from '../../access/access.decorators';
import { SessionCookies } from '../session-cookies';
import { cookieOf, credentialsOf, REFRESH_COOKIE } from '../../access/credentials';
import type { Principal } from '../../access/principal';
import { SessionsService } from '../sessions.service';
import { BINDING_COOKIE, BindingCookie } from './binding-cookie';
import { OAuthStartDto, OAuthStartResponseDto } from './oauth.dto';
import { OAuthService } from './oauth.service';

const PROVIDER_PARAM = { name: 'provider', enum: ['chatapp', 'gameplatform'] };

@ApiTags('oauth')
@Controller('oauth')
export class OAuthController {
  constructor(
    private readonly oauth: OAuthService,
    private readonly sessions: SessionsService,
    private readonly cookies: SessionCookies,
    private readonly binding: BindingCookie,
  ) {}

  // Declared before `:provider` so that `logout` is never taken for a provider name.
  @Post('logout')
  @AllowedWhileSuspended()
  @HttpCode(204)
  @Authenticated()
  @ApiOperation({ summary: 'Sign out: revokes the current session (every session with all=true) and clears the cookies.' })
  @ApiQuery({ name: 'all', required: false, description: '`true` revokes every session of the user.' })
  @ApiNoContentResponse({ description: 'Signed out; both cookies cleared.' })
  @ApiUnauthorizedResponse({ description: 'No valid session (`{error, code}`).' })
  async logout(
    @CurrentUser() user: Principal,
    @Query('all') all: unknown,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<void> {
    // A service key has no session to end; it is revoked through DELETE /v1/service-keys/:keyId.
    if (user.kind === 'service_key') throw new ForbiddenError();
    if (all === 'true') await this.sessions.revokeAllOfUser(user.id);
    else await this.sessions.revokeFamilyOf(credentialsOf(request));
    this.cookies.clear(response);
  }

  @Post(':provider')
  @HttpCode(200)
  @OptionalAuthentication()
  @ApiOperation({
    summary: 'Start a sign-in (chatapp) or a link (gameplatform, needs a session with a chatapp link).',
    description:
      `Call it from the browser with credentials: the answer sets the HttpOnly cookie \`${BINDING_COOKIE}\` ` +
      '(path /v1/oauth, the sign-in lifetime), and only a callback arriving with it completes. ' +
      'A gameplatform link completes only in a browser signed in as the user who started it.',
  })
  @ApiParam(PROVIDER_PARAM)
  @ApiBody({ type: OAuthStartDto })
  @ApiOkResponse({ type: OAuthStartResponseDto, description: `Also sets the \`${BINDING_COOKIE}\` cookie.` })
  @ApiBadRequestResponse({ description: '`Invalid redirect URL`, or `Invalid form of body` for unknown fields.' })
  @ApiNotFoundResponse({ description: '`Unknown Provider`.' })
  async start(
    @Param('provider') provider: string,
    @Body() body: unknown,
    @CurrentUser() caller: Principal | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<OAuthStartResponseDto> {
    const { answer, binding } = await this.oauth.start(provider, body, caller);
    this.binding.write(response, binding);
    return answer;
  }

  @Get(':provider')
  // A 429 would be JSON, which this endpoint never answers; states are single use anyway.
  @SkipRateLimit()
  @ApiOperation({ summary: 'Provider callback (the browser arrives here); sets the session cookies.' })
  @ApiParam(PROVIDER_PARAM)
  @ApiQuery({ name: 'state', required: true })
  @ApiQuery({ name: 'code', required: true })
  @ApiFoundResponse({
    description: `To \`<redirectUrl>?state=<state>\`, or to FAILURE_REDIRECT_URL on any failure (also without the \`${BINDING_COOKIE}\` cookie of the start). Clears that cookie.`,
  })
  async callback(
    @Param('provider') provider: string,
    @Query() query: Record<string, unknown>,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const outcome = await this.oauth.callback(provider, {
      query,
      binding: this.binding.read(request),
      refreshToken: cookieOf(request, REFRESH_COOKIE),
      client: { ip: request.ip, userAgent: request.headers['user-agent'] },
      log: requestLogger(request),
    });
    // Single use whatever the outcome: the state it bound is gone either way.
    this.binding.clear(response);
    if (outcome.session) this.cookies.write(response, outcome.session);
    response.redirect(302, outcome.redirectTo);
  }
}
