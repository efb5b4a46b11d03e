import { ApiProperty } from '@nestjs/swagger';
import { Allow } from 'class-validator';

export class OAuthStartDto {
  @ApiProperty({
    type: String,
    description:
      'Where the browser returns after sign-in; must be on REDIRECT_ALLOWLIST. At most 2048 characters. ' +
      'On a development machine (`npm start`) this server\'s own pages are allowed: send its docs page (`http://localhost:3000/v1/docs`), ' +
      'open the `targetUrl` answered in this browser and sign in there; back on the docs page, Try it out sends the session cookie.',
    example: 'https://community.example/after-sign-in',
    maxLength: 2048,
  })
  // Checked by the allowlist, whose refusal is the contract's `Invalid redirect URL`.
  @Allow()
  redirectUrl: unknown;
}

export class OAuthStartResponseDto {
  @ApiProperty({ description: "The provider's authorization URL to send the browser to." })
  targetUrl: string;

  @ApiProperty({ description: 'Opaque; compare it with the `state` of the final redirect.' })
  state: string;
}
