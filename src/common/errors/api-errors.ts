import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, ApiResponse } from '@nestjs/swagger';

class FieldIssueJson {
  @ApiProperty()
  field: string;

  @ApiProperty()
  message: string;
}

/** The contract's error body, for the OpenAPI document. */
export class ErrorJson {
  @ApiProperty({ example: 'Invalid form of body' })
  error: string;

  @ApiPropertyOptional({ example: 'MISSING_FULL_PERMISSIONS' })
  code?: string;

  @ApiPropertyOptional({ type: [FieldIssueJson] })
  details?: FieldIssueJson[];
}

/** Documents an endpoint's error answers, each status with what it means there. */
export function ApiErrors(errors: Record<number, string>) {
  return applyDecorators(
    ...Object.entries(errors).map(([status, description]) =>
      ApiResponse({ status: Number(status), description, type: ErrorJson }),
    ),
  );
}
