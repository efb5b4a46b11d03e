import { applyDecorators } from '@nestjs/common';
import { IsString, Matches, ValidateBy } from 'class-validator';
import { ALL_PERMISSION_BITS } from './permission';

/** A body field holding a permission bitfield as a decimal string naming only known bits. */
export function IsPermissionBitfield() {
  return applyDecorators(
    IsString(),
    Matches(/^(0|[1-9]\d{0,9})$/, { message: 'permissions must be a decimal number' }),
    ValidateBy({
      name: 'isPermissionBitfield',
      validator: {
        // The range check first: bitwise operators would wrap numbers past 32 bits.
        validate: (value: unknown) =>
          typeof value === 'string' && Number(value) <= ALL_PERMISSION_BITS && (Number(value) & ~ALL_PERMISSION_BITS) === 0,
        defaultMessage: () => `permissions must be a decimal bitfield from 0 to ${ALL_PERMISSION_BITS}`,
      },
    }),
  );
}

export const PERMISSION_BITS_DESCRIPTION =
  'A permission bitfield as a decimal string (USER=1, STAFF=2, MODERATOR_CHIEF=4, ADMINISTRATOR=8, SERVICE_ADMINISTRATOR=16, DEVELOPER=32).';
